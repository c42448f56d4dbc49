/**
 * SQL of the export document's import (../document-import.ts) on PostgreSQL. New ids come from
 * the tables' sequences; an id the import gives a row itself moves its sequence past it, so that
 * the next new id follows the highest one, as SQLite's do.
 */
import { OCCURRENCE_ID_BASE } from '../../../shared/recurrence/occurrence-id.js';
import {
  IMPORTED_POSTS,
  IMPORTED_SERIES_COLUMNS,
  postImported,
  type DocumentImportRepository,
  type ImportValues,
  type SlugTable,
} from '../document-import.js';
import { rowOf, rowsOf, type Query } from './query.js';
import { pgLog } from './change-log.js';
import { eventsWritten, linksReplaced, termWritten, termsCreated } from '../change-log.js';

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')})
   VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;

/** The values in the columns' order; a column the caller left out is an error, as on SQLite. */
function valuesOf(columns: readonly string[], values: ImportValues): unknown[] {
  return columns.map((column) => {
    const value = values[column];
    if (value === undefined) throw new Error(`Missing value for the column ${column}.`);
    return value;
  });
}

/** `base`, `base-2`, … between `base` and `base.` in byte order (db/slug-variants.ts). */
const variantsSql = (table: string, scope: string) =>
  `SELECT slug FROM ${table}
   WHERE slug >= $1 AND slug < $2 AND ${scope}
     AND (slug = $1 OR (substr(slug, $3 - 1, 1) = '-' AND substr(slug, $3) <> ''
       AND substr(slug, $3) !~ '[^0-9]'))`;

