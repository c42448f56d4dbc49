/**
 * SQL of the terms aggregate (storage/terms.ts): categories and tags in one table. Statements are
 * prepared once; listings are composed from fixed fragments and each shape is prepared once and
 * cached.
 */
import type { PostStatus } from '../../../shared/roles.js';
import type { Db } from '../../db/open.js';
import { readHandle, type ReadStatement } from '../../db/read.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import type {
  EventTermRow,
  NewTerm,
  TermChanges,
  TermQuery,
  TermRow,
  TermSort,
  TermsReader,
  TermsRepository,
} from '../terms.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import {
  beforeChildrenMoved,
  beforeTermDeleted,
  shownChanged,
  termWritten,
  termsCreated,
  type ShownTerm,
} from '../change-log.js';

const SORT_SQL: Record<TermSort, string> = {
  id: 't.id',
  name: 't.name COLLATE NOCASE',
  slug: 't.slug',
  count: 't.count',
  description: 't.description COLLATE NOCASE',
  include: '(SELECT key FROM json_each(@include) WHERE value = t.id)',
  slug__in: '(SELECT key FROM json_each(@slugs) WHERE value = t.slug)',
  none: 't.id',
};

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Params = Record<string, unknown>;

/**
 * The reads. Built on the connection rather than its read-only handle for one reason: a page and
 * its total are read in one deferred (read) transaction, so that they agree.
 */
