/**
 * What a series costs (docs/contract/extensions.md §E1 revised): its rule plus its exceptions,
 * however far anyone reads; every window complete; the limits on the work a rule and a user
 * may ask for. The clock reads 2026-06-15 12:00 UTC.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { NS } from '../../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { RECURRENCE_LIMITS } from '../../../../shared/recurrence/limits.js';
import { isOccurrenceId } from '../../../../shared/recurrence/occurrence-id.js';
import { childrenOf, createSeries, read, trash, update } from './support.js';

/** Rows of the tables a series is stored in. */
async function stored(server: TestServer) {
  // count(*) is a bigint on PostgreSQL, which its client reads as text.
  const count = async (table: string) =>
    Number((await server.sql<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  return {
    events: await count('events'),
    posts: await count('posts'),
    series: await count('series'),
    removed: await count('series_exceptions'),
  };
}

/** The last Fridays from 2027 to 2040, as an independent iCalendar library expands the rule. */
function lastFridays(): string[] {
  const recur = ICAL.Recur.fromString('FREQ=MONTHLY;BYDAY=-1FR');
  const iterator = recur.iterator(ICAL.Time.fromDateTimeString('2026-12-25T18:00:00'));
  const out: string[] = [];
  for (let next = iterator.next(); next !== null; next = iterator.next()) {
    const day = next.toString().slice(0, 10);
    if (day > '2040-12-31') break;
    if (day >= '2027-01-01') out.push(day);
  }
  return out;
}

describe('a series costs its rule plus its exceptions', () => {
  it('stores nothing when an endless daily series is listed 20 years ahead, by anyone', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const empty = await stored(server);
    const parent = await createSeries(
      server,
      {
        title: 'c',
        start_date: '2026-12-01 10:00',
        end_date: '2026-12-01 11:00',
        status: 'pending',
        recurrence: ['RRULE:FREQ=DAILY'],
      },
      contributor.auth,
    );
    expect(parent.status).toBe('pending');
    const rule = await stored(server);
    // The rule (one series row) and its first event: nothing per occurrence.
    expect(rule).toEqual({
      events: empty.events + 1,
      posts: empty.posts + 1,
      series: 1,
      removed: 0,
    });

    const window = { start_date: '2026-12-01', end_date: '2046-11-30', per_page: 50 };
    const anonymous = await server.call('GET', `${NS}/events`, { query: window });
    expect(anonymous.status, anonymous.text).toBe(200);
    expect(anonymous.body.total).toBe(0);
    const far = await server.call('GET', `${NS}/events`, {
      query: { start_date: '2030-01-01', end_date: '2031-12-31' },
    });
    expect(far.status).toBe(200);
    // Its author sees every day of the twenty years, computed.
    const own = await server.call('GET', `${NS}/events`, {
      auth: contributor.auth,
      query: { ...window, status: 'pending' },
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body.total).toBe(7305);
    expect(await stored(server)).toEqual(rule);

    // An occurrence changed on its own is stored, with its id; the others stay computed.
    const children = await childrenOf(server, parent.id, { status: 'pending' }, contributor.auth);
    const third = children[2]!;
    expect(isOccurrenceId(third.id)).toBe(true);
    const changed = await update(server, third.id, { title: 'c, moved' }, 'this', contributor.auth);
    expect(changed.id).toBe(third.id);
    await trash(server, children[5]!.id, 'this', contributor.auth);
    expect(await stored(server)).toEqual({
      ...rule,
      events: rule.events + 2,
      posts: rule.posts + 2,
    });
    const again = await childrenOf(server, parent.id, { status: 'pending' }, contributor.auth);
    expect(again.map((c) => c.id)).toEqual(children.filter((_, i) => i !== 5).map((c) => c.id));
    expect(again[2]!.title).toBe('c, moved');
    expect(await stored(server)).toEqual({
      ...rule,
      events: rule.events + 2,
      posts: rule.posts + 2,
    });
  });

  it('lists every last Friday of 2027-2040 of an endless series, each addressable by id', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, {
      title: 'Last Friday',
      start_date: '2026-12-25 19:00:00',
      end_date: '2026-12-25 21:00:00',
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
    });
    const expected = lastFridays();
    expect(expected).toHaveLength(168);
    const before = await stored(server);
    const listed = await childrenOf(server, parent.id, {
      start_date: '2027-01-01',
      end_date: '2040-12-31',
    });
    expect(listed.map((o) => o.start_date.slice(0, 10))).toEqual(expected);
    // A narrower window first changes nothing.
    const narrow = await childrenOf(server, parent.id, {
      start_date: '2033-01-01',
      end_date: '2033-12-31',
    });
    expect(narrow.map((o) => o.id)).toEqual(
      listed.filter((o) => o.start_date.startsWith('2033')).map((o) => o.id),
    );
    for (const occurrence of listed) {
      const first = await read(server, occurrence.id);
      const second = await read(server, occurrence.id);
      expect(second).toEqual(first);
      expect([first.id, first.start_date, first.series_id]).toEqual([
        occurrence.id,
        occurrence.start_date,
        parent.id,
      ]);
    }
    expect(await stored(server)).toEqual(before);
  });
});

describe('limits', () => {
  it('refuses a rule whose expansion would take too much work, with a 400', async () => {
    const server = await startTestServer();
    const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    const res = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Flood',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
        recurrence: [
          `RRULE:FREQ=YEARLY;BYWEEKNO=${all(53)};BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=${all(366)}`,
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    const { params } = res.body.data as { params: Record<string, string> };
    expect(Object.keys(params)).toEqual(['recurrence']);
    expect(params.recurrence).toMatch(/dates a year/);
    expect((await stored(server)).series).toBe(0);
  });

  it(`lets a user start ${RECURRENCE_LIMITS.seriesPerDay} series a day, then answers 429`, async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    for (let i = 0; i < RECURRENCE_LIMITS.seriesPerDay; i++) {
      await createSeries(server, { title: `Series ${i}` }, author.auth);
    }
    const res = await server.call('POST', `${NS}/events`, {
      auth: author.auth,
      body: {
        title: 'One more',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
        recurrence: 'RRULE:FREQ=WEEKLY',
      },
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('almanac_too_many_series');
    // Nothing of the refused request was written; single events, other users and
    // administrators are not held.
    expect((await stored(server)).series).toBe(RECURRENCE_LIMITS.seriesPerDay);
    const single = await server.call('POST', `${NS}/events`, {
      auth: author.auth,
      body: { title: 'Single', start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00' },
    });
    expect(single.status).toBe(201);
    const editor = await server.userWith('editor');
    await createSeries(server, { title: 'Editor’s' }, editor.auth);
    for (let i = 0; i < 2; i++) await createSeries(server, { title: `Admin ${i}` });
  });
});
