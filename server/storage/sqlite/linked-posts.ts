/**
 * SQL of the venues and organizers aggregates (storage/linked-posts.ts), generic over the type's
 * row. Table and column names come from the types' fixed declarations, never from input.
 * Statements are prepared once; the listing and duplicate queries vary only by which fixed
 * fragments they combine, and each combination is prepared once and cached.
 */
import type { PostStatus } from '../../../shared/roles.js';
import { insertPostSql } from '../../db/post-ids.js';
import type { Db } from '../../db/open.js';
import { readHandle, type ReadStatement } from '../../db/read.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
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
  type ListOrder,
  type ListFilter,
  type Own,
  type TrashMeta,
} from '../linked-posts.js';
import type { LinkedOrderby } from '../../../shared/schemas/order.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { eventsLinkedTo, linkedPostWritten, linksDropped } from '../change-log.js';

/** Sort columns from this fixed map only; each has an index (migrations 0003 and 0015). */
const ORDER_COLUMNS: Record<LinkedOrderby, string> = {
  date: 't.date_utc',
  title: 't.title COLLATE NOCASE',
  modified: 't.modified_utc',
};

function orderSql({ by, dir }: ListOrder): string {
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  return `${ORDER_COLUMNS[by]} ${direction}, t.id ${direction}`;
}

type Params = Record<string, Detail>;

/** How each type links to events: a venue by `events.venue_id`, organizers by `event_organizers`. */
const EVENT_LINKS = {
  venues: {
    /** Matches rows linked to the event `@event` (listing `event=`). */
    linkedTo: 't.id = (SELECT e.venue_id FROM events e WHERE e.id = @event)',
    /** Matches rows with an event whose status is not in `@hidden` (`has_events`). */
    hasEvents:
      'EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.status NOT IN (SELECT value FROM json_each(@hidden)))',
    /** Matches rows with an event starting at or after `@now` with a status in `@visible`. */
    upcoming:
      'EXISTS (SELECT 1 FROM events e WHERE e.venue_id = t.id AND e.start_utc >= @now AND e.status IN (SELECT value FROM json_each(@visible)))',
    /** Removes the links from events to the row `?` (trashing, docs/contract/decisions.md 6). */
    unlink: 'UPDATE events SET venue_id = NULL WHERE venue_id = ?',
  },
  organizers: {
    linkedTo:
      't.id IN (SELECT eo.organizer_id FROM event_organizers eo WHERE eo.event_id = @event)',
    hasEvents:
      'EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id WHERE eo.organizer_id = t.id AND e.status NOT IN (SELECT value FROM json_each(@hidden)))',
    upcoming:
      'EXISTS (SELECT 1 FROM event_organizers eo JOIN events e ON e.id = eo.event_id WHERE eo.organizer_id = t.id AND e.start_utc >= @now AND e.status IN (SELECT value FROM json_each(@visible)))',
    // Only this organizer's links go (docs/contract/decisions.md 6; the reference drops every
    // organizer).
    unlink: 'DELETE FROM event_organizers WHERE organizer_id = ?',
  },
} as const;

/** Text `LIKE` patterns match literally: `%`, `_` and `\` in the input are escaped. */
const likePattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Statuses of events that do not make a venue or organizer "have events"
 * (docs/contract/compat-notes.md §3.4).
 */
const EVENTLESS_STATUSES = ['draft', 'pending', 'trash'] as const;

/**
 * The reads. Built on the connection rather than its read-only handle for one reason: a page and
 * its total are read in one deferred (read) transaction, so that they agree.
 */
