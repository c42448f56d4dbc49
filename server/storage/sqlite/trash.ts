/**
 * SQL of the trash (storage/trash.ts). Table names come only from the fixed map TRASH_TABLES,
 * never from input.
 */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import { uniqueSlug } from '../../text/slug.js';
import type { PostStatus } from '../../../shared/roles.js';
import {
  TRASH_KINDS,
  TRASH_TABLES,
  type TrashKind,
  type TrashQuery,
  type TrashReader,
  type TrashRepository,
  type TrashRow,
} from '../trash.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { beforePostsDeleted, restored } from '../change-log.js';

// The listing starts from trash_meta, which every trashing through the API writes, so it reads
// only the trashed rows instead of scanning whole tables for status = 'trash' (CROSS JOIN keeps
// SQLite from choosing the other order).
const trashed = (kind: TrashKind) =>
  `SELECT t.id, '${kind}' AS kind, t.title, t.slug, t.author, t.modified_utc,
     m.previous_status, m.previous_slug, m.trashed_utc
   FROM trash_meta AS m CROSS JOIN ${TRASH_TABLES[kind]} AS t ON t.id = m.post_id
   WHERE t.status = 'trash' AND @${kind} = 1`;

const FILTERED = `
  FROM (${TRASH_KINDS.map(trashed).join(' UNION ALL ')}) AS x
  WHERE @all = 1 OR (x.author = @author AND (@published = 1 OR
    x.previous_status NOT IN ('publish', 'future', 'private')))`;

type ListParams = Record<TrashKind, 0 | 1> & {
  all: 0 | 1;
  author: number;
  published: 0 | 1;
};

function listParams(query: Omit<TrashQuery, 'limit' | 'offset'>): ListParams {
  const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);
  return {
    event: flag(query.kinds.includes('event')),
    venue: flag(query.kinds.includes('venue')),
    organizer: flag(query.kinds.includes('organizer')),
    all: flag(query.scope.all),
    author: query.scope.author,
    published: flag(query.scope.published),
  };
}

type KindRow = Omit<TrashRow, 'kind' | 'previous_status' | 'previous_slug' | 'trashed_utc'> & {
  status: PostStatus;
};

/**
 * The reads. Built on the connection rather than its read-only handle, as the linked posts'
 * reader is: a page and its total are read in one deferred (read) transaction, so that they agree.
 */
export function sqliteTrashReader(db: Db): Sync<TrashReader> {
  const reading: ReadDb = readHandle(db);
  const list = reading.prepare<[ListParams & { limit: number; offset: number }], TrashRow>(
    `SELECT * ${FILTERED} ORDER BY x.trashed_utc DESC, x.id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = reading.prepare<[ListParams], { n: number }>(`SELECT count(*) AS n ${FILTERED}`);
  const kindOf = reading.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?');
  const rows = Object.fromEntries(
    TRASH_KINDS.map((kind) => [
      kind,
      reading.prepare<[number], KindRow>(
        `SELECT id, title, slug, author, modified_utc, status FROM ${TRASH_TABLES[kind]} WHERE id = ?`,
      ),
    ]),
  ) as Record<TrashKind, ReturnType<typeof reading.prepare<[number], KindRow>>>;
  const meta = reading.prepare<
    [number],
    { previous_status: PostStatus; previous_slug: string; trashed_utc: string }
  >('SELECT previous_status, previous_slug, trashed_utc FROM trash_meta WHERE post_id = ?');

  return {
    list(query) {
      const params = listParams(query);
      // One snapshot for the page and its total; a read takes no write lock.
      return db
        .transaction(() => ({
          rows: list.all({ ...params, limit: query.limit, offset: query.offset }),
          total: count.get(params)!.n,
        }))
        .deferred();
    },
    find(id) {
      const kind = kindOf.get(id)?.kind;
      if (kind !== 'event' && kind !== 'venue' && kind !== 'organizer') return undefined;
      const row = rows[kind].get(id);
      if (!row) return undefined;
      const record = meta.get(id);
      return {
        ...row,
        kind,
        previous_status: record?.previous_status ?? null,
        previous_slug: record?.previous_slug ?? null,
        trashed_utc: record?.trashed_utc ?? null,
      };
    },
  };
}

export function sqliteTrash(db: Db): Sync<TrashRepository> {
  const slugVariants = Object.fromEntries(
    TRASH_KINDS.map((kind) => [
      kind,
      prepareSlugVariants<{ id: number }>(
        db,
        TRASH_TABLES[kind],
        "id <> @id AND status <> 'trash'",
      ),
    ]),
  ) as Record<TrashKind, (base: string, params: { id: number }) => Set<string>>;
  const restore = Object.fromEntries(
    TRASH_KINDS.map((kind) => [
      kind,
      db.prepare<{ id: number; status: string; slug: string; now: string }>(
        `UPDATE ${TRASH_TABLES[kind]} SET status = @status, slug = @slug, modified_utc = @now
         WHERE id = @id AND status = 'trash'`,
      ),
    ]),
  ) as Record<
    TrashKind,
    ReturnType<typeof db.prepare<{ id: number; status: string; slug: string; now: string }>>
  >;
  const dropMeta = db.prepare<[number]>('DELETE FROM trash_meta WHERE post_id = ?');
  // Deleting the posts row cascades to the object, its links and its trash_meta; the term
  // count triggers keep the counts right.
  const remove = db.prepare<[number]>('DELETE FROM posts WHERE id = ?');
  const inTrash = db
    .prepare<[], number>(
      `SELECT id FROM events WHERE status = 'trash'
       UNION ALL SELECT id FROM venues WHERE status = 'trash'
       UNION ALL SELECT id FROM organizers WHERE status = 'trash'
       ORDER BY id`,
    )
    .pluck();
  const removeAll = db.prepare<[string]>(
    'DELETE FROM posts WHERE id IN (SELECT value FROM json_each(?))',
  );
  const log = sqliteLog(db);
  return {
    ...sqliteTrashReader(db),
    restore(id, kind, status, slug, now) {
      const candidate = slug === '' ? '' : uniqueSlug(slug, slugVariants[kind](slug, { id }));
      if (restore[kind].run({ id, status, slug: candidate, now }).changes > 0)
        log(restored(kind, id, status));
      dropMeta.run(id);
      return candidate;
    },
    remove(id) {
      const after = log(beforePostsDeleted([id]));
      const removed = remove.run(id).changes > 0;
      log(after());
      return removed;
    },
    empty() {
      const ids = inTrash.all();
      if (ids.length === 0) return 0;
      const after = log(beforePostsDeleted(ids));
      const removed = removeAll.run(JSON.stringify(ids)).changes;
      log(after());
      return removed;
    },
  };
}
