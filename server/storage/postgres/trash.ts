/**
 * PostgreSQL's SQL of the trash (storage/trash.ts), answering as SQLite's
 * (storage/sqlite/trash.ts) does. Table names come only from the fixed map TRASH_TABLES.
 */
import type { PostStatus } from '../../../shared/roles.js';
import { uniqueSlug } from '../../text/slug.js';
import {
  TRASH_KINDS,
  TRASH_TABLES,
  type TrashReader,
  type TrashRepository,
  type TrashRow,
} from '../trash.js';
import { rowOf, rowsOf, type Query, type Together } from './query.js';
import { pgLog } from './change-log.js';
import { beforePostsDeleted, restored } from '../change-log.js';

// $1..$3: the kinds listed; $4: everyone's; $5: the author; $6: their formerly published ones.
const trashed = TRASH_KINDS.map(
  (kind, i) =>
    `SELECT t.id, '${kind}'::text AS kind, t.title, t.slug, t.author, t.modified_utc,
       m.previous_status, m.previous_slug, m.trashed_utc
     FROM trash_meta AS m JOIN ${TRASH_TABLES[kind]} AS t ON t.id = m.post_id
     WHERE t.status = 'trash' AND $${i + 1}::boolean`,
);

const FILTERED = `
  FROM (${trashed.join(' UNION ALL ')}) AS x
  WHERE $4::boolean OR (x.author = $5 AND ($6::boolean OR
    x.previous_status NOT IN ('publish', 'future', 'private')))`;

type KindRow = Omit<TrashRow, 'kind' | 'previous_status' | 'previous_slug' | 'trashed_utc'> & {
  status: PostStatus;
};

export function pgTrashReader(q: Query, together: Together): TrashReader {
  return {
    list: (query) => {
      const params = [
        ...TRASH_KINDS.map((kind) => query.kinds.includes(kind)),
        query.scope.all,
        query.scope.author,
        query.scope.published,
      ];
      // One snapshot for the page and its total.
      return together(async (t) => ({
        rows: await rowsOf<TrashRow>(
          t,
          `SELECT * ${FILTERED} ORDER BY x.trashed_utc DESC, x.id DESC LIMIT $7 OFFSET $8`,
          [...params, query.limit, query.offset],
        ),
        total: (await rowOf<{ n: number }>(t, `SELECT count(*) AS n ${FILTERED}`, params))!.n,
      }));
    },
    async find(id) {
      const kind = (await rowOf<{ kind: string }>(q, 'SELECT kind FROM posts WHERE id = $1', [id]))
        ?.kind;
      if (kind !== 'event' && kind !== 'venue' && kind !== 'organizer') return undefined;
      const row = await rowOf<KindRow>(
        q,
        `SELECT id, title, slug, author, modified_utc, status FROM ${TRASH_TABLES[kind]}
         WHERE id = $1`,
        [id],
      );
      if (!row) return undefined;
      const meta = await rowOf<{
        previous_status: PostStatus;
        previous_slug: string;
        trashed_utc: string;
      }>(
        q,
        'SELECT previous_status, previous_slug, trashed_utc FROM trash_meta WHERE post_id = $1',
        [id],
      );
      return {
        ...row,
        kind,
        previous_status: meta?.previous_status ?? null,
        previous_slug: meta?.previous_slug ?? null,
        trashed_utc: meta?.trashed_utc ?? null,
      };
    },
  };
}

export function pgTrash(q: Query, together: Together): TrashRepository {
  const log = pgLog(q);
  const removePosts = async (ids: readonly number[]): Promise<number> => {
    if (ids.length === 0) return 0;
    const after = await log(beforePostsDeleted(ids));
    const removed = await q('DELETE FROM posts WHERE id = ANY($1::bigint[])', [[...ids]]);
    await log(after());
    return removed.rowCount ?? 0;
  };
  return {
    ...pgTrashReader(q, together),
    async restore(id, kind, status, slug, now) {
      const table = TRASH_TABLES[kind];
      let candidate = slug;
      if (slug !== '') {
        // `base`, `base-2`, … sit between `base` and `base.` in byte order, as on SQLite
        // (db/slug-variants.ts): one range of the slug index.
        const taken = await rowsOf<{ slug: string }>(
          q,
          `SELECT slug FROM ${table}
           WHERE slug >= $1 AND slug < $2 AND id <> $3 AND status <> 'trash'
             AND (slug = $1 OR (substr(slug, $4 - 1, 1) = '-' AND substr(slug, $4) <> ''
               AND substr(slug, $4) !~ '[^0-9]'))`,
          [slug, `${slug}.`, id, [...slug].length + 2],
        );
        candidate = uniqueSlug(slug, new Set(taken.map((row) => row.slug)));
      }
      const updated = await q(
        `UPDATE ${table} SET status = $2, slug = $3, modified_utc = $4
         WHERE id = $1 AND status = 'trash'`,
        [id, status, candidate, now],
      );
      if ((updated.rowCount ?? 0) > 0) await log(restored(kind, id, status));
      await q('DELETE FROM trash_meta WHERE post_id = $1', [id]);
      return candidate;
    },
    // Deleting the posts row cascades to the object, its links and its trash_meta; the term
    // count triggers keep the counts right.
    remove: async (id) => (await removePosts([id])) > 0,
    async empty() {
      const trashed = await rowsOf<{ id: number }>(
        q,
        `SELECT id FROM events WHERE status = 'trash'
         UNION ALL SELECT id FROM venues WHERE status = 'trash'
         UNION ALL SELECT id FROM organizers WHERE status = 'trash'
         ORDER BY id`,
      );
      return removePosts(trashed.map((row) => Number(row.id)));
    },
  };
}
