import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent, createId } from '../../../helpers/fixtures.js';

let venues = 0;
const venue = (server: TestServer, fields: Record<string, unknown> = {}) =>
  createId(server, 'venues', { venue: `Venue ${++venues}`, ...fields });

const organizer = (server: TestServer, name: string) =>
  createId(server, 'organizers', { organizer: name });

type Named = { id: number; organizer?: string; venue?: string };

describe('event links', () => {
  it('links a venue by id or {id}, and keeps it on updates that omit it', async () => {
    const server = await startTestServer();
    const v1 = await venue(server, { city: 'Paris' });
    const v2 = await venue(server);
    const event = await createEvent(server, { venue: v1 });
    expect((event.venue as Named).id).toBe(v1);
    expect(event.venue).toMatchObject({ city: 'Paris', show_map: true });
    expect(event.venue).not.toHaveProperty('json_ld');
    const moved = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { venue: { id: v2 } },
    });
    expect((moved.body.venue as Named).id).toBe(v2);
    const kept = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'x' },
    });
    expect((kept.body.venue as Named).id).toBe(v2);
    const cleared = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { venue: '' },
    });
    expect(cleared.body.venue).toEqual([]);
  });

  it('creates a venue from inline data, or reuses an identical one', async () => {
    const server = await startTestServer();
    const data = {
      venue: 'Maple Hall',
      address: '1 Maple Street',
      city: 'Toronto',
      country: 'Canada',
      province: 'ON',
      zip: 'M5V 2T6',
      phone: '555-0100',
      website: 'http://maple.example',
      show_map: false,
    };
    const first = await createEvent(server, { venue: data });
    expect(first.venue).toMatchObject({ ...data, stateprovince: 'ON', show_map: false });
    const second = await createEvent(server, { venue: data });
    expect((second.venue as Named).id).toBe((first.venue as Named).id);
  });

  it('rejects venues that are not venues and bad inline data', async () => {
    const server = await startTestServer();
    const notVenue = await createEvent(server);
    for (const value of [notVenue.id, 9999, { venue: '' }, { venue: 'X', website: 'foo' }]) {
      const response = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01', venue: value },
      });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(response.body.data).toMatchObject({ params: { venue: expect.any(String) } });
    }
  });

  it('reports a bad venue or organizer with its own message, with the other bad fields', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: {
        title: 'x',
        start_date: '2026-07-01',
        end_date: '2026-07-01',
        status: 'nope',
        venue: { venue: 'Hall', website: 'http://hall.example/a b' },
        organizer: [9999, 'abc'],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toMatchObject({
      params: {
        status: 'status must be one of publish, future, draft, pending, private.',
        venue: 'venue data: website must be an absolute http(s) URL or empty.',
        organizer: 'must be a organizer ID or organizer data.',
      },
    });
    const missing = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01', organizer: '9999' },
    });
    expect(missing.body.data).toMatchObject({
      params: { organizer: '"9999" is not an organizer ID.' },
    });
  });

  it('links organizers by id, list, inline data and a mix, in order', async () => {
    const server = await startTestServer();
    const o1 = await organizer(server, 'One');
    const o2 = await organizer(server, 'Two');
    expect((await createEvent(server, { organizer: o1 })).organizer).toMatchObject([{ id: o1 }]);
    expect((await createEvent(server, { organizer: [o2, o1] })).organizer).toMatchObject([
      { id: o2 },
      { id: o1 },
    ]);
    const mixed = await createEvent(server, {
      organizer: [
        { organizer: 'Organizer A' },
        { id: o1 },
        { id: o2 },
        { organizer: 'Organizer C' },
      ],
    });
    const names = (mixed.organizer as Named[]).map((o) => o.organizer);
    expect(names).toEqual(['Organizer A', 'One', 'Two', 'Organizer C']);
    const emptied = await server.call('POST', `${EVENTS}/${mixed.id}`, {
      auth: server.admin,
      body: { organizer: [] },
    });
    expect(emptied.body.organizer).toEqual([]);
    const bad = await server.call('POST', `${EVENTS}/${mixed.id}`, {
      auth: server.admin,
      body: { organizer: [mixed.id] },
    });
    expect(bad.status).toBe(400);
  });

  it('creates inline venues and organizers with their images', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      venue: { venue: 'Pictured Hall', image: 'https://images.example/hall.jpg' },
      organizer: [{ organizer: 'Pictured Person', image: 'https://images.example/person.png' }],
    });
    expect(event.venue).toMatchObject({ image: { url: 'https://images.example/hall.jpg' } });
    expect((event.organizer as Array<{ image: { url: string } }>)[0]!.image.url).toBe(
      'https://images.example/person.png',
    );
  });

  it('embeds the venue and organizers json_ld on single reads only', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      venue: { venue: 'Hall', city: 'Paris' },
      organizer: [{ organizer: 'Ann' }],
    });
    const read = await server.call('GET', `${EVENTS}/${event.id}`);
    const body = read.body as {
      venue: { json_ld: object };
      organizer: Array<{ json_ld: object }>;
      json_ld: Record<string, unknown>;
    };
    expect(body.venue.json_ld).toMatchObject({ '@type': 'Place' });
    expect(body.organizer[0]!.json_ld).toMatchObject({ '@type': 'Person' });
    expect(body.json_ld.location).toMatchObject({ '@type': 'Place', name: 'Hall' });
    expect(body.json_ld.organizer).toMatchObject({ '@type': 'Person', name: 'Ann' });
    const listed = await server.call('GET', EVENTS);
    const item = (listed.body.events as Array<{ venue: object; organizer: object[] }>)[0]!;
    expect(item.venue).not.toHaveProperty('json_ld');
    expect(item.organizer[0]).not.toHaveProperty('json_ld');
  });

  it('takes categories and tags as ids, names or slugs, creating unknown names', async () => {
    const server = await startTestServer();
    const created = await createEvent(server, { categories: 'cat1,cat2', tags: ['Tag One'] });
    const cats = created.categories as Array<{
      id: number;
      name: string;
      slug: string;
      taxonomy: string;
    }>;
    expect(cats.map((c) => [c.name, c.taxonomy])).toEqual([
      ['cat1', 'tribe_events_cat'],
      ['cat2', 'tribe_events_cat'],
    ]);
    const tag = (created.tags as Array<{ id: number; slug: string; taxonomy: string }>)[0]!;
    expect(tag).toMatchObject({ slug: 'tag-one', taxonomy: 'post_tag' });
    const mixed = await createEvent(server, { categories: [cats[1]!.id, 'cat3'], tags: 'tag-one' });
    expect((mixed.categories as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'cat2',
      'cat3',
    ]);
    // An existing tag named by its slug is reused, never duplicated (docs/contract/decisions.md 11).
    expect((mixed.tags as Array<{ id: number }>).map((t) => t.id)).toEqual([tag.id]);
    // Ids are kept in the order given, once each; an unknown id and a tag's id among the
    // categories are skipped (docs/contract/compat-notes.md §7.2).
    const byIds = await createEvent(server, {
      categories: [tag.id, cats[1]!.id, 999_999, String(cats[0]!.id), cats[1]!.id],
      tags: [cats[0]!.id, tag.id],
    });
    expect((byIds.categories as Array<{ id: number }>).map((c) => c.id)).toEqual([
      cats[1]!.id,
      cats[0]!.id,
    ]);
    expect((byIds.tags as Array<{ id: number }>).map((t) => t.id)).toEqual([tag.id]);
    const cleared = await server.call('POST', `${EVENTS}/${mixed.id}`, {
      auth: server.admin,
      body: { categories: '', tags: [] },
    });
    expect(cleared.body).toMatchObject({ categories: [], tags: [] });
  });

  it('sets the image from a media id or a URL, and refuses bad ones', async () => {
    const server = await startTestServer();
    const byUrl = await createEvent(server, { image: 'https://images.example/poster.png' });
    const image = byUrl.image as { id: number; url: string; extension: string };
    expect(image).toMatchObject({ url: 'https://images.example/poster.png', extension: 'png' });
    const byId = await createEvent(server, { image: image.id });
    expect((byId.image as { id: number }).id).toBe(image.id);
    const contributor = await server.userWith('contributor');
    for (const [value, auth] of [
      ['foo bar', server.admin],
      ['23', server.admin],
      [String(byId.id), server.admin],
      ['https://images.example/other.png', contributor.auth],
    ] as const) {
      const response = await server.call('POST', EVENTS, {
        auth,
        body: { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01', image: value },
      });
      expect(response.status, value).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
  });
});
