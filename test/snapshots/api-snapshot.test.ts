/**
 * Behaviour unchanged: the API answers exactly what the committed baseline recorded for the same
 * requests (status, headers, bytes of the body). When a change of behaviour is intended, re-record
 * with `npm run api:snapshot -- --out test/snapshots/api-baseline.json` and review the diff.
 * With ALMANAC_TEST_ENGINE=postgres (the `server-postgres` project) the same baseline is compared
 * with a recording made on a fresh PostgreSQL database: both engines answer the same bytes. With
 * ALMANAC_TEST_NODES=2 as well (the `server-postgres-nodes` project) the scenario is sent in turn
 * to two nodes on that database, through a round-robin proxy: the calendar answers the same bytes
 * whichever node each request reaches.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/pg-database.js';
import { testEngine, testNodes } from '../helpers/server.js';
import { compareRecordings, recordApi, type Recording } from './api-recorder.js';

const BASELINE = new URL('./api-baseline.json', import.meta.url);

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

describe('recorded API answers', () => {
  it('are identical to the baseline', async () => {
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Recording;
    if (testEngine() === 'postgres') database = await createTestDatabase();
    const recording = await recordApi(
      database ? { databaseUrl: database.url, nodes: testNodes() } : {},
    );
    expect(recording.answers.length).toBeGreaterThan(200);
    const differences = compareRecordings(baseline, recording);
    expect(differences.join('\n')).toBe('');
  }, 120_000);

  it('notices a changed answer', async () => {
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Recording;
    const changed = structuredClone(baseline);
    const single = changed.answers.find((answer) => answer.name === 'events: single')!;
    (single.body as Record<string, unknown>).title = 'Something else';
    single.sha256 = 'different';
    single.headers['x-tec-total'] = '1';
    const differences = compareRecordings(baseline, changed);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toContain('events: single (GET /api/calendar/events/v1/events/8)');
    expect(differences[0]).toContain('body .title: "Summer Concert" → "Something else"');
    expect(differences[0]).toContain('header x-tec-total: undefined → "1"');
  });
});
