import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENTS, ids } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';
import { fixedClock } from '../../../../server/clock.js';

// The test clock is frozen at 2026-06-15 12:00 UTC.
const NOW = Date.parse('2026-06-15T12:00:00Z') / 1000;
const HOUR = 3600;
const DAY = 24 * HOUR;

const at = (seconds: number) =>
  new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** Ten events a week apart from tomorrow at noon, two hours long. */
async function weekly(server: TestServer): Promise<number[]> {
  const made: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = NOW + DAY + i * 7 * DAY;
    made.push(
      (await createEvent(server, { start_date: at(start), end_date: at(start + 2 * HOUR) })).id,
    );
  }
  return made;
}

const list = (server: TestServer, query: Record<string, string | number>) =>
  server.call('GET', EVENTS, { query: { per_page: 50, ...query } });

describe('GET /events date filters', () => {
  it('shows from the start of yesterday to 24 months ahead by default', async () => {
    const server = await startTestServer();
    const yesterday = await createEvent(server, {
      start_date: '2026-06-14 08:00:00',
      end_date: '2026-06-14 09:00:00',
    });
    await createEvent(server, {
      start_date: '2026-06-13 23:00:00',
      end_date: '2026-06-13 23:30:00',
    });
    const later = await createEvent(server, {
      start_date: '2028-06-15 10:00:00',
      end_date: '2028-06-15 23:00:00',
    });
    await createEvent(server, {
      start_date: '2028-06-16 10:00:00',
      end_date: '2028-06-16 11:00:00',
    });
    const response = await list(server, {});
    expect(ids(response)).toEqual([yesterday.id, later.id]);
    const url = new URL(response.body.rest_url as string);
    expect(url.searchParams.get('start_date')).toBe('2026-06-14 00:00:00');
    expect(url.searchParams.get('end_date')).toBe('2028-06-15 23:59:59');
  });

  it('computes the default window in the site zone', async () => {
    const server = await startTestServer({ settings: { timezone: 'Asia/Tokyo' } });
    const response = await list(server, {});
    // "Yesterday 23:59 UTC" is 08:59 today in Tokyo: the window starts at today's midnight there.
    expect(new URL(response.body.rest_url as string).searchParams.get('start_date')).toBe(
      '2026-06-15 00:00:00',
    );
  });

  it('reads a window asked again on another day or in another site zone afresh', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    // Just after the default window's end today (2028-06-15 23:59:59), inside it tomorrow.
    const late = await createEvent(server, {
      start_date: '2028-06-16 10:00:00',
      end_date: '2028-06-16 11:00:00',
    });
    // 2026-06-20 05:00 in Tokyo: on the 20th there, on the 19th in UTC.
    const early = await createEvent(server, {
      start_date: '2026-06-19 20:00:00',
      end_date: '2026-06-19 21:00:00',
    });
    const window = { start_date: '2026-06-20' };
    expect(ids(await list(server, window))).toEqual([]);
    clock.set('2026-06-16T12:00:00Z');
    expect(ids(await list(server, window))).toEqual([late.id]);
    const changed = await server.call('PATCH', '/api/calendar/admin/v1/settings', {
      auth: server.admin,
      body: { timezone: 'Asia/Tokyo' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(ids(await list(server, window))).toEqual([early.id, late.id]);
  });

  it('filters by start_date and end_date, given as timestamps or dates', async () => {
    const server = await startTestServer();
    const made = await weekly(server);
    expect(ids(await list(server, { start_date: NOW + 5 * 7 * DAY }))).toEqual(made.slice(5));
    expect(ids(await list(server, { end_date: NOW + 5 * 7 * DAY + 2 * HOUR }))).toHaveLength(5);
    const window = await list(server, { start_date: NOW + 10 * DAY, end_date: NOW + 30 * DAY });
    expect(ids(window)).toEqual(made.slice(2, 5));
    // Inclusive mode takes whole days: the day of the event at +15 days counts from 00:00.
    expect(ids(await list(server, { start_date: '2026-06-30 23:00:00' }))).toEqual(made.slice(2));
  });

  it('rejects dates it cannot read', async () => {
    const server = await startTestServer();
    for (const [name, value] of [
      ['start_date', 'before my birthday'],
      ['end_date', 'after my birthday'],
      ['starts_after', 'soonish'],
    ] as const) {
      const response = await list(server, { [name]: value });
      expect(response.status, name).toBe(400);
      expect(response.body.data).toMatchObject({ params: { [name]: expect.any(String) } });
    }
  });

  it('uses exact times with strict_dates', async () => {
    const server = await startTestServer();
    for (const hour of ['14', '16', '19']) {
      await createEvent(server, {
        title: `At ${hour}`,
        start_date: `2026-07-01 ${hour}:00:00`,
        end_date: `2026-07-01 ${hour}:30:00`,
      });
    }
    const strict = await list(server, {
      start_date: '2026-07-01 15:00:00',
      end_date: '2026-07-01 18:00:00',
      strict_dates: 'true',
    });
    expect((strict.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual(['At 16']);
    const url = new URL(strict.body.rest_url as string);
    expect(url.searchParams.get('start_date')).toBe('2026-07-01 15:00:00');
    expect(url.searchParams.get('strict_dates')).toBe('true');
    const inclusive = await list(server, {
      start_date: '2026-07-01 15:00:00',
      end_date: '2026-07-01 18:00:00',
    });
    expect(ids(inclusive)).toHaveLength(3);
    expect((await list(server, { strict_dates: '' })).status).toBe(400);
  });

  it('reads naive strict dates as UTC even on another site zone', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const event = await createEvent(server, {
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 11:00:00',
    });
    // 10:00 in New York is 14:00 UTC.
    const hit = await list(server, {
      strict_dates: 1,
      start_date: '2026-07-01 13:59:00',
      end_date: '2026-07-01 15:01:00',
    });
    expect(ids(hit)).toEqual([event.id]);
    const miss = await list(server, { strict_dates: 1, start_date: '2026-07-01 14:01:00' });
    expect(ids(miss)).toEqual([]);
  });

  it('lets relative filters replace the default window and find overlapping events', async () => {
    const server = await startTestServer();
    const past = await createEvent(server, {
      start_date: '2025-12-31 10:00:00',
      end_date: '2025-12-31 11:00:00',
    });
    const multi = await createEvent(server, {
      start_date: '2025-12-30 10:00:00',
      end_date: '2026-01-03 11:00:00',
    });
    const single = await createEvent(server, {
      start_date: '2026-01-01 10:00:00',
      end_date: '2026-01-01 11:00:00',
    });
    await createEvent(server, {
      start_date: '2026-01-03 10:00:00',
      end_date: '2026-01-03 11:00:00',
    });
    const response = await list(server, { ends_after: '2025-12-31', starts_before: '2026-01-02' });
    expect(ids(response)).toEqual([multi.id, single.id]);
    const url = new URL(response.body.rest_url as string);
    expect(url.searchParams.has('start_date')).toBe(false);
    expect(url.searchParams.has('end_date')).toBe(false);
    expect(url.searchParams.get('ends_after')).toBe('2025-12-31 23:59:59');
    expect(url.searchParams.get('starts_before')).toBe('2026-01-02 23:59:59');
    // starts_after=D means after the end of day D.
    expect(
      ids(await list(server, { starts_after: '2025-12-30', ends_before: '2026-01-02' })),
    ).toEqual([past.id, single.id]);
  });

  it('ignores every date filter with include (decisions.md 2)', async () => {
    const server = await startTestServer();
    const old = await createEvent(server, {
      start_date: '2020-01-01 10:00:00',
      end_date: '2020-01-01 11:00:00',
    });
    const soon = await createEvent(server);
    const response = await list(server, {
      include: `${soon.id},${old.id}`,
      start_date: '2030-01-01',
    });
    expect(ids(response)).toEqual([old.id, soon.id]);
    const url = new URL(response.body.rest_url as string);
    expect(url.searchParams.get('include')).toBe(`${soon.id},${old.id}`);
    expect(url.searchParams.has('start_date')).toBe(false);
    expect((await list(server, { include: 'foo-bar,23,89' })).status).toBe(400);
  });
});
