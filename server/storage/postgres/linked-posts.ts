/**
 * PostgreSQL's SQL of the venues and organizers aggregates (storage/linked-posts.ts), generic
 * over the type's row, answering as SQLite's (storage/sqlite/linked-posts.ts) does: titles
 * ordered and text compared with SQLite's NOCASE (nocase(), migration 0001), and SQLite's `LIKE`,
 * which folds ASCII letters, as `nocase(column) LIKE nocase(pattern)`. Table and column names
 * come from the types' fixed declarations, never from input.
 */
import type { PostStatus } from '../../../shared/roles.js';
import type { LinkedOrderby } from '../../../shared/schemas/order.js';
import {
  LINKED_COLUMNS,
  linkedColumns,
  ownColumns,
  type Detail,
  type LinkedPostsReader,
  type LinkedPostsRepository,
  type LinkedRow,
  type LinkedTable,
  type LinkedValues,
  type ListFilter,
  type ListOrder,
  type Own,
  type TrashMeta,
} from '../linked-posts.js';
import { rowOf, rowsOf, type Query, type Together } from './query.js';
import { pgLog } from './change-log.js';
import { eventsLinkedTo, linkedPostWritten, linksDropped } from '../change-log.js';

/** Sort columns from this fixed map only; each has an index (migrations 0003 and 0015). */
const ORDER_COLUMNS: Record<LinkedOrderby, string> = {
  date: 't.date_utc',
  title: 'nocase(t.title)',
  modified: 't.modified_utc',
};

function orderSql({ by, dir }: ListOrder): string {
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  return `${ORDER_COLUMNS[by]} ${direction}, t.id ${direction}`;
}

/** How each type links to events; `$n` placeholders are numbered by `where`. */
const EVENT_LINKS = {
  venues: {
    linkedTo: (event: string) => `t.id = (SELECT e.venue_id FROM events e WHERE e.id = ${event})`,
    hasEvents: (hidden: string) =>
      `EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.status <> ALL(${hidden}))`,
    upcoming: (now: string, visible: string) =>
      `EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.start_utc >= ${now}
         AND e.status = ANY(${visible}))`,
    unlink: 'UPDATE events SET venue_id = NULL WHERE venue_id = $1',
  },
  organizers: {
    linkedTo: (event: string) =>
      `t.id IN (SELECT eo.organizer_id FROM event_organizers eo WHERE eo.event_id = ${event})`,
    hasEvents: (hidden: string) =>
      `EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id
         WHERE eo.organizer_id = t.id AND e.status <> ALL(${hidden}))`,
    upcoming: (now: string, visible: string) =>
      `EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id
         WHERE eo.organizer_id = t.id AND e.start_utc >= ${now} AND e.status = ANY(${visible}))`,
    unlink: 'DELETE FROM event_organizers WHERE organizer_id = $1',
  },
} as const;

/** Text `LIKE` patterns match literally: `%`, `_` and `\` in the input are escaped. */
const likePattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Statuses of events that do not make a venue or organizer "have events". */
const EVENTLESS_STATUSES = ['draft', 'pending', 'trash'];

