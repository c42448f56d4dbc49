/**
 * The PostgreSQL adapter of the export's reads (../export.ts): one connection of the pool in a
 * read-only REPEATABLE READ transaction for the whole export, so the document is one snapshot
 * however long it takes to send, while every node keeps writing.
 */
import type pg from 'pg';
import {
  EXPORT_BATCH,
  emptyLinks,
  type ExportReader,
  type ExportRow,
  type ExportTable,
  type TrashRow,
} from '../export.js';

const SELECTS: Record<ExportTable, string> = {
  users: 'SELECT id, login, email, display_name, role FROM users WHERE',
  media: 'SELECT * FROM media WHERE',
  categories: "SELECT * FROM terms WHERE taxonomy = 'category' AND",
  tags: "SELECT * FROM terms WHERE taxonomy = 'tag' AND",
  venues: 'SELECT * FROM venues WHERE',
  organizers: 'SELECT * FROM organizers WHERE',
  series: 'SELECT * FROM series WHERE',
  events: 'SELECT * FROM events WHERE',
};

export function pgExportReader(pool: pg.Pool): ExportReader {
  return {
    async snapshot() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        // The snapshot is taken by the transaction's first statement, not by BEGIN.
        await client.query('SELECT 1');
      } catch (error) {
        client.release(true);
        throw error;
      }
      const rows = async <R extends pg.QueryResultRow>(sql: string, values: unknown[]) =>
        (await client.query<R>(sql, values)).rows;
      return {
        page: (table, after) =>
          rows<ExportRow>(`${SELECTS[table]} id > $1 ORDER BY id LIMIT $2`, [after, EXPORT_BATCH]),
        async trash(ids) {
          const found = await rows<TrashRow>(
            'SELECT * FROM trash_meta WHERE post_id = ANY ($1::bigint[])',
            [ids],
          );
          return new Map(found.map((row) => [row.post_id, row]));
        },
        async links(ids) {
          const out = emptyLinks(ids);
          const organizers = await rows<{ event_id: number; organizer_id: number }>(
            `SELECT event_id, organizer_id FROM event_organizers
             WHERE event_id = ANY ($1::bigint[]) ORDER BY event_id, position`,
            [ids],
          );
          for (const row of organizers) out.get(row.event_id)?.organizers.push(row.organizer_id);
          const terms = await rows<{ event_id: number; term_id: number; taxonomy: string }>(
            `SELECT et.event_id, et.term_id, t.taxonomy
             FROM event_terms et JOIN terms t ON t.id = et.term_id
             WHERE et.event_id = ANY ($1::bigint[]) ORDER BY et.event_id, et.position`,
            [ids],
          );
          for (const row of terms) {
            const links = out.get(row.event_id);
            if (links)
              (row.taxonomy === 'category' ? links.categories : links.tags).push(row.term_id);
          }
          return out;
        },
        async seriesParts(ids) {
          const out = new Map(ids.map((id) => [id, { exceptions: [] as string[] }]));
          const found = await rows<{ series_id: number; original_start_local: string }>(
            `SELECT series_id, original_start_local FROM series_exceptions
             WHERE series_id = ANY ($1::bigint[]) ORDER BY series_id, original_start_local`,
            [ids],
          );
          for (const row of found)
            out.get(row.series_id)?.exceptions.push(row.original_start_local);
          return out;
        },
        async close() {
          let broken = false;
          await client.query('COMMIT').catch(() => (broken = true));
          client.release(broken);
        },
      };
    },
  };
}