export function pgDocumentImport(q: Query): DocumentImportRepository {
  // Every write records what it changed in the change log, as the repositories' writes do.
  const log = pgLog(q);
  const exists = async (sql: string, values: unknown[]) =>
    (await rowOf(q, sql, values)) !== undefined;

  /** The table's sequence moves past an id given by the import. */
  async function taken(table: 'users' | 'terms' | 'posts', id: number): Promise<void> {
    if (id >= OCCURRENCE_ID_BASE) return;
    await q(
      `SELECT setval(seq, $2) FROM (SELECT pg_get_serial_sequence($1, 'id')::regclass AS seq) s
       WHERE $2 > coalesce(pg_sequence_last_value(seq), 0)`,
      [table, id],
    );
  }

  async function variants(sql: string, base: string, scope: unknown[]): Promise<Set<string>> {
    const rows = await rowsOf<{ slug: string }>(q, sql, [
      base,
      `${base}.`,
      [...base].length + 2,
      ...scope,
    ]);
    return new Set(rows.map((row) => row.slug));
  }

  return {
    isEmpty: async () =>
      !(await exists('SELECT 1 FROM posts UNION ALL SELECT 1 FROM terms LIMIT 1', [])),
    userByLogin: async (login) =>
      (
        await rowOf<{ id: number }>(q, 'SELECT id FROM users WHERE nocase(login) = nocase($1)', [
          login,
        ])
      )?.id,
    async insertUser(user) {
      const free =
        user.id !== null && !(await exists('SELECT 1 FROM users WHERE id = $1', [user.id]));
      const values = [user.login, user.email, user.display_name, user.role, user.password_hash];
      const row = free
        ? await rowOf<{ id: number }>(
            q,
            `INSERT INTO users (id, login, email, display_name, role, password_hash, created_utc,
               modified_utc)
             VALUES ($7, $1, $2, $3, $4, $5, $6, $6) RETURNING id`,
            [...values, user.now, user.id],
          )
        : await rowOf<{ id: number }>(
            q,
            `INSERT INTO users (login, email, display_name, role, password_hash, created_utc,
               modified_utc)
             VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
            [...values, user.now],
          );
      if (free) await taken('users', row!.id);
      return row!.id;
    },
    async insertPost(kind, wanted, values) {
      const free =
        wanted !== undefined && !(await exists('SELECT 1 FROM posts WHERE id = $1', [wanted]));
      let id: number;
      if (free) {
        await q('INSERT INTO posts (id, kind) VALUES ($1, $2)', [wanted, kind]);
        await taken('posts', wanted);
        id = wanted;
      } else {
        id = (await rowOf<{ id: number }>(q, 'INSERT INTO posts (kind) VALUES ($1) RETURNING id', [
          kind,
        ]))!.id;
      }
      const { table, columns } = IMPORTED_POSTS[kind];
      await q(insertSql(table, columns), valuesOf(columns, { ...values, id }));
      await log(postImported(kind, id, values));
      return id;
    },
    async insertSeries(values, exceptions) {
      await q(
        insertSql('series', IMPORTED_SERIES_COLUMNS),
        valuesOf(IMPORTED_SERIES_COLUMNS, values),
      );
      if (exceptions.length === 0) return;
      await q(
        `INSERT INTO series_exceptions (series_id, original_start_local)
         SELECT $1, start FROM unnest($2::text[]) AS start ON CONFLICT DO NOTHING`,
        [values.id, [...exceptions]],
      );
    },
    nextSlot: async () =>
      (await rowOf<{ slot: number }>(q, 'SELECT coalesce(max(slot), 0) + 1 AS slot FROM series'))!
        .slot,
    async setEventParent(id, parent) {
      await q('UPDATE events SET parent_id = $2 WHERE id = $1', [id, parent]);
      await log(eventsWritten([id]));
    },
    async joinSeries(id, series, original, detached) {
      await q(
        `UPDATE events SET series_id = $2, original_start_local = $3, detached = $4
         WHERE id = $1`,
        [id, series, original, detached],
      );
      await log(eventsWritten([id]));
    },
    async link(eventId, organizers, terms) {
      // Positions are the list's indexes; a repeated id keeps its first, as on SQLite.
      for (const [table, column, ids] of [
        ['event_organizers', 'organizer_id', organizers],
        ['event_terms', 'term_id', terms],
      ] as const) {
        if (ids.length === 0) continue;
        await q(
          `INSERT INTO ${table} (event_id, ${column}, position)
           SELECT $1, id, position - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS l (id, position)
           ORDER BY position ON CONFLICT DO NOTHING`,
          [eventId, [...ids]],
        );
      }
      await log(linksReplaced(eventId, [], [...new Set(terms)], true));
    },
    async trash(postId, status, slug, at) {
      await q(
        `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
         VALUES ($1, $2, $3, $4)`,
        [postId, status, slug, at],
      );
    },
    termBySlug: async (taxonomy, slug) =>
      (
        await rowOf<{ id: number }>(q, 'SELECT id FROM terms WHERE taxonomy = $1 AND slug = $2', [
          taxonomy,
          slug,
        ])
      )?.id,
    async insertTerm(wanted, values) {
      const free =
        wanted !== undefined && !(await exists('SELECT 1 FROM terms WHERE id = $1', [wanted]));
      const columns = ['taxonomy', 'name', 'slug', 'description', 'color'];
      const row = await rowOf<{ id: number }>(
        q,
        free
          ? `${insertSql('terms', [...columns, 'id'])} RETURNING id`
          : `${insertSql('terms', columns)} RETURNING id`,
        valuesOf(free ? [...columns, 'id'] : columns, { ...values, id: wanted ?? null }),
      );
      if (free) await taken('terms', row!.id);
      await log(termsCreated([row!.id]));
      return row!.id;
    },
    async setTermParent(id, parent) {
      await q('UPDATE terms SET parent = $2 WHERE id = $1', [id, parent]);
      await log(termWritten(id, true));
    },
    slugVariants: (table: SlugTable, base) => variants(variantsSql(table, 'true'), base, []),
    termSlugVariants: (taxonomy, base) =>
      variants(variantsSql('terms', 'taxonomy = $4'), base, [taxonomy]),
  };
}
