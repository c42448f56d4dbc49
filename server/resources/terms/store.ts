/**
 * SQL for categories and tags (one table, told apart by `taxonomy`). Every statement is prepared
 * once; listing queries are composed from fixed fragments and cached per shape.
 */
import type { PostStatus } from '../../../shared/roles.js';
import type { Db } from '../../db/open.js';
import { prepareSlugVariants } from '../../db/slug-variants.js';
import { uniqueSlug } from '../../text/slug.js';
import type { Taxonomy } from '../../../shared/schemas/term.js';

export interface TermRow {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  /** `null` for a top-level term; the wire shows 0. */
  parent: number | null;
  count: number;
  /** `#rrggbb`, categories only; `null` when none was chosen. */
  color: string | null;
}

export interface EventTermRow extends TermRow {
  event_id: number;
}

export type NewTerm = Omit<TermRow, 'id' | 'count'>;
export type TermChanges = Pick<TermRow, 'name' | 'slug' | 'description' | 'parent' | 'color'>;

/**
 * Sort keys a listing may ask for; each maps to a fixed SQL expression (docs/architecture.md,
 * convention 5).
 */
export type TermSort =
  'id' | 'name' | 'slug' | 'count' | 'description' | 'include' | 'slug__in' | 'none';

export interface TermQuery {
  taxonomy: Taxonomy;
  hideEmpty: boolean;
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  /** 0 lists top-level terms. */
  parent?: number | undefined;
  event?: number | undefined;
  slugs?: string[] | undefined;
  sort: TermSort;
  descending: boolean;
  limit: number;
  offset: number;
}

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