/** A statement's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function pgLinkedPostsReader<Row extends LinkedRow>(
  q: Query,
  together: Together,
  kind: LinkedTable<Row>,
): LinkedPostsReader<Row> {
  const t = kind.table;
  const links = EVENT_LINKS[t];
  const columns = linkedColumns(kind);
  const searchColumns = ['title', 'description', 'excerpt', ...kind.columns.searched];

  function where(filter: ListFilter, params: Params): string {
    const parts = [`t.status = ANY(${params.add(filter.statuses)}::text[])`];
    if (filter.ownOrPublishedFor !== undefined)
      parts.push(`(t.status = 'publish' OR t.author = ${params.add(filter.ownOrPublishedFor)})`);
    if (filter.event !== undefined) parts.push(links.linkedTo(params.add(filter.event)));
    if (filter.hasEvents !== undefined) {
      const exists = links.hasEvents(`${params.add(EVENTLESS_STATUSES)}::text[]`);
      parts.push(filter.hasEvents ? exists : `NOT ${exists}`);
    }
    if (filter.upcoming !== undefined) {
      parts.push(
        links.upcoming(
          params.add(filter.upcoming.now),
          `${params.add(filter.upcoming.statuses)}::text[]`,
        ),
      );
    }
    const fragments = (filter.fragments ?? []).map((f) => params.add(likePattern(f)));
    if (fragments.length > 0) {
      const perColumn = searchColumns.map(
        (c) =>
          `(${fragments.map((p) => `nocase(t.${c}) LIKE nocase(${p}) ESCAPE '\\'`).join(' AND ')})`,
      );
      parts.push(`(${perColumn.join(' OR ')})`);
    }
    return parts.join(' AND ');
  }

  return {
    find: (id) => rowOf<Row>(q, `SELECT * FROM ${t} WHERE id = $1`, [id]),
    findBySlug: (slug) =>
      rowOf<Row>(q, `SELECT * FROM ${t} WHERE slug = $1 ORDER BY id LIMIT 1`, [slug]),
    findMany: async (ids) =>
      ids.length === 0
        ? []
        : rowsOf<Row>(q, `SELECT * FROM ${t} WHERE id = ANY($1::bigint[])`, [[...new Set(ids)]]),
    kindOf: async (id) =>
      (await rowOf<{ kind: string }>(q, 'SELECT kind FROM posts WHERE id = $1', [id]))?.kind,
    eventOwner: (id) =>
      rowOf<{ author: number | null; status: PostStatus }>(
        q,
        'SELECT author, status FROM events WHERE id = $1',
        [id],
      ),
    // `base`, `base-2`, `base-3`, … sit between `base` and `base.` in byte order ('.' follows
    // '-'), as on SQLite (db/slug-variants.ts): one range of the slug index.
    slugVariants: async (base, exceptId) => {
      const rows = await rowsOf<{ slug: string }>(
        q,
        `SELECT slug FROM ${t}
         WHERE slug >= $1 AND slug < $2 AND id <> $3
           AND (slug = $1 OR (substr(slug, $4 - 1, 1) = '-' AND substr(slug, $4) <> ''
             AND substr(slug, $4) !~ '[^0-9]'))`,
        [base, `${base}.`, exceptId, [...base].length + 2],
      );
      return new Set(rows.map((row) => row.slug));
    },
    trashMeta: (id) =>
      rowOf<TrashMeta>(
        q,
        'SELECT previous_status, previous_slug FROM trash_meta WHERE post_id = $1',
        [id],
      ),

    findDuplicate(given) {
      const names = Object.keys(given)
        .filter((name) => columns.includes(name))
        .sort();
      const params = new Params();
      const tests = names.map((name) => {
        const value: Detail = given[name]!;
        return typeof value === 'string'
          ? `nocase(${name}) = nocase(${params.add(value)}::text)`
          : `${name} IS NOT DISTINCT FROM ${params.add(value)}`;
      });
      return rowOf<Row>(
        q,
        `SELECT * FROM ${t} WHERE ${["status <> 'trash'", ...tests].join(' AND ')}
         ORDER BY id LIMIT 1`,
        params.values,
      );
    },

    list(filter, limit, offset, counted) {
      const params = new Params();
      const clause = where(filter, params);
      const order = orderSql(filter.order);
      const limits = [params.add(limit), params.add(offset)];
      return together(async (read) => {
        const rows = await rowsOf<Row>(
          read,
          `SELECT t.* FROM ${t} t WHERE ${clause} ORDER BY ${order}
           LIMIT ${limits[0]} OFFSET ${limits[1]}`,
          params.values,
        );
        const total = counted
          ? (await rowOf<{ total: number }>(
              read,
              `SELECT count(*) AS total FROM ${t} t WHERE ${clause}`,
              params.values.slice(0, -2),
            ))!.total
          : -1;
        return { rows, total };
      });
    },
  };
}

export function pgLinkedPosts<Row extends LinkedRow>(
  q: Query,
  together: Together,
  kind: LinkedTable<Row>,
): LinkedPostsRepository<Row> {
  const t = kind.table;
  const own = ownColumns(kind);
  const columns = linkedColumns(kind);
  const placeholders = columns.map((_, i) => `$${i + 2}`).join(', ');
  const assignments = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  // Answers the status the row had (the change log remembers whether it was ever public).
  const update = `UPDATE ${t} SET ${assignments}
    FROM (SELECT status AS before FROM ${t} WHERE id = $1) o WHERE id = $1 RETURNING o.before`;
  const log = pgLog(q);
  const write = async (id: number, row: unknown[]) => {
    const updated = await rowOf<{ before: string }>(q, update, row);
    if (updated) await log(linkedPostWritten(kind.type, id, updated.before));
  };

  /** Every column's value for a write: the id, the shared columns and the type's own. */
  function values(id: number, shared: LinkedValues, ownValues: Own<Row>): unknown[] {
    return [
      id,
      ...LINKED_COLUMNS.map((column) => shared[column]),
      ...own.map((column) => ownValues[column]),
    ];
  }

  return {
    ...pgLinkedPostsReader(q, together, kind),
    async insert(shared, ownValues) {
      const post = await rowOf<{ id: number }>(
        q,
        'INSERT INTO posts (kind) VALUES ($1) RETURNING id',
        [kind.type],
      );
      const id = post!.id;
      await q(
        `INSERT INTO ${t} (id, ${columns.join(', ')}) VALUES ($1, ${placeholders})`,
        values(id, shared, ownValues),
      );
      await log(linkedPostWritten(kind.type, id, undefined));
      return id;
    },
    async update(id, shared, ownValues) {
      await write(id, values(id, shared, ownValues));
    },
    async trash(row, shared, trashedUtc) {
      await q(
        `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (post_id) DO UPDATE SET previous_status = excluded.previous_status,
           previous_slug = excluded.previous_slug, trashed_utc = excluded.trashed_utc`,
        [row.id, row.status, row.slug, trashedUtc],
      );
      await write(row.id, values(row.id, shared, row));
      const events = await log(eventsLinkedTo(kind.type, row.id));
      await q(EVENT_LINKS[t].unlink, [row.id]);
      await log(linksDropped(kind.type, events));
    },
    async forgetTrash(id) {
      await q('DELETE FROM trash_meta WHERE post_id = $1', [id]);
    },
  };
}
