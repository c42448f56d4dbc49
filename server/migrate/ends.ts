/**
 * The two ends of a calendar's move between databases (`almanac migrate`, copy.ts): what the
 * copy asks of the database it reads and of the one it writes, whichever engine each is. Each
 * engine answers them in its adapter (storage/sqlite/calendar-copy.ts,
 * storage/postgres/calendar-copy.ts); the copy itself holds no SQL.
 */

/** A value as both engines' drivers read and write it. */
export type Value = string | number | null | Buffer;
export type Row = Value[];

export interface TableShape {
  name: string;
  /** Columns in the table's order. */
  columns: string[];
  /** Columns this end fills by itself and a copy must not write (an identity, a transaction id). */
  ownColumns: string[];
  /** Other tables its foreign keys name. */
  references: string[];
  /** Columns naming a row of the same table, and the column they name (a term's parent). */
  selfReferences: Array<{ column: string; key: string }>;
}

interface End {
  readonly engine: 'sqlite' | 'postgres';
  /** Where it is, as a message may show it (a URL without its password). */
  readonly label: string;
  /** The schema's migration number (0: no Almanac schema). */
  schemaVersion(): Promise<number>;
  tables(): Promise<Map<string, TableShape>>;
  count(table: string): Promise<number>;
  /** Every row of `table`, ordered by its key, as `columns` (for small tables: a check). */
  allRows(table: string, columns: string[]): Promise<Row[]>;
  close(): Promise<void>;
}

export interface CopySource extends End {
  /** Starts one read snapshot that every later read sees (the source may be in use). */
  begin(): Promise<void>;
  /**
   * The rows of `table` in the order they were made, `batch` at a time: a large calendar is
   * never held in memory.
   */
  rows(table: string, columns: string[], batch: number): AsyncIterable<Row[]>;
  /** Pairs (key, value) of the rows whose `column` is set. */
  pairs(table: string, key: string, column: string, batch: number): AsyncIterable<Row[]>;
}

export interface CopyDestination extends End {
  /** Whether users or posts are there: a calendar a copy must not overwrite. */
  holdsCalendar(): Promise<boolean>;
  /** Brings the schema to this program's latest (an empty database gets every migration). */
  migrate(): Promise<void>;
  /**
   * Starts the one transaction the copy writes in. Triggers that would move what the copied rows
   * already hold are off until `finish`; those that derive rows from them (search words, day
   * counts) either fire as rows go in, or are off too and `finish` derives the rows all at once
   * (PostgreSQL, which also builds its secondary indexes there).
   */
  begin(): Promise<void>;
  /** Removes the rows a migration seeded (the change log's state, the feed's identity). */
  clear(table: string): Promise<void>;
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  /** Sets `column` of the rows whose `key` is the pair's first value. */
  setColumn(table: string, key: string, column: string, pairs: Row[]): Promise<void>;
  /**
   * Makes the copied calendar whole and commits: a new sync epoch (tokens from before the move
   * are refused), counters and sequences past the copied numbers, triggers back on, the content
   * version moved.
   */
  finish(epoch: string): Promise<void>;
  rollback(): Promise<void>;
}