/** `%` and `_` in a search are literal characters, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createTermsStore(db: Db) {
  const slugVariants = prepareSlugVariants<{ taxonomy: string; id: number }>(
    db,
    'terms',
    'taxonomy = @taxonomy AND id <> @id',
  );
  const s = {
    byId: db.prepare<[number], TermRow>('SELECT * FROM terms WHERE id = ?'),
    bySlug: db.prepare<[string, string], TermRow>(
      'SELECT * FROM terms WHERE taxonomy = ? AND slug = ?',
    ),
    byName: db.prepare<[string, string], TermRow>(
      'SELECT * FROM terms WHERE taxonomy = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1',
    ),
    sibling: db.prepare<{ taxonomy: string; name: string; parent: number | null }, TermRow>(
      `SELECT * FROM terms
       WHERE taxonomy = @taxonomy AND name = @name COLLATE NOCASE AND parent IS @parent
       ORDER BY id LIMIT 1`,
    ),
    /** Ids and slugs of one taxonomy among the given candidates, in one round trip. */
    refs: db.prepare<
      { taxonomy: string; ids: string; slugs: string },
      { id: number; slug: string }
    >(
      `SELECT id, slug FROM terms
       WHERE taxonomy = @taxonomy
         AND (id IN (SELECT value FROM json_each(@ids)) OR slug IN (SELECT value FROM json_each(@slugs)))`,
    ),
    idsIn: db.prepare<{ taxonomy: string; ids: string }, { id: number }>(
      `SELECT id FROM terms WHERE taxonomy = @taxonomy AND id IN (SELECT value FROM json_each(@ids))`,
    ),
    /** The terms linked to a page of events, in link order. */
    forEvents: db.prepare<[string], EventTermRow>(
      `SELECT et.event_id, t.* FROM event_terms et JOIN terms t ON t.id = et.term_id
       WHERE et.event_id IN (SELECT value FROM json_each(?))
       ORDER BY et.event_id, et.position, t.id`,
    ),
    /** The same rows for links given as `[[event_id, term_id], ...]` (computed occurrences). */
    forLinks: db.prepare<[string], EventTermRow>(
      `SELECT json_extract(j.value, '$[0]') AS event_id, t.* FROM json_each(?) j
       JOIN terms t ON t.id = json_extract(j.value, '$[1]')
       ORDER BY json_extract(j.value, '$[0]'), j.key`,
    ),
    ancestors: db.prepare<[number], { id: number }>(
      `WITH RECURSIVE up(id, parent) AS (
         SELECT id, parent FROM terms WHERE id = ?
         UNION SELECT t.id, t.parent FROM terms t JOIN up ON t.id = up.parent
       ) SELECT id FROM up`,
    ),
    descendants: db.prepare<[string], { id: number }>(
      `WITH RECURSIVE down(id) AS (
         SELECT value FROM json_each(?)
         UNION SELECT t.id FROM terms t JOIN down ON t.parent = down.id
       ) SELECT id FROM down`,
    ),
    eventOwner: db.prepare<[number], { author: number | null; status: PostStatus }>(
      'SELECT author, status FROM events WHERE id = ?',
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

  const listCache = new Map<
    string,
    { page: ReturnType<Db['prepare']>; count: ReturnType<Db['prepare']> }
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
    if (q.search !== undefined) {
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
        page: db.prepare(
          `SELECT t.* FROM terms t WHERE ${filter} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        ),
        count: db.prepare(`SELECT count(*) AS n FROM terms t WHERE ${filter}`),
      };
      listCache.set(key, cached);
    }
    return cached;
  }

  function listParams(q: TermQuery): Record<string, unknown> {
    const params: Record<string, unknown> = { taxonomy: q.taxonomy };
    if (q.search !== undefined) params.search = likePattern(q.search);
    if (q.include !== undefined) params.include = JSON.stringify(q.include);
    if (q.exclude !== undefined) params.exclude = JSON.stringify(q.exclude);
    if (q.parent !== undefined) params.parent = q.parent === 0 ? null : q.parent;
    if (q.event !== undefined) params.event = q.event;
    if (q.slugs !== undefined) params.slugs = JSON.stringify(q.slugs);
    return params;
  }

  return {
    get: (id: number): TermRow | undefined => s.byId.get(id),
    bySlug: (taxonomy: Taxonomy, slug: string): TermRow | undefined => s.bySlug.get(taxonomy, slug),
    byName: (taxonomy: Taxonomy, name: string): TermRow | undefined => s.byName.get(taxonomy, name),
    sibling: (taxonomy: Taxonomy, name: string, parent: number | null): TermRow | undefined =>
      s.sibling.get({ taxonomy, name, parent }),
    refs: (taxonomy: Taxonomy, ids: number[], slugs: string[]) =>
      s.refs.all({ taxonomy, ids: JSON.stringify(ids), slugs: JSON.stringify(slugs) }),
    existingIds: (taxonomy: Taxonomy, ids: number[]): Set<number> =>
      new Set(s.idsIn.all({ taxonomy, ids: JSON.stringify(ids) }).map((r) => r.id)),
    forEvents: (eventIds: number[]): EventTermRow[] => s.forEvents.all(JSON.stringify(eventIds)),
    forLinks: (links: [number, number][]): EventTermRow[] =>
      links.length === 0 ? [] : s.forLinks.all(JSON.stringify(links)),
    /** The term itself and every ancestor up to the root. */
    lineage: (id: number): number[] => s.ancestors.all(id).map((r) => r.id),
    /** The given ids followed by every descendant of them, each once. */
    withDescendants: (ids: number[]): number[] =>
      s.descendants.all(JSON.stringify(ids)).map((r) => r.id),
    eventExists: (id: number): boolean => s.eventOwner.get(id) !== undefined,
    /** The author and status of event `id`, which decide who may read it. */
    eventOwner: (id: number) => s.eventOwner.get(id),

    list(q: TermQuery): { rows: TermRow[]; total: number } {
      const statements = listStatements(q);
      const params = listParams(q);
      const { n } = statements.count.get(params) as { n: number };
      const rows =
        n === 0 || q.offset >= n
          ? []
          : (statements.page.all({ ...params, limit: q.limit, offset: q.offset }) as TermRow[]);
      return { rows, total: n };
    },

    /** The slugs other terms of the taxonomy use among `base` and `base-<n>`. */
    slugVariants: (taxonomy: Taxonomy, base: string, self = 0): Set<string> =>
      slugVariants(base, { taxonomy, id: self }),

    /** Inserts a term; a slug left empty by sanitising becomes the term's id, as in WordPress. */
    insert(term: NewTerm): number {
      const id = Number(s.insert.run(term).lastInsertRowid);
      if (term.slug !== '') return id;
      const base = String(id);
      s.setSlug.run(uniqueSlug(base, slugVariants(base, { taxonomy: term.taxonomy, id })), id);
      return id;
    },
    update: (id: number, changes: TermChanges): void => {
      s.update.run({ id, ...changes });
    },
    /** Deletes a term; its children move up to its own parent (one transaction). */
    remove: db.transaction((id: number, parent: number | null): void => {
      s.reparent.run(parent, id);
      s.remove.run(id);
    }),
    transaction: <A extends unknown[], R>(fn: (...args: A) => R) => db.transaction(fn),
  };
}

export type TermsStore = ReturnType<typeof createTermsStore>;
