/**
 * `npm run bench -- --quick`, the smoke mode CI runs to keep the benchmark working: a tiny
 * database, the real server and the ceiling as separate processes, one short run per scenario.
 * It checks the report's shape and that no request failed; speed is never asserted here.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bench } from '../../bench/run.js';
import { ALL_SCENARIOS } from '../../bench/scenarios.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('benchmark quick mode', () => {
  it('measures every scenario on one and two server processes without errors', async () => {
    const { report, json, markdown } = await bench({ quick: true, dataDir: dir, outDir: dir });

    expect(report).toMatchObject({
      version: 1,
      machine: {
        cpu: expect.any(String),
        cores: expect.any(Number),
        memoryGb: expect.any(Number),
        node: process.version,
      },
      seed: { events: 300, categories: 30, tags: 100 },
      options: { quick: true, events: 300 },
    });
    expect(report.seed!.venues).toBeGreaterThan(0);
    expect(Object.keys(report.ceiling)).toEqual(['4']);
    expect(report.ceiling['4']!.rps).toBeGreaterThan(0);

    const single = report.rows.filter((r) => r.workers === 1);
    for (const answers of ['off', 'on'])
      expect(
        single
          .filter((r) => r.answers === answers)
          .map((r) => r.scenario)
          .sort(),
        answers,
      ).toEqual(ALL_SCENARIOS.map((s) => s.name).sort());
    for (const row of report.rows) {
      expect(row, row.scenario).toMatchObject({
        connections: 4,
        errors: 0,
        latencyMs: {
          p50: expect.any(Number),
          p90: expect.any(Number),
          p99: expect.any(Number),
        },
      });
      expect(row.requests, row.scenario).toBeGreaterThan(0);
      expect(row.rps, row.scenario).toBeGreaterThan(0);
      expect(row.ratio, row.scenario).toBeGreaterThan(0);
      expect(row.rssMb, row.scenario).toBeGreaterThan(0);
      expect(
        Object.keys(row.statuses).every((code) => code.startsWith('2')),
        row.scenario,
      ).toBe(true);
    }
    for (const row of single) expect(row.queriesPerRequest, row.scenario).toBeGreaterThan(0);

    expect(report.multicore).toEqual([
      expect.objectContaining({ scenario: 'events.get', workers: 2 }),
    ]);
    expect(report.serverPeakRssMb).toBeGreaterThan(0);
    expect(report.startup).toEqual({
      startMs: expect.any(Number),
      bootMs: expect.any(Number),
      serverMs: expect.any(Number),
    });
    expect(report.targets.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        'list-ratio',
        'list-p99',
        'get-ratio',
        'filtered-ratio',
        'search-ratio',
        'deep-ratio',
        'mixed-ratio',
        'create-rps',
        'update-rps',
        'compressed-ratio',
        'startup',
        'mixed-errors',
      ]),
    );
    // Every target has a verdict from figures of this run (compression only once the server
    // compresses), not "not measured".
    for (const t of report.targets)
      if (t.id !== 'compressed-ratio' || report.compression !== null)
        expect(t.met, t.id).not.toBeNull();
    expect(report.targets.find((t) => t.id === 'compressed-ratio')!.actual).not.toBe(
      'not measured',
    );
    expect(report.targets.find((t) => t.id === 'mixed-errors')!.met).toBe(true);
    expect(report.targets.find((t) => t.id === 'no-errors')!.met).toBe(true);

    expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(existsSync(markdown)).toBe(true);
    expect(readFileSync(markdown, 'utf8')).toContain('| GET /events/<id>');
    // One history line per row and per target, naming the commit measured.
    const history = readFileSync(join(dir, 'history.jsonl'), 'utf8').trim().split('\n');
    expect(history).toHaveLength(report.rows.length + report.targets.length);
    expect(JSON.parse(history[0]!)).toMatchObject({
      commit: expect.stringMatching(/^[0-9a-f]{7,}/),
      run: 'quick',
      events: 300,
      scenario: report.rows[0]!.scenario,
      answers: 'off',
    });
  }, 300_000);
});
