/**
 * `npm run bench -- --quick --postgres`, kept short (the listing and creates only): the seeded
 * calendar moved into a throwaway PostgreSQL cluster, measured on one node and on two, with the
 * statements and the CPU PostgreSQL spent per request, and every PostgreSQL target given a
 * verdict from this run's figures. Speed is never asserted here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bench } from '../../bench/run.js';

const dir = mkdtempSync(join(tmpdir(), 'almanac-bench-pg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('benchmark on PostgreSQL, quick mode', () => {
  it('measures the listing and creates on one and two nodes beside SQLite', async () => {
    const { report, json, markdown } = await bench({
      quick: true,
      postgres: true,
      workers: 0,
      only: ['events.list$', 'events.create$'],
      dataDir: dir,
      outDir: dir,
    });
    const postgres = report.postgres!;
    expect(postgres.version).toMatch(/^\d+/);
    expect(postgres.copySeconds).toBeGreaterThanOrEqual(0);
    expect(postgres.rows.map((r) => [r.scenario, r.workers])).toEqual([
      ['events.list', 1],
      ['events.list', 2],
      ['events.create', 1],
      ['events.create', 2],
    ]);
    for (const row of postgres.rows) {
      expect(row, `${row.scenario} ${row.workers}`).toMatchObject({
        answers: 'off',
        connections: 4,
        errors: 0,
      });
      expect(row.requests).toBeGreaterThan(0);
      expect(row.ratio).toBeGreaterThan(0);
      expect(row.databaseCpuMsPerRequest).toEqual(expect.any(Number));
    }
    // PostgreSQL's own statements per request, counted by pg_stat_statements on one node.
    for (const row of postgres.rows.filter((r) => r.workers === 1))
      expect(row.queriesPerRequest, row.scenario).toBeGreaterThan(1);
    expect(postgres.rows.reduce((ms, r) => ms + r.databaseCpuMsPerRequest!, 0)).toBeGreaterThan(0);

    const targets = new Map(report.targets.map((t) => [t.id, t]));
    for (const id of [
      'postgres-list-ratio',
      'postgres-vs-sqlite-events.list',
      'postgres-two-nodes-events.list',
      'postgres-two-nodes-creates',
      'postgres-no-errors',
    ])
      expect(targets.get(id)?.met, id).not.toBeNull();
    expect(targets.get('postgres-no-errors')!.met).toBe(true);
    // Scenarios this run left out have no verdict rather than a made-up one.
    expect(targets.get('postgres-vs-sqlite-events.get')!.actual).toBe('not measured');

    expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(readFileSync(markdown, 'utf8')).toContain('1 and 2 nodes');
    const history = readFileSync(join(dir, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { engine?: string; workers?: number });
    expect(history.filter((line) => line.engine === 'postgres')).toHaveLength(4);
  }, 300_000);
});
