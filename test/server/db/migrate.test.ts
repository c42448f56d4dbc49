import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, BUSY_TIMEOUT_MS } from '../../../server/db/open.js';
import { DatabaseTooNewError, loadMigrations, migrate } from '../../../server/db/migrate.js';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'almanac-db-')), 'test.db');

describe('openDatabase', () => {
  it('applies every migration and records the version', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
      )
      .all()
      .map((t) => t.name);
    for (const table of [
      'users',
      'application_passwords',
      'sessions',
      'settings',
      'posts',
      'media',
      'terms',
      'venues',
      'organizers',
      'events',
      'event_organizers',
      'event_terms',
    ]) {
      expect(tables).toContain(table);
    }
    db.close();
  });

  it('turns on WAL, foreign keys and a busy timeout', () => {
    const db = openDatabase(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    db.close();
  });

  it('declares every table STRICT', () => {
    const db = openDatabase(':memory:');
    const loose = db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE '%STRICT%' AND name NOT LIKE 'events_fts%'",
      )
      .all();
    expect(loose).toEqual([]);
    db.close();
  });

  it('is idempotent: opening again applies nothing', () => {
    const file = tempFile();
    openDatabase(file).close();
    const db = new Database(file);
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const file = tempFile();
    const raw = new Database(file);
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer version of Almanac \(schema 999/);
  });

  it('rolls back a failing migration and keeps the previous version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-mig-'));
    writeFileSync(join(dir, '0001_ok.sql'), 'CREATE TABLE a (x INTEGER) STRICT;');
    writeFileSync(
      join(dir, '0002_bad.sql'),
      'CREATE TABLE b (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);',
    );
    const db = new Database(':memory:');
    expect(() => migrate(db, loadMigrations(dir))).toThrow(/no such table: nowhere/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'").get()).toEqual({
      n: 0,
    });
  });

  it('refuses migrations that skip a number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-mig-'));
    writeFileSync(join(dir, '0001_a.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '0003_c.sql'), 'SELECT 1;');
    expect(() => loadMigrations(dir)).toThrow(/out of sequence/);
  });

  it('enforces foreign keys and status values', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db.prepare("INSERT INTO media (id, created_utc) VALUES (42, '2026-01-01 00:00:00')").run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO posts (id, kind) VALUES (1, 'venue')").run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO venues (id, status, slug, title, date_utc, modified_utc) VALUES (1, 'bogus', 's', 't', 'x', 'x')",
        )
        .run(),
    ).toThrow(/CHECK constraint/);
    db.close();
  });
});