export function sqliteLinkedPostsReader<Row extends LinkedRow>(
  db: Db,
  kind: LinkedTable<Row>,
): Sync<LinkedPostsReader<Row>> {
  const reading = readHandle(db);
  const t = kind.table;
  const links = EVENT_LINKS[t];
  const columns = linkedColumns(kind);
  const searchColumns = ['title', 'description', 'excerpt', ...kind.columns.searched];
  const slugVariants = prepareSlugVariants<{ id: number }>(db, t, 'id <> @id');
  const statements = {
    byId: reading.prepare<[number], Row>(`SELECT * FROM ${t} WHERE id = ?`),
    bySlug: reading.prepare<[string], Row>(`SELECT * FROM ${t} WHERE slug = ? ORDER BY id LIMIT 1`),
    byIds: reading.prepare<[string], Row>(
      `SELECT * FROM ${t} WHERE id IN (SELECT value FROM json_each(?))`,
    ),
    trashMeta: reading.prepare<[number], TrashMeta>(
      'SELECT previous_status, previous_slug FROM trash_meta WHERE post_id = ?',
    ),
    eventOwner: reading.prepare<[number], { author: number | null; status: PostStatus }>(
      'SELECT author, status FROM events WHERE id = ?',
    ),
    kindOf: reading.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
  };

  const cache = new Map<string, ReadStatement<[Params], Row>>();
  const countCache = new Map<string, ReadStatement<[Params], { total: number }>>();
  const duplicateCache = new Map<string, ReadStatement<[Params], Row>>();

  function where(filter: ListFilter, params: Params): { key: string; sql: string } {
    // One status (the anonymous case) walks the (status, <order>, id) index in order: no sort.
    // Several would each walk their own part and need a sort: `+` leaves them out of index
    // selection, so the order's own index is walked instead.
    const single = filter.statuses.length === 1;
    const parts = [
      single ? 't.status = @status' : '+t.status IN (SELECT value FROM json_each(@statuses))',
    ];
    const key: string[] = [single ? 'one' : 'many'];
    if (single) params.status = filter.statuses[0]!;
    else params.statuses = JSON.stringify(filter.statuses);
    if (filter.ownOrPublishedFor !== undefined) {
      parts.push("(t.status = 'publish' OR t.author = @me)");
      params.me = filter.ownOrPublishedFor;
      key.push('own');
    }
    if (filter.event !== undefined) {
      parts.push(links.linkedTo);
      params.event = filter.event;
      key.push('event');
    }
    if (filter.hasEvents !== undefined) {
      parts.push(filter.hasEvents ? links.hasEvents : `NOT ${links.hasEvents}`);
      params.hidden = JSON.stringify(EVENTLESS_STATUSES);
      key.push(`has${filter.hasEvents ? 1 : 0}`);
    }
    if (filter.upcoming !== undefined) {
      parts.push(links.upcoming);
      params.now = filter.upcoming.now;
      params.visible = JSON.stringify(filter.upcoming.statuses);
      key.push('upcoming');
    }
    const fragments = filter.fragments ?? [];
    if (fragments.length > 0) {
      fragments.forEach((fragment, i) => {
        params[`s${i}`] = likePattern(fragment);
      });
      const perColumn = searchColumns.map(
        (c) => `(${fragments.map((_, i) => `t.${c} LIKE @s${i} ESCAPE '\\'`).join(' AND ')})`,
      );
      parts.push(`(${perColumn.join(' OR ')})`);
      key.push(`search${fragments.length}`);
    }
    return { key: key.join(','), sql: parts.join(' AND ') };
  }

  function prepared<R>(
    map: Map<string, ReadStatement<[Params], R>>,
    key: string,
    sql: () => string,
  ): ReadStatement<[Params], R> {
    let statement = map.get(key);
    if (!statement) {
      statement = reading.prepare<Params, R>(sql());
      map.set(key, statement);
    }
    return statement;
  }

  return {
    find: (id) => statements.byId.get(id),
    findBySlug: (slug) => statements.bySlug.get(slug),
    findMany: (ids) =>
      ids.length === 0 ? [] : statements.byIds.all(JSON.stringify([...new Set(ids)])),
    kindOf: (id) => statements.kindOf.get(id)?.kind,
    eventOwner: (id) => statements.eventOwner.get(id),
    slugVariants: (base, exceptId) => slugVariants(base, { id: exceptId }),
    trashMeta: (id) => statements.trashMeta.get(id),

    findDuplicate(given) {
      const names = Object.keys(given)
        .filter((name) => columns.includes(name))
        .sort();
      const statement = prepared(duplicateCache, names.join(','), () => {
        const tests = names.map((name) =>
          typeof given[name] === 'string'
            ? `${name} = @${name} COLLATE NOCASE`
            : `${name} IS @${name}`,
        );
        return `SELECT * FROM ${t} WHERE status <> 'trash' AND ${tests.join(' AND ')} ORDER BY id LIMIT 1`;
      });
      const params: Params = {};
      for (const name of names) params[name] = given[name]!;
      return statement.get(params);
    },

    list(filter, limit, offset, counted) {
      const params: Params = {};
      const clause = where(filter, params);
      const order = orderSql(filter.order);
      const page = prepared(
        cache,
        `${clause.key};${order}`,
        () =>
          `SELECT t.* FROM ${t} t WHERE ${clause.sql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      );
      const count = prepared(
        countCache,
        clause.key,
        () => `SELECT COUNT(*) AS total FROM ${t} t WHERE ${clause.sql}`,
      );
      // One snapshot for the page and its total; a read takes no write lock.
      return db
        .transaction(() => ({
          rows: page.all({ ...params, limit, offset }),
          total: counted ? count.get(params)!.total : -1,
        }))
        .deferred();
    },
  };
}

/** The reads and the writes, in the caller's transaction (a unit of work's). */
export function sqliteLinkedPosts<Row extends LinkedRow>(
  db: Db,
  kind: LinkedTable<Row>,
): Sync<LinkedPostsRepository<Row>> {
  const t = kind.table;
  const own = ownColumns(kind);
  const columns = linkedColumns(kind);
  const log = sqliteLog(db);
  const statements = {
    status: db.prepare<[number], string>(`SELECT status FROM ${t} WHERE id = ?`).pluck(),
    insertPost: db.prepare(insertPostSql(kind.type)),
    insert: db.prepare<Record<string, unknown>>(
      `INSERT INTO ${t} (id, ${columns.join(', ')}) VALUES (@id, ${columns.map((c) => `@${c}`).join(', ')})`,
    ),
    update: db.prepare<Record<string, unknown>>(
      `UPDATE ${t} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
    ),
    saveTrashMeta: db.prepare<[number, string, string, string]>(
      `INSERT INTO trash_meta (post_id, previous_status, previous_slug, trashed_utc) VALUES (?, ?, ?, ?)
       ON CONFLICT (post_id) DO UPDATE SET previous_status = excluded.previous_status,
         previous_slug = excluded.previous_slug, trashed_utc = excluded.trashed_utc`,
    ),
    dropTrashMeta: db.prepare<[number]>('DELETE FROM trash_meta WHERE post_id = ?'),
    unlink: db.prepare<[number]>(EVENT_LINKS[t].unlink),
  };

  /** Every column's value for a write: `@id`, the shared columns and the type's own. */
  function params(id: number, shared: LinkedValues, values: Own<Row>): Record<string, unknown> {
    const out: Record<string, unknown> = { id };
    for (const column of LINKED_COLUMNS) out[column] = shared[column];
    for (const column of own) out[column] = values[column];
    return out;
  }

  return {
    ...sqliteLinkedPostsReader(db, kind),
    insert(shared, values) {
      const id = Number(statements.insertPost.run().lastInsertRowid);
      statements.insert.run(params(id, shared, values));
      log(linkedPostWritten(kind.type, id, undefined));
      return id;
    },
    update(id, shared, values) {
      const before = statements.status.get(id);
      statements.update.run(params(id, shared, values));
      if (before !== undefined) log(linkedPostWritten(kind.type, id, before));
    },
    trash(row, shared, trashedUtc) {
      statements.saveTrashMeta.run(row.id, row.status, row.slug, trashedUtc);
      const before = statements.status.get(row.id);
      statements.update.run(params(row.id, shared, row));
      if (before !== undefined) log(linkedPostWritten(kind.type, row.id, before));
      const events = log(eventsLinkedTo(kind.type, row.id));
      statements.unlink.run(row.id);
      log(linksDropped(kind.type, events));
    },
    forgetTrash(id) {
      statements.dropTrashMeta.run(id);
    },
  };
}
