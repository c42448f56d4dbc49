/**
 * The PostgreSQL ends of a calendar's move (migrate/ends.ts): a database read in one
 * REPEATABLE READ snapshot through a cursor, or written in one transaction. The destination's
 * triggers are switched off for the copy (`DISABLE TRIGGER`, which the tables' owner may do,
 * inside the transaction, so no other session ever sees them off), and its secondary indexes
 * dropped; once every row is in, the rows the deriving triggers would have made (the search
 * words, the day counts) are made in one statement each, and the indexes built again.
 */
import type pg from 'pg';
import { redactedDatabaseUrl } from '../../config.js';
import { OCCURRENCE_ID_BASE } from '../../../shared/recurrence/occurrence-id.js';
import type { CopyDestination, CopySource, Row, TableShape, Value } from '../../migrate/ends.js';
import { migratePostgres, schemaVersion } from './migrate.js';
import { createClient } from './pool.js';
import { pgGroupCountRebuilds } from './derived-triggers.js';

/**
 * The derived tables and the statements that fill them from the copied rows, as their triggers
 * (off during the copy) would have: events_search_write (migration 0004) for every event, and
 * the group counts of storage/derived.ts. Per row, those triggers took 25 of the 32 s that
 * 100,000 events took to go in on this 2-core machine.
 */
