/**
 * The document describes the real payloads (docs/contract/decisions.md 17): real responses parse with the wire
 * schemas the document is generated from, lose no key doing so, and keep the schemas' key order.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import {
  apiError,
  category,
  categoryArchive,
  event,
  eventArchive,
  organizer,
  organizerArchive,
  tag,
  tagArchive,
  venue,
  venueArchive,
} from '../../../shared/schemas/wire/index.js';
import { create, type Collection, type Created } from '../../helpers/fixtures.js';

const ns = (route: string) => `/api/calendar/events/v1${route}`;

/** Parses with the schema; unknown keys would be dropped and key order follows the schema. */
function expectShape(schema: z.ZodType, body: unknown, what: string) {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], what).toEqual([]);
  expect(JSON.stringify(parsed.data), what).toBe(JSON.stringify(body));
}

async function seed(server: TestServer) {
  const post = async (route: `/${Collection}`, body: Record<string, unknown>) =>
    (await create(server, route.slice(1) as Collection, body)) as Created & { slug: string };
  const cat = await post('/categories', { name: 'Music', description: 'Loud things' });
  const child = await post('/categories', { name: 'Jazz', parent: cat.id });
  const t = await post('/tags', { name: 'Outdoor' });
  const v = await post('/venues', {
    venue: 'Town Hall',
    address: '1 Main Street',
    city: 'Lyon',
    country: 'France',
    status: 'publish',
  });
  const o = await post('/organizers', {
    organizer: 'Friends of Jazz',
    email: 'jazz@example.org',
    status: 'publish',
  });
  const full = await post('/events', {
    title: 'Concert',
    description: 'A <b>great</b> evening.',
    start_date: '2026-07-01 20:00:00',
    end_date: '2026-07-01 22:30:00',
    timezone: 'Europe/Paris',
    status: 'publish',
    cost: '10 - 20',
    categories: [child.id],
    tags: [t.id],
    venue: v.id,
    organizer: [o.id],
    featured: true,
  });
  const bare = await post('/events', {
    title: 'Bare',
    start_date: '2026-07-02 09:00:00',
    end_date: '2026-07-02 10:00:00',
    status: 'draft',
  });
  return { cat, child, t, v, o, full, bare };
}

describe('real payloads against the wire schemas of the doc', () => {
  it('events: single (with json_ld), archive, draft without links, update, delete', async () => {
    const server = await startTestServer();
    const { full, bare } = await seed(server);
    const single = await server.call('GET', ns(`/events/${full.id}`));
    expectShape(event, single.json, 'single event');
    expect(single.body.json_ld).toBeDefined();
    expect(single.body.venue).toMatchObject({ venue: 'Town Hall', city: 'Lyon' });
    expect(single.body.organizer).toMatchObject([{ organizer: 'Friends of Jazz' }]);
    expect(single.body.categories).toHaveLength(1);
    expectShape(
      event,
      (await server.call('GET', ns(`/events/by-slug/${full.slug}`))).json,
      'by slug',
    );
    expectShape(eventArchive, (await server.call('GET', ns('/events'))).json, 'archive');
    const draft = await server.call('GET', ns(`/events/${bare.id}`), { auth: server.admin });
    expectShape(event, draft.json, 'draft event');
    const updated = await server.call('POST', ns(`/events/${bare.id}`), {
      auth: server.admin,
      body: { title: 'Bare 2' },
    });
    expectShape(event, updated.json, 'updated event');
    const deleted = await server.call('DELETE', ns(`/events/${bare.id}`), { auth: server.admin });
    expectShape(event, deleted.json, 'deleted event');
  });

  it('venues and organizers: single, archive', async () => {
    const server = await startTestServer();
    const { v, o } = await seed(server);
    expectShape(venue, (await server.call('GET', ns(`/venues/${v.id}`))).json, 'venue');
    expectShape(venueArchive, (await server.call('GET', ns('/venues'))).json, 'venues');
    expectShape(organizer, (await server.call('GET', ns(`/organizers/${o.id}`))).json, 'organizer');
    expectShape(organizerArchive, (await server.call('GET', ns('/organizers'))).json, 'organizers');
  });

  it('categories and tags: single, archive', async () => {
    const server = await startTestServer();
    const { child, t } = await seed(server);
    expectShape(
      category,
      (await server.call('GET', ns(`/categories/${child.id}`))).json,
      'category',
    );
    expectShape(
      categoryArchive,
      (await server.call('GET', ns('/categories?per_page=1'))).json,
      'categories',
    );
    expectShape(tag, (await server.call('GET', ns(`/tags/${t.id}`))).json, 'tag');
    expectShape(tagArchive, (await server.call('GET', ns('/tags'))).json, 'tags');
  });

  it('errors: missing, invalid, forbidden, not found', async () => {
    const server = await startTestServer();
    for (const [method, route] of [
      ['POST', '/events'],
      ['GET', '/events?per_page=0'],
      ['GET', '/events/999999'],
      ['GET', '/nothing'],
    ] as const) {
      const res = await server.call(method, ns(route), method === 'POST' ? { body: {} } : {});
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectShape(apiError, res.json, `${method} ${route}`);
    }
  });
});
