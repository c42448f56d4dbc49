/**
 * SQL for the trash: trashed events, venues and organizers (status `trash`), what they were
 * before (table trash_meta), restoring them and deleting them for good.
 *
 * Table names come only from the fixed map below (posts.kind → table), never from input.
 */
import type { Db } from '../../db/open.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import { uniqueSlug } from '../../text/slug.js';
import type { PostStatus } from '../../../shared/roles.js';

export const TRASH_KINDS = ['event', 'venue', 'organizer'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

const TABLES: Record<TrashKind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

/** A trashed object with what restoring it gives back. */
export interface TrashRow {
  id: number;
  kind: TrashKind;
  title: string;
  /** The slug it has while trashed (usually with `__trashed` appended). */
  slug: string;
  author: number | null;
  modified_utc: string;
  /** From trash_meta; null when the object went to the trash without a record. */
  previous_status: PostStatus | null;
  previous_slug: string | null;
  trashed_utc: string | null;
}

/** Who may see which rows: everyone's, or one author's (optionally only unpublished ones). */
export interface TrashScope {
  all: boolean;
  author: number;
  /** Whether the author's formerly published objects are included. */
  published: boolean;
}

export interface TrashQuery {
  kinds: readonly TrashKind[];
  scope: TrashScope;
  limit: number;
  offset: number;
}

// The listing starts from trash_meta, which every trashing through the API writes, so it reads
// only the trashed rows instead of scanning whole tables for status = 'trash' (CROSS JOIN keeps
// SQLite from choosing the other order).
const trashed = (kind: TrashKind) =>
  `SELECT t.id, '${kind}' AS kind, t.title, t.slug, t.author, t.modified_utc,
     m.previous_status, m.previous_slug, m.trashed_utc
   FROM trash_meta AS m CROSS JOIN ${TABLES[kind]} AS t ON t.id = m.post_id
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

export function createTrashStore(db: Db) {
  const perKind = (make: (table: string) => string) =>
    Object.fromEntries(TRASH_KINDS.map((kind) => [kind, db.prepare(make(TABLES[kind]))])) as Record<
      TrashKind,
      ReturnType<Db['prepare']>
    >;

  const slugVariants = Object.fromEntries(
    TRASH_KINDS.map((kind) => [
      kind,
      prepareSlugVariants<{ id: number }>(db, TABLES[kind], "id <> @id AND status <> 'trash'"),
    ]),
  ) as Record<TrashKind, (base: string, params: { id: number }) => Set<string>>;

  const s = {
    list: db.prepare<[ListParams & { limit: number; offset: number }], TrashRow>(
      `SELECT * ${FILTERED} ORDER BY x.trashed_utc DESC, x.id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<[ListParams], { n: number }>(`SELECT count(*) AS n ${FILTERED}`),
    kind: db.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
    row: perKind(
      (table) => `SELECT id, title, slug, author, modified_utc, status FROM ${table} WHERE id = ?`,
    ),
    meta: db.prepare<
      [number],
      { previous_status: PostStatus; previous_slug: string; trashed_utc: string }
    >('SELECT previous_status, previous_slug, trashed_utc FROM trash_meta WHERE post_id = ?'),
    restore: perKind(
      (table) =>
        `UPDATE ${table} SET status = @status, slug = @slug, modified_utc = @now
         WHERE id = @id AND status = 'trash'`,
    ),
    dropMeta: db.prepare<[number]>('DELETE FROM trash_meta WHERE post_id = ?'),
    // Deleting the posts row cascades to the object, its links and its trash_meta; the term
    // count triggers keep the counts right.
    remove: db.prepare<[number]>('DELETE FROM posts WHERE id = ?'),
    empty: db.prepare(
      `DELETE FROM posts WHERE id IN (
         SELECT id FROM events WHERE status = 'trash'
         UNION ALL SELECT id FROM venues WHERE status = 'trash'
         UNION ALL SELECT id FROM organizers WHERE status = 'trash')`,
    ),
  };

  function find(id: number): (TrashRow & { status: PostStatus }) | undefined {
    const kind = s.kind.get(id)?.kind;
    if (kind !== 'event' && kind !== 'venue' && kind !== 'organizer') return undefined;
    const row = s.row[kind].get(id) as
      | (Omit<TrashRow, 'kind' | 'previous_status' | 'previous_slug' | 'trashed_utc'> & {
          status: PostStatus;
        })
      | undefined;
    if (!row) return undefined;
    const meta = s.meta.get(id);
    return {
      ...row,
      kind,
      previous_status: meta?.previous_status ?? null,
      previous_slug: meta?.previous_slug ?? null,
      trashed_utc: meta?.trashed_utc ?? null,
    };
  }

  return {
    list(query: TrashQuery): { rows: TrashRow[]; total: number } {
      const params = listParams(query);
      return db.transaction(() => ({
        rows: s.list.all({ ...params, limit: query.limit, offset: query.offset }),
        total: s.count.get(params)!.n,
      }))();
    },

    find,

    /**
     * Gives a trashed object back its status and slug. A slug another live object took in
     * the meantime gets a `-2`, `-3`… suffix, as WordPress does when it untrashes.
     */
    restore: db.transaction(
      (id: number, kind: TrashKind, status: PostStatus, slug: string, now: string) => {
        const candidate = slug === '' ? '' : uniqueSlug(slug, slugVariants[kind](slug, { id }));
        s.restore[kind].run({ id, status, slug: candidate, now });
        s.dropMeta.run(id);
        return candidate;
      },
    ),

    remove: (id: number): boolean => s.remove.run(id).changes > 0,

    empty: db.transaction((): number => s.empty.run().changes),
  };
}

export type TrashStore = ReturnType<typeof createTrashStore>;
