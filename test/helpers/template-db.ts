/**
 * Vitest global setup: migrates one database and creates its administrator once per run, so
 * each test server starts from a copy (test/helpers/server.ts) instead of running every
 * migration and hashing the administrator's password again.
 */
import Database from 'better-sqlite3';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../../server/config.js';
import { fixedClock } from '../../server/clock.js';
import { start } from '../../server/start.js';

/** The administrator every test server has. */
export const ADMIN = { login: 'admin', password: 'admin-password-1' };
/** "Now" for a test server that is given no clock, and for the template's administrator. */
export const DEFAULT_NOW = '2026-06-15T12:00:00Z';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database with the test administrator, never written after this setup. */
    templateDb: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-template-'));
  const file = join(dir, 'template.db');
  const server = await start(
    testConfig({ adminUser: ADMIN.login, adminPassword: ADMIN.password, dbPath: file }),
    { clock: fixedClock(DEFAULT_NOW), checkpoints: false },
  );
  await server.close();
  // One self-contained file: the WAL folded in and off, so a byte copy is the whole database and
  // can be opened in memory (SQLite cannot deserialize a database whose header says WAL).
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.close();
  chmodSync(file, 0o444);
  project.provide('templateDb', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
