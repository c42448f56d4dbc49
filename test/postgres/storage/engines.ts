/**
 * The engines the storage contract tests run on: the same assertions against the embedded SQLite
 * adapter and the PostgreSQL one, each on a fresh database per test.
 */
import { afterEach } from 'vitest';
import type { Storage } from '../../../server/storage/storage.js';
import { openSqliteStorage, type SqliteStorage } from '../../../server/storage/sqlite/storage.js';
import {
  openPostgresStorage,
  type PostgresStorage,
} from '../../../server/storage/postgres/storage.js';
import { createTestDatabase } from '../../helpers/pg-database.js';

export interface Engine {
  name: 'sqlite' | 'postgres';
  open(): Promise<Storage>;
  /**
   * Runs SQL both engines read on the storage's database, for data no port writes yet (events
   * before the events' port covers their creation).
   */
  exec(storage: Storage, sql: string): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

export const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async open() {
      const storage = openSqliteStorage(':memory:', { checkpoints: false });
      cleanups.push(() => storage.close());
      return storage;
    },
    async exec(storage, sql) {
      (storage as SqliteStorage).db.exec(sql);
    },
  },
  {
    name: 'postgres',
    async open() {
      const database = await createTestDatabase();
      const storage = await openPostgresStorage(database.url, { max: 4 });
      cleanups.push(async () => {
        await storage.close();
        await database.drop();
      });
      return storage;
    },
    async exec(storage, sql) {
      await (storage as PostgresStorage).pool.query(sql);
    },
  },
];
