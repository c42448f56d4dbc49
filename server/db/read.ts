/**
 * The read-only handle a read path gets: statements that can be read, none that can write. The
 * type has no `run`, no `exec` and no `transaction`, so a read that writes does not compile, and
 * `prepare` refuses at run time any statement SQLite says may change the database (a write
 * written through a cast). It is the same connection as the writer's: a read inside a write
 * transaction sees that transaction's rows.
 */
import type Database from 'better-sqlite3';
import type { Db } from './open.js';

export interface ReadStatement<P extends unknown[], R> {
  readonly source: string;
  get(...params: P): R | undefined;
  all(...params: P): R[];
  iterate(...params: P): IterableIterator<R>;
  pluck(toggleState?: boolean): this;
  raw(toggleState?: boolean): this;
  columns(): Database.ColumnDefinition[];
}

export interface ReadDb {
  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    source: string,
  ): P extends unknown[] ? ReadStatement<P, R> : ReadStatement<[P], R>;
  /** Registers an SQL function (a pure computation; registering writes nothing). */
  function: Db['function'];
}

export class WriteOnReadHandle extends Error {
  constructor(source: string) {
    super(`A read handle cannot prepare a statement that writes: ${source}`);
    this.name = 'WriteOnReadHandle';
  }
}

const handles = new WeakMap<Db, ReadDb>();

/** The read-only handle of a connection (one per connection). */
export function readHandle(db: Db): ReadDb {
  let handle = handles.get(db);
  if (!handle) {
    handle = {
      prepare(source: string) {
        const statement = db.prepare(source);
        if (!statement.readonly) throw new WriteOnReadHandle(source);
        return statement;
      },
      function: db.function.bind(db),
    } as ReadDb;
    handles.set(db, handle);
  }
  return handle;
}
