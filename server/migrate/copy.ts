/**
 * Copies a whole calendar from one database to another, either engine to either engine
 * (`almanac migrate`): every table but those the destination derives or owns (tables.ts), rows
 * streamed in batches, all written in one transaction of the destination, then the media files.
 * Ids, users, password hashes, application passwords, sessions, settings, media rows, the change
 * log and the import and idempotency records come across as they are. The destination starts a
 * new sync epoch: a sync token taken before the move is refused (410) after it, and a client
 * syncs again from the start.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { DatabaseTooNewError } from '../db/migrate.js';
import type { CopyDestination, CopySource, Row, TableShape } from './ends.js';
import { COPIED_TABLES, dependencyOrder } from './tables.js';

/** Rows read and written at a time. */
export const BATCH = 1000;

/** A move this program will not make (the user can fix the cause); the CLI exits with 2. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefused';
  }
}

export interface TableReport {
  table: string;
  source: number;
  destination: number;
}

export interface CopyReport {
  tables: TableReport[];
  /** The destination's new sync epoch. */
  epoch: string;
  /** Whether the day counts the destination derived equal the source's. */
  derivedEqual: boolean;
}

/** Refuses a source this program cannot read exactly: a newer schema, or an older one. */
export async function checkSource(source: CopySource, latest: number): Promise<void> {
  const version = await source.schemaVersion();
  if (version > latest) throw new DatabaseTooNewError(version, latest);
  if (version === 0) throw new MoveRefused(`${source.label} holds no Almanac calendar.`);
  if (version < latest)
    throw new MoveRefused(
      `${source.label} was written by an older Almanac (schema ${version}; this version writes ` +
        `${latest}). Start this version of Almanac on it once to bring it up to date, then move it.`,
    );
}

/** Refuses a destination holding a calendar (or a newer schema); leaves it untouched then. */
export async function checkDestination(
  destination: CopyDestination,
  latest: number,
): Promise<void> {
  const version = await destination.schemaVersion();
  if (version > latest) throw new DatabaseTooNewError(version, latest);
  if (version > 0 && (await destination.holdsCalendar()))
    throw new MoveRefused(
      `${destination.label} already holds a calendar (users or events): a move writes only into ` +
        'an empty database. Give another one, or empty this one first.',
    );
}

function columnsToCopy(source: TableShape, destination: TableShape): string[] {
  const unknown = source.columns.filter(
    (c) => !destination.columns.includes(c) && !source.ownColumns.includes(c),
  );
  if (unknown.length > 0)
    throw new MoveRefused(
      `Table ${source.name} of the source has columns the destination lacks: ${unknown.join(', ')}.`,
    );
  return destination.columns.filter(
    (c) => !destination.ownColumns.includes(c) && source.columns.includes(c),
  );
}

const byText = (a: Row, b: Row) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

async function sameRows(
  source: CopySource,
  destination: CopyDestination,
  table: string,
  columns: string[],
) {
  const [a, b] = [await source.allRows(table, columns), await destination.allRows(table, columns)];
  return isDeepStrictEqual(a.sort(byText), b.sort(byText));
}

/**
 * Copies every table into `destination`, which `checkDestination` accepted and `migrate`
 * brought to the latest schema. Nothing is written unless everything is.
 */
export async function copyTables(
  source: CopySource,
  destination: CopyDestination,
): Promise<CopyReport> {
  await source.begin();
  const [from, to] = [await source.tables(), await destination.tables()];
  for (const table of COPIED_TABLES) {
    for (const [end, shapes] of [
      [source, from],
      [destination, to],
    ] as const)
      if (!shapes.has(table))
        throw new MoveRefused(`${end.label} has no table ${table}: its schema is not Almanac's.`);
  }
  const order = dependencyOrder(COPIED_TABLES, to);
  const epoch = randomBytes(4).toString('hex');
  await destination.begin();
  try {
    for (const table of [...order].reverse()) await destination.clear(table);
    for (const table of order) {
      const shape = to.get(table)!;
      const columns = columnsToCopy(from.get(table)!, shape);
      // A row naming another row of its own table (a term's parent) may come before it: those
      // columns are written once every row is there.
      const later = shape.selfReferences.filter((r) => columns.includes(r.column));
      const blank = later.map((r) => columns.indexOf(r.column));
      for await (const rows of source.rows(table, columns, BATCH)) {
        for (const row of rows) for (const index of blank) row[index] = null;
        await destination.insert(table, columns, rows);
      }
      for (const { column, key } of later)
        for await (const pairs of source.pairs(table, key, column, BATCH))
          await destination.setColumn(table, key, column, pairs);
    }
    await destination.finish(epoch);
  } catch (error) {
    await destination.rollback();
    throw error;
  }
  const tables: TableReport[] = [];
  for (const table of order)
    tables.push({
      table,
      source: await source.count(table),
      destination: await destination.count(table),
    });
  const derivedEqual = await sameRows(source, destination, 'event_day_counts', [
    'status',
    'start_day',
    'end_day',
    'n',
  ]);
  return { tables, epoch, derivedEqual };
}
