/**
 * The recurrence scenario of `npm run bench` in quick mode (20 weekly series among 300 events,
 * then 20 endless daily ones): every figure measured, every answer as expected, the occurrences
 * all counted. Speed is never
 * asserted here: the targets are reported, not tested.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../bench/options.js';
import { benchRecurrence } from '../../bench/recurrence.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-bench-recurrence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('benchmark recurrence scenario (quick)', () => {
  it('makes every occurrence and measures every request without errors', async () => {
    const options = defaultOptions({ quick: true, dataDir: dir, outDir: dir });
    const report = await benchRecurrence(options, () => undefined);

    expect(report).toMatchObject({ events: 300, series: 20, occurrences: 20 * 52 });
    expect(report.figures.map((f) => [f.name, f.ok])).toEqual([
      ['series.create.weekly', true],
      ['list.extend', true],
      ['list.default', true],
      ['list.ahead', true],
      ['list.filtered', true],
      ['list.series', true],
      ['get.occurrence', true],
      ['series.create.daily', true],
      ['list.daily.default', true],
      ['list.daily.deep', true],
      ['list.daily.far', true],
    ]);
    for (const f of report.figures) {
      expect(f.samples, f.name).toBeGreaterThan(0);
      expect(f.p50, f.name).toBeGreaterThan(0);
      expect(f.max, f.name).toBeGreaterThanOrEqual(f.p95);
      expect(f.cpuMs, f.name).toBeGreaterThanOrEqual(0);
    }
    expect(report.targets.map((t) => t.id)).toEqual([
      'recurrence-occurrences',
      'recurrence-list.default',
      'recurrence-list.ahead',
      'recurrence-list.filtered',
      'recurrence-list.series',
      'recurrence-get.occurrence',
      'recurrence-list.daily.default',
      'recurrence-list.daily.deep',
      'recurrence-list.daily.far',
      'recurrence-create-daily',
      'recurrence-errors',
    ]);
    expect(report.targets.find((t) => t.id === 'recurrence-occurrences')!.met).toBe(true);
    expect(report.targets.find((t) => t.id === 'recurrence-errors')!.met).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'recurrence.json'), 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(report)),
    );
    expect(readFileSync(join(dir, 'recurrence.md'), 'utf8')).toContain(
      '| POST /events, daily series over two years |',
    );
  }, 180_000);
});
