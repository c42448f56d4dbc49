/**
 * `npm run bench -- --caldav --quick`: Almanac, Radicale and Xandikos each hold the same small
 * calendar and answer the three requests; every answer succeeds and every target gets a
 * verdict. Speed is never asserted here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaldavBench } from '../../bench/caldav.js';
import { defaultOptions } from '../../bench/options.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-caldav-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CalDAV benchmark, quick mode', () => {
  it('measures Almanac beside Radicale and Xandikos without failed requests', async () => {
    const report = await runCaldavBench(
      defaultOptions({ quick: true, caldav: true, dataDir: dir, outDir: dir }),
      () => undefined,
    );
    expect(report.skipped).toEqual([]);
    expect(report.figures.map((f) => [f.server, f.request.split(',')[0], f.status])).toEqual(
      ['Almanac', 'Radicale', 'Xandikos'].flatMap((server) => [
        [server, 'calendar-query', 207],
        [server, 'sync-collection after one change', 207],
        [server, 'PUT of one new event', 201],
      ]),
    );
    expect(report.targets.map((t) => [t.id, typeof t.met])).toEqual([
      ['caldav.query-month', 'boolean'],
      ['caldav.sync-after-change', 'boolean'],
      ['caldav.put', 'boolean'],
    ]);
    expect(readFileSync(join(dir, 'caldav.md'), 'utf8')).toContain('| Radicale |');
  }, 300_000);
});
