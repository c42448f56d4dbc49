/**
 * A listing in start order counts computed occurrences and makes only its page's rows
 * (events/listing-series.ts, pageByStart). Every page, total and boundary must be what building
 * every row gives: the same listing in descending order (which builds every row and sorts them)
 * is read back to front and compared, with stored events at the same instants as occurrences,
 * occurrences changed, trashed and excluded on their own, series of rules with a day pattern and
 * of rules expanded by their iterator, filters and an anonymous reader.
 */
import { describe, expect, it } from 'vitest';
import { create, NS } from '../../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { createSeries, listAll, trash, update, type Occurrence } from './support.js';

const ids = (list: Occurrence[]) => list.map((o) => o.id);

async function totalOf(server: TestServer, query: Record<string, string | number>, auth?: string) {
  const res = await server.call('GET', `${NS}/events`, {
    auth,
    query: { start_date: '2026-01-01', end_date: '2027-12-31', per_page: 1, ...query },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('x-wp-total')).toBe(String(res.body.total));
  return res.body.total as number;
}

async function expectSameAsBuilt(
  server: TestServer,
  query: Record<string, string | number>,
  auth: string | null = server.admin,
) {
  const paged = await listAll(server, { per_page: 7, ...query }, auth);
  const built = await listAll(
    server,
    { per_page: 50, orderby: 'start_date', order: 'desc', ...query },
    auth,
  );
  expect(ids(paged)).toEqual(ids(built).reverse());
  expect(new Set(ids(paged)).size).toBe(paged.length);
  expect(await totalOf(server, query, auth ?? undefined)).toBe(paged.length);
  return paged;
}

describe('pages of a listing with computed occurrences', () => {
  it('are those of every row built and sorted, page after page', async () => {
    const server = await startTestServer();
    const daily = await createSeries(server, {
      title: 'Daily standup',
      start_date: '2026-03-01 10:00:00',
      end_date: '2026-03-01 10:15:00',
      timezone: 'America/New_York',
      recurrence: ['RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=20260901T000000Z', 'EXDATE:20260304T100000'],
    });
    await createSeries(server, {
      title: 'Choir',
      start_date: '2026-03-02 19:00:00',
      end_date: '2026-03-02 21:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=40', 'RDATE:20260322T150000'],
    });
    // Expanded by its iterator (no day pattern).
    await createSeries(server, {
      title: 'Last Friday jazz',
      start_date: '2026-03-27 20:00:00',
      end_date: '2026-03-27 23:00:00',
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
    });
    // Stored events, one at the very instant of a daily occurrence (order by id then).
    for (const [title, start, end] of [
      ['Opening', '2026-03-01 15:00:00', '2026-03-01 16:00:00'],
      ['Same instant', '2026-03-07 15:00:00', '2026-03-07 15:15:00'],
      ['Summer fair', '2026-07-04 12:00:00', '2026-07-04 18:00:00'],
      ['Late', '2027-06-01 09:00:00', '2027-06-01 10:00:00'],
      ['Far', '9999-03-01 10:00:00', '9999-03-01 11:00:00'],
    ] as const) {
      await create(server, 'events', { title, start_date: start, end_date: end, timezone: 'UTC' });
    }
    const first = await expectSameAsBuilt(server, {});
    // One occurrence changed on its own (stored with its reserved id), one trashed.
    const standups = first.filter((o) => o.series_id === daily.id);
    await update(
      server,
      standups[4]!.id,
      {
        title: 'Daily standup (moved)',
        start_date: '2026-03-13 11:00:00',
        end_date: '2026-03-13 11:30:00',
      },
      'this',
    );
    await trash(server, standups[6]!.id, 'this');
    const after = await expectSameAsBuilt(server, {});
    expect(after.length).toBe(first.length - 1);
    await expectSameAsBuilt(server, { search: 'standup' });
    await expectSameAsBuilt(server, { start_date: '2026-03-10', end_date: '2026-06-30' });
    await expectSameAsBuilt(server, {
      starts_after: '2026-04-01 00:00:00',
      ends_before: '2026-08-01 00:00:00',
    });
    await expectSameAsBuilt(server, {}, null);
    // Only a lower bound: the pages reach the window's end in year 9999.
    const onlyAfter = async (query: Record<string, string | number>) => {
      const out: number[] = [];
      for (let page = 1; ; page++) {
        const res = await server.call('GET', `${NS}/events`, {
          auth: server.admin,
          query: { starts_after: '9998-06-01', per_page: 5, page, ...query },
        });
        expect(res.status, res.text).toBe(200);
        out.push(...(res.body.events as Occurrence[]).map((o) => o.id));
        if (page >= (res.body.total_pages as number)) return out;
      }
    };
    const paged = await onlyAfter({});
    const built = await onlyAfter({ per_page: 50, orderby: 'start_date', order: 'desc' });
    expect(paged).toEqual(built.reverse());
    // The monthly series never ends: its last Fridays run to the end of 9999.
    expect(paged.length).toBeGreaterThan(15);
  });

  it('answers the default listing of 500 endless daily series, with its total', async () => {
    const server = await startTestServer();
    const count = 500;
    for (let i = 0; i < count; i++) {
      await createSeries(server, {
        title: `Daily ${i}`,
        start_date: '2026-06-01 08:00:00',
        end_date: '2026-06-01 09:00:00',
        recurrence: ['RRULE:FREQ=DAILY'],
      });
    }
    const res = await server.call('GET', `${NS}/events`, { query: { per_page: 50 } });
    expect(res.status, res.text).toBe(200);
    // The clock reads 2026-06-15 12:00 UTC: the default window is 2026-06-14 to 2028-06-15.
    const days = (Date.UTC(2028, 5, 15) - Date.UTC(2026, 5, 14)) / 86_400_000 + 1;
    expect(res.body.total).toBe(count * days);
    const last = await server.call('GET', `${NS}/events`, {
      query: { per_page: 50, page: res.body.total_pages as number },
    });
    expect(last.status, last.text).toBe(200);
    expect((last.body.events as Occurrence[]).map((o) => o.start_date.slice(0, 10))).toEqual(
      Array(50).fill('2028-06-15'),
    );
    // 500 series are 500 requests: more than the default test timeout on a busy machine.
  }, 300_000);
});
