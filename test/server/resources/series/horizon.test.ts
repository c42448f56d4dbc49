/**
 * Every window is complete (docs/contract/extensions.md §E1 revised): occurrences are computed
 * where a listing looks, far ahead or far back, up to 9999, with the same ids however and
 * whenever they are asked for; no horizon, and no listing makes anything exist.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../server/clock.js';
import { NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import { childrenOf, createSeries, days, listAll } from './support.js';

const WIDE = { start_date: '2019-01-01', end_date: '2029-12-31' };

describe('windows of a series', () => {
  it('gives the same occurrences and ids as time passes, with no horizon', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const parent = await createSeries(server);
    const before = await childrenOf(server, parent.id, WIDE);
    expect(days(before).at(-1)).toBe('2029-12-25');
    expect(new Set(days(before)).size).toBe(before.length);

    clock.set('2026-07-25T12:00:00Z');
    await server.call('GET', `${NS}/events`);
    const after = await childrenOf(server, parent.id, WIDE);
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
  });

  it('shows the occurrences of a window far ahead, with the same ids each time', async () => {
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

  it('shows windows decades ahead and in the last year there is', async () => {
    const server = await startTestServer();
    await createSeries(server, { title: 'Standup', recurrence: 'RRULE:FREQ=DAILY' });
    expect(
      await listAll(server, { start_date: '2040-01-01', end_date: '2040-01-31' }),
    ).toHaveLength(31);
    const last = await listAll(server, { start_date: '9999-12-01', end_date: '9999-12-20' });
    expect(days(last)).toHaveLength(20);
    expect(days(last).at(-1)).toBe('9999-12-20');
  });

  it('shows a window far back, for a series that started long ago', async () => {
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
    expect(
      days(await childrenOf(server, old.id, { start_date: '2024-03-01', end_date: '2024-03-15' })),
    ).toEqual(['2024-03-05', '2024-03-12']);
    const all = await childrenOf(server, old.id, WIDE);
    expect(new Set(days(all)).size).toBe(all.length);
  });
});
