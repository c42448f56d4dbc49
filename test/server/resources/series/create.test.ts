/**
 * Creating a series (docs/contract/extensions.md §E1) over HTTP: its occurrences are events of their own up to
 * the horizon, at the same wall-clock time across DST changes in two zones, all-day and
 * multi-day ones too; the response keys; invalid rules; who sees what.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_KEYS, NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import { childrenOf, createSeries, days, listAll, read } from './support.js';

describe('creating a series', () => {
  it('makes every occurrence up to the horizon an event of its own, with the series keys', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    expect(parent.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU']);
    expect(parent.series_id).toBe(parent.id);
    expect(parent.original_start_date).toBe('2026-06-16 19:00:00');
    // The extension keys follow the reference's own, before json_ld.
    expect(Object.keys(parent)).toEqual(EVENT_KEYS);
    const single = await read(server, parent.id);
    expect(Object.keys(single).slice(-7)).toEqual([
      'recurrence',
      'series_id',
      'original_start_date',
      'event_status',
      'event_status_reason',
      'series_parts',
      'json_ld',
    ]);

    const children = await childrenOf(server, parent.id, { end_date: '2028-12-31' });
    // Every Tuesday of the window: there is no horizon (§E1 revised).
    expect(children).toHaveLength(132);
    expect(children[0]!.start_date).toBe('2026-06-23 19:00:00');
    expect(children.at(-1)!.start_date).toBe('2028-12-26 19:00:00');
    const ids = new Set(children.map((c) => c.id));
    expect(ids.size).toBe(132);
    expect(ids.has(parent.id)).toBe(false);
    for (const child of children) {
      expect(child.title).toBe('Rehearsal');
      expect(child.series_id).toBe(parent.id);
      expect(child.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU']);
      expect(child.original_start_date).toBe(child.start_date);
      expect(child.slug).toBe(`rehearsal-${child.start_date.slice(0, 10)}`);
    }
    // Each is an event: readable alone, with its own public page.
    const page = await fetch(`${server.url}/event/${children[3]!.slug}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rehearsal');
  });

  it('keeps 19:00 across both DST changes in Paris and in New York', async () => {
    const server = await startTestServer();
    const paris = await createSeries(server);
    const newYork = await createSeries(server, { timezone: 'America/New_York' });
    const utcOf = async (id: number) =>
      new Map(
        (await childrenOf(server, id)).map((o) => [o.start_date.slice(0, 10), o.utc_start_date]),
      );
    const p = await utcOf(paris.id);
    expect(p.get('2026-10-20')).toBe('2026-10-20 17:00:00');
    expect(p.get('2026-10-27')).toBe('2026-10-27 18:00:00');
    expect(p.get('2027-03-23')).toBe('2027-03-23 18:00:00');
    expect(p.get('2027-03-30')).toBe('2027-03-30 17:00:00');
    const n = await utcOf(newYork.id);
    expect(n.get('2026-10-27')).toBe('2026-10-27 23:00:00');
    expect(n.get('2026-11-03')).toBe('2026-11-04 00:00:00');
    expect(n.get('2027-03-09')).toBe('2027-03-10 00:00:00');
    expect(n.get('2027-03-16')).toBe('2027-03-16 23:00:00');
    for (const id of [paris.id, newYork.id]) {
      for (const o of await childrenOf(server, id)) {
        expect(o.start_date.slice(11)).toBe('19:00:00');
        expect(o.end_date.slice(11)).toBe('21:00:00');
      }
    }
  });

  it('repeats all-day and multi-day events', async () => {
    const server = await startTestServer();
    const market = await createSeries(server, {
      title: 'Market',
      start_date: '2026-07-04',
      end_date: '2026-07-04',
      all_day: true,
      recurrence: 'RRULE:FREQ=MONTHLY;BYDAY=1SA;COUNT=4',
    });
    const markets = await childrenOf(server, market.id);
    expect(markets.map((m) => [m.start_date, m.end_date])).toEqual([
      ['2026-08-01 00:00:00', '2026-08-01 23:59:59'],
      ['2026-09-05 00:00:00', '2026-09-05 23:59:59'],
      ['2026-10-03 00:00:00', '2026-10-03 23:59:59'],
    ]);
    const festival = await createSeries(server, {
      title: 'Festival',
      start_date: '2026-07-10',
      end_date: '2026-07-12',
      all_day: true,
      recurrence: 'RRULE:FREQ=YEARLY;COUNT=2',
    });
    const [next] = await childrenOf(server, festival.id);
    expect([next!.start_date, next!.end_date]).toEqual([
      '2027-07-10 00:00:00',
      '2027-07-12 23:59:59',
    ]);
  });

  it('makes a single event a series when an update gives it a recurrence', async () => {
    const server = await startTestServer();
    const event = await createSeries(server, { recurrence: [] });
    expect(event.series_id).toBeNull();
    expect(event.recurrence).toEqual([]);
    expect(event.original_start_date).toBeNull();
    const res = await server.call('PUT', `${NS}/events/${event.id}`, {
      auth: server.admin,
      body: { recurrence: 'RRULE:FREQ=DAILY;COUNT=3' },
    });
    expect(res.status).toBe(200);
    expect(res.body.series_id).toBe(event.id);
    expect(days(await childrenOf(server, event.id))).toEqual(['2026-06-17', '2026-06-18']);
  });

  it('refuses invalid rules with a 400 naming recurrence, and creates nothing', async () => {
    const server = await startTestServer();
    const bad: [unknown, RegExp][] = [
      ['RRULE:FREQ=HOURLY', /FREQ must be DAILY, WEEKLY, MONTHLY, YEARLY/],
      [['RRULE:FREQ=WEEKLY;BYDAY=TX'], /BYDAY/],
      [42, /must be a list of RFC 5545 lines/],
      [Array(51).fill('RRULE:FREQ=DAILY'), /at most 50 lines/],
      ['RRULE:FREQ=DAILY;COUNT=5000;BYMONTH=2;BYMONTHDAY=29', /search too long/],
      [
        ['RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Europe/Paris:20260616T190000'],
        /cannot EXDATE the first occurrence/,
      ],
    ];
    for (const [recurrence, message] of bad) {
      const res = await server.call('POST', `${NS}/events`, {
        auth: server.admin,
        body: {
          title: 'Bad',
          start_date: '2026-06-16 19:00:00',
          end_date: '2026-06-16 20:00:00',
          timezone: 'Europe/Paris',
          recurrence,
        },
      });
      expect(res.status, JSON.stringify(recurrence)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      const params = (res.body.data as { params: Record<string, string> }).params;
      expect(Object.keys(params)).toEqual(['recurrence']);
      expect(params.recurrence).toMatch(message);
    }
    expect(await listAll(server)).toEqual([]);
  });
});

describe('permissions', () => {
  it('keeps a contributor’s series pending, each occurrence readable as its parent', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const other = await server.userWith('contributor');
    const parent = await createSeries(server, { status: 'publish' }, contributor.auth);
    expect(parent.status).toBe('pending');
    const children = await childrenOf(server, parent.id, {}, contributor.auth);
    expect(children.length).toBeGreaterThan(50);
    expect(children.every((c) => c.status === 'pending')).toBe(true);
    // Anonymous visitors and other contributors see none of them, and cannot read one.
    expect(await childrenOf(server, parent.id, {}, null)).toEqual([]);
    expect(await childrenOf(server, parent.id, {}, other.auth)).toEqual([]);
    for (const auth of [undefined, other.auth]) {
      const res = await server.call('GET', `${NS}/events/${children[0]!.id}`, { auth });
      expect([res.status, res.body.code]).toEqual([403, 'event-not-accessible']);
    }
    expect((await read(server, children[0]!.id, contributor.auth)).status).toBe('pending');
    // An author's published series is public, occurrence by occurrence.
    const author = await server.userWith('author');
    const open = await createSeries(server, { title: 'Open' }, author.auth);
    const visible = await childrenOf(server, open.id, {}, null);
    expect(visible.length).toBeGreaterThan(50);
    expect(visible.every((c) => c.status === 'publish')).toBe(true);
  });
});