export function sqliteTermsReader(db: Db): Sync<TermsReader> {
  const reading = readHandle(db);
  const slugVariants = prepareSlugVariants<{ taxonomy: string; id: number }>(
    db,
    'terms',
    'taxonomy = @taxonomy AND id <> @id',
  );
  const s = {
    byId: reading.prepare<[number], TermRow>('SELECT * FROM terms WHERE id = ?'),
    bySlug: reading.prepare<[string, string], TermRow>(
      'SELECT * FROM terms WHERE taxonomy = ? AND slug = ?',
    ),
    byName: reading.prepare<[string, string], TermRow>(
      'SELECT * FROM terms WHERE taxonomy = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1',
    ),
    sibling: reading.prepare<{ taxonomy: string; name: string; parent: number | null }, TermRow>(
      `SELECT * FROM terms
       WHERE taxonomy = @taxonomy AND name = @name COLLATE NOCASE AND parent IS @parent
       ORDER BY id LIMIT 1`,
    ),
    refs: reading.prepare<
      { taxonomy: string; ids: string; slugs: string },
      { id: number; slug: string }
    >(
      `SELECT id, slug FROM terms
       WHERE taxonomy = @taxonomy
         AND (id IN (SELECT value FROM json_each(@ids)) OR slug IN (SELECT value FROM json_each(@slugs)))`,
    ),
    idsIn: reading.prepare<{ taxonomy: string; ids: string }, { id: number }>(
      `SELECT id FROM terms WHERE taxonomy = @taxonomy AND id IN (SELECT value FROM json_each(@ids))`,
    ),
    forEvents: reading.prepare<[string], EventTermRow>(
      `SELECT et.event_id, t.* FROM event_terms et JOIN terms t ON t.id = et.term_id
       WHERE et.event_id IN (SELECT value FROM json_each(?))
       ORDER BY et.event_id, et.position, t.id`,
    ),
    forLinks: reading.prepare<[string], EventTermRow>(
      `SELECT json_extract(j.value, '$[0]') AS event_id, t.* FROM json_each(?) j
       JOIN terms t ON t.id = json_extract(j.value, '$[1]')
       ORDER BY json_extract(j.value, '$[0]'), j.key`,
    ),
    ancestors: reading.prepare<[number], { id: number }>(
      `WITH RECURSIVE up(id, parent) AS (
         SELECT id, parent FROM terms WHERE id = ?
         UNION SELECT t.id, t.parent FROM terms t JOIN up ON t.id = up.parent
       ) SELECT id FROM up`,
    ),
    descendants: reading.prepare<[string], { id: number }>(
      `WITH RECURSIVE down(id) AS (
         SELECT value FROM json_each(?)
         UNION SELECT t.id FROM terms t JOIN down ON t.parent = down.id
       ) SELECT id FROM down`,
    ),
    eventOwner: reading.prepare<[number], { author: number | null; status: PostStatus }>(
      'SELECT author, status FROM events WHERE id = ?',
    ),
  };

  const listCache = new Map<
    string,
    { page: ReadStatement<[Params], TermRow>; count: ReadStatement<[Params], { n: number }> }
  >();

  function listStatements(q: TermQuery) {
    const where = ['t.taxonomy = @taxonomy'];
    if (q.hideEmpty && q.taxonomy === 'tag') where.push('t.count > 0');
    // As in WordPress, an empty category stays listed while a descendant has published events.
    if (q.hideEmpty && q.taxonomy === 'category') {
      where.push(`t.id IN (
        WITH RECURSIVE used(id, parent) AS (
          SELECT id, parent FROM terms WHERE taxonomy = 'category' AND count > 0
          UNION SELECT p.id, p.parent FROM terms p JOIN used ON p.id = used.parent
        ) SELECT id FROM used)`);
    }
    // SQLite's LIKE ends a pattern at a NUL ('\u0000' would match every term); no term is
    // looked for through one, as on PostgreSQL, whose text cannot hold it.
    if (q.search?.includes('\u0000')) where.push('0');
    else if (q.search !== undefined) {
      where.push("(t.name LIKE @search ESCAPE '\\' OR t.slug LIKE @search ESCAPE '\\')");
    }
    if (q.include !== undefined) where.push('t.id IN (SELECT value FROM json_each(@include))');
    if (q.exclude !== undefined) where.push('t.id NOT IN (SELECT value FROM json_each(@exclude))');
    if (q.parent !== undefined) where.push('t.parent IS @parent');
    if (q.event !== undefined) {
      where.push('t.id IN (SELECT term_id FROM event_terms WHERE event_id = @event)');
    }
    if (q.slugs !== undefined) where.push('t.slug IN (SELECT value FROM json_each(@slugs))');
    const direction = q.descending ? 'DESC' : 'ASC';
    // Ties (equal names, counts, ...) fall back to the id so pages never overlap.
    const order = `${SORT_SQL[q.sort]} ${direction}, t.id ${direction}`;
    const filter = where.join(' AND ');
    const key = `${filter}|${order}`;
    let cached = listCache.get(key);
    if (!cached) {
      cached = {
        page: reading.prepare<Params, TermRow>(
          `SELECT t.* FROM terms t WHERE ${filter} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        ),
        count: reading.prepare<Params, { n: number }>(
          `SELECT count(*) AS n FROM terms t WHERE ${filter}`,
        ),
      };
      listCache.set(key, cached);
    }
    return cached;
  }

  function listParams(q: TermQuery): Params {
    const params: Params = { taxonomy: q.taxonomy };
    if (q.search !== undefined && !q.search.includes('\u0000'))
      params.search = likePattern(q.search);
    if (q.include !== undefined) params.include = JSON.stringify(q.include);
    if (q.exclude !== undefined) params.exclude = JSON.stringify(q.exclude);
    if (q.parent !== undefined) params.parent = q.parent === 0 ? null : q.parent;
    if (q.event !== undefined) params.event = q.event;
    if (q.slugs !== undefined) params.slugs = JSON.stringify(q.slugs);
    return params;
  }

  return {
    find: (id) => s.byId.get(id),
    bySlug: (taxonomy, slug) => s.bySlug.get(taxonomy, slug),
    byName: (taxonomy, name) => s.byName.get(taxonomy, name),
    sibling: (taxonomy, name, parent) => s.sibling.get({ taxonomy, name, parent }),
    refs: (taxonomy, ids, slugs) =>
      s.refs.all({ taxonomy, ids: JSON.stringify(ids), slugs: JSON.stringify(slugs) }),
    existingIds: (taxonomy, ids) =>
      new Set(s.idsIn.all({ taxonomy, ids: JSON.stringify(ids) }).map((r) => r.id)),
    forEvents: (eventIds) =>
      eventIds.length === 0 ? [] : s.forEvents.all(JSON.stringify(eventIds)),
    forLinks: (links) => (links.length === 0 ? [] : s.forLinks.all(JSON.stringify(links))),
    lineage: (id) => s.ancestors.all(id).map((r) => r.id),
    withDescendants: (ids) =>
      ids.length === 0 ? [] : s.descendants.all(JSON.stringify(ids)).map((r) => r.id),
    eventOwner: (id) => s.eventOwner.get(id),
    slugVariants: (taxonomy, base, exceptId) => slugVariants(base, { taxonomy, id: exceptId }),

    list(q) {
      const statements = listStatements(q);
      const params = listParams(q);
      // One snapshot for the page and its total; a read takes no write lock.
      return db
        .transaction(() => {
          const { n } = statements.count.get(params)!;
          const rows =
            n === 0 || q.offset >= n
              ? []
              : statements.page.all({ ...params, limit: q.limit, offset: q.offset });
          return { rows, total: n };
        })
        .deferred();
    },
  };
}

/** The reads and the writes, in the caller's transaction (a unit of work's). */
export function sqliteTerms(db: Db): Sync<TermsRepository> {
  const log = sqliteLog(db);
  const s = {
    shown: db.prepare<[number], ShownTerm & { taxonomy: string }>(
      'SELECT taxonomy, name, slug, description, parent FROM terms WHERE id = ?',
    ),
    insert: db.prepare<NewTerm>(
      `INSERT INTO terms (taxonomy, name, slug, description, parent, color)
       VALUES (@taxonomy, @name, @slug, @description, @parent, @color)`,
    ),
    setSlug: db.prepare<[string, number]>('UPDATE terms SET slug = ? WHERE id = ?'),
    update: db.prepare<TermChanges & { id: number }>(
      `UPDATE terms SET name = @name, slug = @slug, description = @description, parent = @parent,
         color = @color
       WHERE id = @id`,
    ),
    reparent: db.prepare<[number | null, number]>('UPDATE terms SET parent = ? WHERE parent = ?'),
    remove: db.prepare<[number]>('DELETE FROM terms WHERE id = ?'),
  };
  return {
    ...sqliteTermsReader(db),
    insert: (term) => {
      const id = Number(s.insert.run(term).lastInsertRowid);
      log(termsCreated([id]));
      return id;
    },
    update(id, changes) {
      const before = s.shown.get(id);
      s.update.run({ id, ...changes });
      if (before) log(termWritten(id, shownChanged(before, changes)));
    },
    setSlug(id, slug) {
      const before = s.shown.get(id);
      s.setSlug.run(slug, id);
      if (before) log(termWritten(id, before.slug !== slug));
    },
    remove(id, parent) {
      const term = s.shown.get(id);
      const moved = log(beforeChildrenMoved(id));
      s.reparent.run(parent, id);
      log(moved());
      if (!term) return;
      const after = log(beforeTermDeleted({ id, taxonomy: term.taxonomy }));
      s.remove.run(id);
      log(after());
    },
  };
}