const DERIVED_ROWS: ReadonlyArray<readonly [string, string[]]> = [
  [
    'events_search',
    [
      'INSERT INTO events_search (id, words) SELECT id, search_words(title, description, excerpt) FROM events',
    ],
  ],
  ['event_day_counts', pgGroupCountRebuilds()],
];
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function shapes(client: pg.Client): Promise<Map<string, TableShape>> {
  const { rows: columns } = await client.query<{
    table: string;
    column: string;
    own: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS column,
       (a.attidentity = 'a' OR a.attgenerated <> '' OR a.atttypid = 'xid8'::regtype) AS own
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
       AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  const { rows: keys } = await client.query<{
    table: string;
    target: string;
    from: string;
    to: string;
  }>(
    `SELECT c.relname AS table, t.relname AS target, a.attname AS from, b.attname AS to
     FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
     JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
     JOIN pg_attribute b ON b.attrelid = k.confrelid AND b.attnum = k.confkey[1]
     WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`,
  );
  const out = new Map<string, TableShape>();
  for (const { table, column, own } of columns) {
    let shape = out.get(table);
    if (!shape) {
      shape = { name: table, columns: [], ownColumns: [], references: [], selfReferences: [] };
      out.set(table, shape);
    }
    shape.columns.push(column);
    if (own) shape.ownColumns.push(column);
  }
  for (const key of keys) {
    const shape = out.get(key.table);
    if (!shape) continue;
    if (key.target === key.table) shape.selfReferences.push({ column: key.from, key: key.to });
    else if (!shape.references.includes(key.target)) shape.references.push(key.target);
  }
  return out;
}

/** The columns a table's rows are ordered by: the order they were made in, or their key. */
async function orderOf(client: pg.Client, table: string): Promise<string> {
  const { rows } = await client.query<{ column: string; identity: boolean }>(
    `SELECT a.attname AS column, a.attidentity = 'a' AS identity
     FROM pg_attribute a
     LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
       AND (a.attidentity = 'a' OR a.attnum = ANY (i.indkey))
     ORDER BY a.attidentity = 'a' DESC, array_position(i.indkey::int2[], a.attnum)`,
    [quote(table)],
  );
  const insertion = rows.find((r) => r.identity);
  const columns = insertion ? [insertion.column] : rows.map((r) => r.column);
  return columns.length > 0 ? ` ORDER BY ${columns.map(quote).join(', ')}` : '';
}

async function* cursor(client: pg.Client, sql: string, batch: number): AsyncGenerator<Row[]> {
  await client.query(`DECLARE copy_rows NO SCROLL CURSOR FOR ${sql}`);
  try {
    for (;;) {
      const { rows } = await client.query<Row>({
        text: `FETCH ${batch} FROM copy_rows`,
        rowMode: 'array',
      });
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await client.query('CLOSE copy_rows');
  }
}

function postgresEnd(client: pg.Client, url: string) {
  return {
    engine: 'postgres' as const,
    label: redactedDatabaseUrl(url),
    schemaVersion: () => schemaVersion(client),
    tables: () => shapes(client),
    async count(table: string): Promise<number> {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${quote(table)}`,
      );
      return rows[0]!.n;
    },
    async allRows(table: string, columns: string[]): Promise<Row[]> {
      const { rows } = await client.query<Row>({
        text: `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${await orderOf(client, table)}`,
        rowMode: 'array',
      });
      return rows;
    },
    close: () => client.end(),
  };
}

async function connect(url: string): Promise<pg.Client> {
  const client = createClient(url);
  await client.connect();
  return client;
}

export async function openPostgresSource(url: string): Promise<CopySource> {
  const client = await connect(url);
  return {
    ...postgresEnd(client, url),
    async begin() {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },
    async *rows(table, columns, batch) {
      yield* cursor(
        client,
        `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${await orderOf(client, table)}`,
        batch,
      );
    },
    async *pairs(table, key, column, batch) {
      yield* cursor(
        client,
        `SELECT ${quote(key)}, ${quote(column)} FROM ${quote(table)}
         WHERE ${quote(column)} IS NOT NULL ORDER BY ${quote(key)}`,
        batch,
      );
    },
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}

/**
 * The indexes a copy may drop and make again once every row is in: those that only speed reads
 * up. A unique index (a key, a constraint, an ON CONFLICT's target) stays, since it decides
 * what the writes do.
 */
async function secondaryIndexes(client: pg.Client): Promise<Array<{ name: string; sql: string }>> {
  const { rows } = await client.query<{ name: string; sql: string }>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS sql
     FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE ic.relnamespace = current_schema()::regnamespace
       AND NOT i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY ic.relname`,
  );
  return rows;
}

export async function openPostgresDestination(url: string): Promise<CopyDestination> {
  const client = await connect(url);
  const disabled: Array<{ table: string; trigger: string }> = [];
  const dropped: Array<{ name: string; sql: string }> = [];
  let open = false;
  const end = postgresEnd(client, url);
  return {
    ...end,
    async holdsCalendar() {
      const { rows } = await client.query<{ holds: boolean }>(
        `SELECT (to_regclass('users') IS NOT NULL AND EXISTS (SELECT 1 FROM users))
             OR (to_regclass('posts') IS NOT NULL AND EXISTS (SELECT 1 FROM posts)) AS holds`,
      );
      return rows[0]!.holds;
    },
    async migrate() {
      await migratePostgres(client);
    },
    async begin() {
      await client.query('BEGIN');
      open = true;
      const { rows } = await client.query<{ table: string; trigger: string }>(
        `SELECT c.relname AS table, t.tgname AS trigger
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'
           AND c.relnamespace = current_schema()::regnamespace
         ORDER BY c.relname, t.tgname`,
      );
      for (const row of rows) {
        await client.query(`ALTER TABLE ${quote(row.table)} DISABLE TRIGGER ${quote(row.trigger)}`);
        disabled.push(row);
      }
      // Building an index once from all the rows beats updating it at each of millions of
      // inserts (100,000 events: 50 s with the indexes in place on this 2-core machine).
      // Dropped inside the transaction: no other session ever sees the tables without them.
      for (const index of await secondaryIndexes(client)) {
        await client.query(`DROP INDEX ${quote(index.name)}`);
        dropped.push(index);
      }
    },
    async clear(table) {
      await client.query(`DELETE FROM ${quote(table)}`);
    },
    async insert(table, columns, rows) {
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const values: Value[] = [];
        const tuples = chunk.map((row) => {
          const marks = row.map((value) => {
            values.push(value);
            return `$${values.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await client.query(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`,
          values,
        );
      }
    },
    async setColumn(table, key, column, pairs) {
      // The column's own type for the parameters: the VALUES list would otherwise be text.
      await client.query(
        `UPDATE ${quote(table)} AS t SET ${quote(column)} = v.value
         FROM unnest($1::bigint[], $2::bigint[]) AS v(key, value)
         WHERE t.${quote(key)} = v.key`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
    },
    async finish(epoch) {
      for (const [table, statements] of DERIVED_ROWS) {
        await client.query(`DELETE FROM ${quote(table)}`);
        for (const sql of statements) await client.query(sql);
      }
      await client.query(
        `UPDATE sync_state SET epoch = $1,
           seq = greatest(seq, (SELECT coalesce(max(seq), 0) FROM changes)) WHERE id = 1`,
        [epoch],
      );
      await client.query('UPDATE sync_state SET horizon = seq WHERE id = 1');
      // Every sequence continues after the highest copied number; ids of computed occurrences
      // (from 2^50 on) are not the posts' sequence's to give.
      const { rows: sequences } = await client.query<{
        table: string;
        column: string;
        seq: string;
      }>(
        `SELECT c.relname AS table, a.attname AS column,
           pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
           AND a.attnum > 0 AND NOT a.attisdropped
           AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
      );
      for (const { table, column, seq } of sequences) {
        await client.query(
          `SELECT setval($1, greatest(max(${quote(column)}), 1), max(${quote(column)}) IS NOT NULL)
           FROM ${quote(table)} WHERE ${quote(column)} < $2`,
          [seq, OCCURRENCE_ID_BASE],
        );
      }
      for (const { table, trigger } of disabled)
        await client.query(`ALTER TABLE ${quote(table)} ENABLE TRIGGER ${quote(trigger)}`);
      disabled.length = 0;
      // Sorting for an index in memory rather than in temporary files, for this transaction.
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const { sql } of dropped) await client.query(sql);
      dropped.length = 0;
      await client.query('COMMIT');
      open = false;
    },
    async rollback() {
      if (open) await client.query('ROLLBACK');
      open = false;
      disabled.length = 0;
      dropped.length = 0;
    },
    async close() {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}
