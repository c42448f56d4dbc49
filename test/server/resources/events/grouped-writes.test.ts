/**
 * Event writes sent at the same moment share one transaction (server/db/group-commit.ts): each
 * answer must still be exactly its own request's outcome, and one request's failure its own.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { createEvent, createId } from '../../../helpers/fixtures.js';
import { EVENTS } from './helpers.js';
import { burst } from '../../../helpers/burst.js';

const withoutJsonLd = ({ json_ld: _omitted, ...rest }: Record<string, unknown>) => rest;

/** What a create decides (a single GET embeds its links with more detail than a write's answer). */
const essentials = (event: Record<string, unknown>) => ({
  id: event.id,
  slug: event.slug,
  title: event.title,
  start_date: event.start_date,
  venue: (event.venue as { id?: number }).id ?? null,
  organizer: (event.organizer as Array<{ id: number }>).map((o) => o.id),
  tags: (event.tags as Array<{ name: string }>).map((t) => t.name),
});

async function stored(server: TestServer, id: number) {
  const res = await server.call('GET', `${EVENTS}/${id}`, { auth: server.admin });
  expect(res.status).toBe(200);
  return withoutJsonLd(res.body);
}

describe('event writes of the same moment', () => {
  it('answers each create with exactly the event it made', async () => {
    const server = await startTestServer();
    const venue = await createId(server, 'venues', { venue: 'Hall' });
    const organizer = await createId(server, 'organizers', { organizer: 'Club' });
    const answers = await burst(
      server,
      Array.from({ length: 12 }, (_, i) => ({
        method: 'POST',
        path: EVENTS,
        auth: server.admin,
        body: {
          title: 'Same title',
          start_date: `2026-07-${String(i + 1).padStart(2, '0')} 10:00:00`,
          end_date: `2026-07-${String(i + 1).padStart(2, '0')} 11:00:00`,
          status: 'publish',
          venue: i % 2 === 0 ? venue : 0,
          organizer: i % 3 === 0 ? [organizer] : [],
          tags: [`group-tag-${i}`],
        },
      })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const slugs = answers.map((a) => a.body.slug as string).sort();
    expect(new Set(slugs).size).toBe(12);
    expect(slugs).toContain('same-title');
    for (const answer of answers) {
      expect(essentials(answer.body)).toEqual(
        essentials(await stored(server, answer.body.id as number)),
      );
    }
  });

  it('applies one of several writes naming the same If-Match, and refuses the rest with 412', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Original', status: 'publish' });
    const read = await server.call('GET', `${EVENTS}/${event.id}`, { auth: server.admin });
    const tag = read.headers.get('etag')!;
    const answers = await burst(
      server,
      ['One', 'Two', 'Three', 'Four'].map((title) => ({
        method: 'PATCH',
        path: `${EVENTS}/${event.id}`,
        auth: server.admin,
        body: { title },
        headers: { 'if-match': tag },
      })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const applied = answers.find((a) => a.status === 200)!;
    expect(applied.body).toEqual(await stored(server, event.id));
  });

  it('merges concurrent updates of one event, each answer showing the event after its own write', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Merged', status: 'publish' });
    const changes = [{ cost: '12' }, { website: 'https://example.org/' }, { featured: true }];
    const answers = await burst(
      server,
      changes.map((body) => ({
        method: 'PATCH',
        path: `${EVENTS}/${event.id}`,
        auth: server.admin,
        body,
      })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const final = await stored(server, event.id);
    expect(final).toMatchObject({ cost: '$12', website: 'https://example.org/', featured: true });
    // Applied one after the other: each answer shows its own change and those applied before
    // it, so the answers' sets of changes nest (1 ⊂ 2 ⊂ 3), whatever the order of arrival.
    const visible = answers.map((a, i) => ({
      own: i,
      seen: [a.body.cost === '$12', a.body.website === 'https://example.org/', a.body.featured]
        .map((shown, k) => (shown === true ? k : -1))
        .filter((k) => k >= 0),
    }));
    visible.sort((a, b) => a.seen.length - b.seen.length);
    expect(visible.map((v) => v.seen.length)).toEqual([1, 2, 3]);
    for (const [n, v] of visible.entries()) {
      expect(v.seen).toContain(v.own);
      if (n > 0) expect(v.seen).toEqual(expect.arrayContaining(visible[n - 1]!.seen));
    }
  });
});
