/**
 * Occurrences exist up to a horizon that moves with time, and wherever a listing looks, far
 * ahead or far back; making them again changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../server/clock.js';
import { NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import { childrenOf, createSeries, days, listAll } from './support.js';

const WIDE = { start_date: '2019-01-01', end_date: '2029-12-31' };

describe('the generation horizon', () => {
  it('moves with time, a month at a time, without making any occurrence twice', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const parent = await createSeries(server);
    expect(days(await childrenOf(server, parent.id, WIDE)).at(-1)).toBe('2028-06-13');

    clock.set('2026-07-25T12:00:00Z');
    // Any listing moves the horizon: now 732 days ahead, plus a month.
    await server.call('GET', `${NS}/events`);
    const after = await childrenOf(server, parent.id, WIDE);
    expect(days(after).at(-1)).toBe('2028-08-22');
    expect(new Set(days(after)).size).toBe(after.length);
    expect(after).toHaveLength(114);
    await server.call('GET', `${NS}/events`);
    expect((await childrenOf(server, parent.id, WIDE)).map((c) => c.id)).toEqual(
      after.map((c) => c.id),
    );
  });

  it('makes the occurrences of a window far ahead exist, once', async () => {
    const server = await startTestServer();
    const weekly = await createSeries(server);
    const daily = await createSeries(server, { title: 'Standup', recurrence: 'RRULE:FREQ=DAILY' });
    const window = { start_date: '2035-01-01', end_date: '2035-01-31' };
    const first = await listAll(server, window);
    expect(days(first.filter((e) => e.series_id === weekly.id))).toEqual([
      '2035-01-02',
      '2035-01-09',
      '2035-01-16',
      '2035-01-23',
      '2035-01-30',
    ]);
    const standups = first.filter((e) => e.series_id === daily.id);
    expect(standups).toHaveLength(31);
    expect(standups.every((e) => e.start_date.endsWith('19:00:00'))).toBe(true);
    // 19:00 in Paris is 18:00 UTC in winter.
    expect(standups[0]!.utc_start_date).toBe('2035-01-01 18:00:00');
    expect((await listAll(server, window)).map((e) => e.id)).toEqual(first.map((e) => e.id));
    // Anonymous visitors see them too: they are published like their series.
    expect(await listAll(server, window, null)).toHaveLength(36);
  });

  it('makes no occurrence further than ten years from today, whatever a listing asks', async () => {
    const server = await startTestServer();
    await createSeries(server, { title: 'Standup', recurrence: 'RRULE:FREQ=DAILY' });
    expect(await listAll(server, { start_date: '2040-01-01', end_date: '2040-01-31' })).toEqual([]);
    const edge = await listAll(server, { start_date: '2036-06-01', end_date: '2036-06-30' });
    // Ten years (3,653 days) from 2026-06-15 12:00 UTC: the last one is on 14 June 2036.
    expect(days(edge).at(-1)).toBe('2036-06-14');
    const old = await createSeries(server, {
      start_date: '2014-01-07 19:00:00',
      end_date: '2014-01-07 21:00:00',
    });
    expect(await listAll(server, { start_date: '2015-01-01', end_date: '2015-01-31' })).toEqual([]);
    expect(
      days(await childrenOf(server, old.id, { start_date: '2016-06-01', end_date: '2016-06-30' })),
    ).toEqual(['2016-06-14', '2016-06-21', '2016-06-28']);
  });

  it('makes the occurrences of a window far back exist, for a series that started long ago', async () => {
    const server = await startTestServer();
    const old = await createSeries(server, {
      start_date: '2020-01-07 19:00:00',
      end_date: '2020-01-07 21:00:00',
    });
    const january = await listAll(server, { start_date: '2020-01-01', end_date: '2020-01-31' });
    expect(days(january)).toEqual(['2020-01-07', '2020-01-14', '2020-01-21', '2020-01-28']);
    expect(january[0]!.id).toBe(old.id);
    const again = await listAll(server, { start_date: '2020-01-01', end_date: '2020-01-31' });
    expect(again.map((e) => e.id)).toEqual(january.map((e) => e.id));
    // Between that window and the year before today, the same on demand.
    expect(
      days(await childrenOf(server, old.id, { start_date: '2024-03-01', end_date: '2024-03-15' })),
    ).toEqual(['2024-03-05', '2024-03-12']);
    const all = await childrenOf(server, old.id, WIDE);
    expect(new Set(days(all)).size).toBe(all.length);
  });
});
