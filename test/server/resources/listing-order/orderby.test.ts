/** `orderby`/`order` on GET /events, /venues and /organizers (docs/api/events.md, docs/api/venues-organizers-media.md). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type ApiResult, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, NS } from '../../../helpers/fixtures.js';

type Named = { id: number; title?: string; venue?: string; organizer?: string };

/** Every page of a listing, following next_rest_url, as the names of its items. */
async function allPages(server: TestServer, first: string, key: string, field: keyof Named) {
  const names: unknown[] = [];
  let next: string | undefined = first;
  while (next) {
    const res: ApiResult = await server.call('GET', next, { auth: server.admin });
    expect(res.status, res.text).toBe(200);
    names.push(...(res.body[key] as Named[]).map((item) => item[field]));
    next = res.body.next_rest_url as string | undefined;
  }
  return names;
}

const TITLES = ['delta', 'Alpha', 'charlie', 'Echo', 'bravo'];

describe('listing order', () => {
  it('sorts events by title over every page, case-insensitively, both ways', async () => {
    const server = await startTestServer({ settings: { per_page: 2 } });
    // Starts in the reverse of the title order, so the default order differs from it.
    for (const [i, title] of TITLES.entries())
      await createEvent(server, { title, start_date: `2026-07-0${9 - i} 10:00:00` });
    const asc = await allPages(server, `${NS}/events?orderby=title`, 'events', 'title');
    expect(asc).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'Echo']);
    const desc = await allPages(server, `${NS}/events?orderby=title&order=DESC`, 'events', 'title');
    expect(desc).toEqual(['Echo', 'delta', 'charlie', 'bravo', 'Alpha']);
    const first = await server.call('GET', `${NS}/events?orderby=title&order=desc`);
    expect(new URL(first.body.next_rest_url as string).searchParams.get('orderby')).toBe('title');
    expect(new URL(first.body.next_rest_url as string).searchParams.get('order')).toBe('desc');
    expect(first.headers.get('x-tec-total')).toBe('5');
    expect(first.headers.get('x-tec-totalpages')).toBe('3');
  });

  it('sorts events by end date and by publication date, newest first by default', async () => {
    const server = await startTestServer();
    const long = await createEvent(server, {
      title: 'long',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-05 10:00:00',
    });
    const short = await createEvent(server, {
      title: 'short',
      start_date: '2026-07-02 10:00:00',
      end_date: '2026-07-02 11:00:00',
      date_utc: '2026-01-01 00:00:00',
    });
    const ids = async (query: string) =>
      ((await server.call('GET', `${NS}/events?${query}`)).body.events as Named[]).map((e) => e.id);
    expect(await ids('')).toEqual([long.id, short.id]);
    expect(await ids('orderby=end_date')).toEqual([short.id, long.id]);
    expect(await ids('orderby=date')).toEqual([long.id, short.id]);
    expect(await ids('orderby=date&order=asc')).toEqual([short.id, long.id]);
    expect(await ids('order=desc')).toEqual([short.id, long.id]);
  });

  it('sorts venues by name and organizers by name over every page', async () => {
    const server = await startTestServer({ settings: { per_page: 2 } });
    for (const name of TITLES) {
      await create(server, 'venues', { venue: name });
      await create(server, 'organizers', { organizer: name });
    }
    expect(await allPages(server, `${NS}/venues?orderby=title`, 'venues', 'venue')).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'delta',
      'Echo',
    ]);
    expect(
      await allPages(
        server,
        `${NS}/organizers?orderby=title&order=desc`,
        'organizers',
        'organizer',
      ),
    ).toEqual(['Echo', 'delta', 'charlie', 'bravo', 'Alpha']);
    // The default stays the reference's: newest first.
    expect(await allPages(server, `${NS}/venues`, 'venues', 'venue')).toEqual(
      [...TITLES].reverse(),
    );
  });

  it('sorts venues by modification date', async () => {
    const server = await startTestServer();
    const a = await create(server, 'venues', { venue: 'A' });
    const b = await create(server, 'venues', { venue: 'B' });
    await server.sql("UPDATE venues SET modified_utc = '2030-01-01 00:00:00' WHERE id = ?", a.id);
    const res = await server.call('GET', `${NS}/venues?orderby=modified`);
    expect((res.body.venues as Named[]).map((v) => v.id)).toEqual([a.id, b.id]);
  });

  it.each(['events', 'venues', 'organizers'])(
    'refuses an unknown orderby or order on %s with a 400 naming both',
    async (collection) => {
      const server = await startTestServer();
      const res = await server.call('GET', `${NS}/${collection}?orderby=price&order=up`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'rest_invalid_param',
        data: {
          status: 400,
          params: {
            orderby: expect.stringContaining('must be one of'),
            order: expect.stringContaining('asc, desc'),
          },
        },
      });
    },
  );
});
