/**
 * Job leases (server/storage/sqlite/leases.ts): one process at a time runs a background job. Two
 * connections to one file stand for two server processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../server/db/open.js';
import { sqliteLeases } from '../../../server/storage/sqlite/leases.js';

const opened: Db[] = [];
const dirs: string[] = [];
afterEach(() => {
  while (opened.length > 0) opened.pop()!.close();
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function twoProcesses() {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-lease-'));
  dirs.push(dir);
  const file = join(dir, 'almanac.db');
  const a = openDatabase(file);
  const b = openDatabase(file, { migrate: false });
  opened.push(a, b);
  const claim = (db: Db, owner: string, now: string, until: string) =>
    db.transaction(() => sqliteLeases(db).claim('publish', owner, now, until))();
  return { a, b, claim };
}

describe('job leases', () => {
  it('lets one owner hold a job until its lease runs out', () => {
    const { a, b, claim } = twoProcesses();
    expect(claim(a, 'A', '2026-01-01 10:00:00', '2026-01-01 10:01:00')).toBe(true);
    expect(claim(b, 'B', '2026-01-01 10:00:30', '2026-01-01 10:01:30')).toBe(false);
    // The holder renews.
    expect(claim(a, 'A', '2026-01-01 10:00:40', '2026-01-01 10:01:40')).toBe(true);
    expect(claim(b, 'B', '2026-01-01 10:01:00', '2026-01-01 10:02:00')).toBe(false);
    // A holder that stopped renewing is taken over once its lease has run out.
    expect(claim(b, 'B', '2026-01-01 10:01:40', '2026-01-01 10:02:40')).toBe(true);
    expect(claim(a, 'A', '2026-01-01 10:01:50', '2026-01-01 10:02:50')).toBe(false);
  });

  it('is free again at once when its holder gives it up', () => {
    const { a, b, claim } = twoProcesses();
    expect(claim(a, 'A', '2026-01-01 10:00:00', '2026-01-01 10:01:00')).toBe(true);
    a.transaction(() => sqliteLeases(a).release('publish', 'A'))();
    expect(claim(b, 'B', '2026-01-01 10:00:01', '2026-01-01 10:01:01')).toBe(true);
  });
});
