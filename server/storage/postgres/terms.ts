/**
 * PostgreSQL's SQL of the terms aggregate (storage/terms.ts), answering as SQLite's
 * (storage/sqlite/terms.ts) does: names ordered and compared with SQLite's NOCASE (nocase(),
 * migration 0001), and SQLite's `LIKE`, which folds ASCII letters, as
 * `nocase(column) LIKE nocase(pattern)`.
 */
import type { PostStatus } from '../../../shared/roles.js';
import type {
  EventTermRow,
  TermQuery,
  TermRow,
  TermSort,
  TermsReader,
  TermsRepository,
} from '../terms.js';
import { rowOf, rowsOf, type Query, type Together } from './query.js';
import { pgLog } from './change-log.js';
import {
  beforeChildrenMoved,
  beforeTermDeleted,
  shownChanged,
  termWritten,
  termsCreated,
  type ShownTerm,
} from '../change-log.js';

/** A statement's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The order's expression; `include` and `slug__in` follow the order of the list given. */
function sortSql(q: TermQuery, params: Params): string {
  const sorts: Record<TermSort, () => string> = {
    id: () => 't.id',
    name: () => 'nocase(t.name)',
    slug: () => 't.slug',
    count: () => 't.count',
    description: () => 'nocase(t.description)',
    include: () => `array_position(${params.add(q.include ?? [])}::bigint[], t.id)`,
    slug__in: () => `array_position(${params.add(q.slugs ?? [])}::text[], t.slug)`,
    none: () => 't.id',
  };
  return sorts[q.sort]();
}

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereSql(q: TermQuery, params: Params): string {
  const where = [`t.taxonomy = ${params.add(q.taxonomy)}`];
  if (q.hideEmpty && q.taxonomy === 'tag') where.push('t.count > 0');
  // As in WordPress, an empty category stays listed while a descendant has published events.
  if (q.hideEmpty && q.taxonomy === 'category') {
    where.push(`t.id IN (
      WITH RECURSIVE used(id, parent) AS (
        SELECT id, parent FROM terms WHERE taxonomy = 'category' AND count > 0
        UNION SELECT p.id, p.parent FROM terms p JOIN used ON p.id = used.parent
      ) SELECT id FROM used)`);
  }
  // PostgreSQL's text holds no NUL, so no name or slug has one and a search holding one finds
  // nothing (sent as a parameter, it would be refused: a 500 instead of an empty listing).
  if (q.search?.includes('\u0000')) where.push('false');
  else if (q.search !== undefined) {
    const search = `nocase(${params.add(likePattern(q.search))}::text)`;
    where.push(
      `(nocase(t.name) LIKE ${search} ESCAPE '\\' OR nocase(t.slug) LIKE ${search} ESCAPE '\\')`,
    );
  }
  if (q.include !== undefined) where.push(`t.id = ANY(${params.add(q.include)}::bigint[])`);
  if (q.exclude !== undefined) where.push(`t.id <> ALL(${params.add(q.exclude)}::bigint[])`);
  if (q.parent !== undefined) {
    where.push(
      `t.parent IS NOT DISTINCT FROM ${params.add(q.parent === 0 ? null : q.parent)}::bigint`,
    );
  }
  if (q.event !== undefined) {
    where.push(`t.id IN (SELECT term_id FROM event_terms WHERE event_id = ${params.add(q.event)})`);
  }
  if (q.slugs !== undefined) where.push(`t.slug = ANY(${params.add(q.slugs)}::text[])`);
  return where.join(' AND ');
}

export function pgTermsReader(q: Query, together: Together): TermsReader {
  return {
    find: (id) => rowOf<TermRow>(q, 'SELECT * FROM terms WHERE id = $1', [id]),
    bySlug: (taxonomy, slug) =>
      rowOf<TermRow>(q, 'SELECT * FROM terms WHERE taxonomy = $1 AND slug = $2', [taxonomy, slug]),
    byName: (taxonomy, name) =>
      rowOf<TermRow>(
        q,
        `SELECT * FROM terms WHERE taxonomy = $1 AND nocase(name) = nocase($2::text)
         ORDER BY id LIMIT 1`,
        [taxonomy, name],
      ),
    sibling: (taxonomy, name, parent) =>
      rowOf<TermRow>(
        q,
        `SELECT * FROM terms
         WHERE taxonomy = $1 AND nocase(name) = nocase($2::text)
           AND parent IS NOT DISTINCT FROM $3::bigint
         ORDER BY id LIMIT 1`,
        [taxonomy, name, parent],
      ),
    refs: (taxonomy, ids, slugs) =>
      rowsOf<{ id: number; slug: string }>(
        q,
        `SELECT id, slug FROM terms
         WHERE taxonomy = $1 AND (id = ANY($2::bigint[]) OR slug = ANY($3::text[]))`,
        [taxonomy, ids, slugs],
      ),
    existingIds: async (taxonomy, ids) =>
      new Set(
        (
          await rowsOf<{ id: number }>(
            q,
            'SELECT id FROM terms WHERE taxonomy = $1 AND id = ANY($2::bigint[])',
            [taxonomy, ids],
          )
        ).map((r) => r.id),
      ),
    forEvents: async (eventIds) =>
      eventIds.length === 0
        ? []
        : rowsOf<EventTermRow>(
            q,
            `SELECT et.event_id, t.* FROM event_terms et JOIN terms t ON t.id = et.term_id
             WHERE et.event_id = ANY($1::bigint[])
             ORDER BY et.event_id, et.position, t.id`,
            [eventIds],
          ),
    forLinks: async (links) =>
      links.length === 0
        ? []
        : rowsOf<EventTermRow>(
            q,
            `SELECT l.event_id, t.*
             FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS l(event_id, term_id, n)
             JOIN terms t ON t.id = l.term_id
             ORDER BY l.event_id, l.n`,
            [links.map((link) => link[0]), links.map((link) => link[1])],
          ),
    lineage: async (id) =>
      (
        await rowsOf<{ id: number }>(
          q,
          `WITH RECURSIVE up(id, parent) AS (
             SELECT id, parent FROM terms WHERE id = $1
             UNION SELECT t.id, t.parent FROM terms t JOIN up ON t.id = up.parent
           ) SELECT id FROM up`,
          [id],
        )
      ).map((r) => r.id),
    withDescendants: async (ids) =>
      ids.length === 0
        ? []
        : (
            await rowsOf<{ id: number }>(
              q,
              `WITH RECURSIVE down(id) AS (
                 SELECT unnest($1::bigint[])
                 UNION SELECT t.id FROM terms t JOIN down ON t.parent = down.id
               ) SELECT id FROM down`,
              [ids],
            )
          ).map((r) => r.id),
    eventOwner: (id) =>
      rowOf<{ author: number | null; status: PostStatus }>(
        q,
        'SELECT author, status FROM events WHERE id = $1',
        [id],
      ),
    // `base`, `base-2`, `base-3`, … sit between `base` and `base.` in byte order ('.' follows
    // '-'), as on SQLite (db/slug-variants.ts): one range of the slug index.
    slugVariants: async (taxonomy, base, exceptId) => {
      const rows = await rowsOf<{ slug: string }>(
        q,
        `SELECT slug FROM terms
         WHERE taxonomy = $5 AND slug >= $1 AND slug < $2 AND id <> $3
           AND (slug = $1 OR (substr(slug, $4 - 1, 1) = '-' AND substr(slug, $4) <> ''
             AND substr(slug, $4) !~ '[^0-9]'))`,
        [base, `${base}.`, exceptId, [...base].length + 2, taxonomy],
      );
      return new Set(rows.map((row) => row.slug));
    },

    list(query) {
      const params = new Params();
      const where = whereSql(query, params);
      // The order's own parameters come after the filter's, and the count uses none of them.
      const filterValues = [...params.values];
      const direction = query.descending ? 'DESC' : 'ASC';
      // Ties (equal names, counts, ...) fall back to the id so pages never overlap.
      const order = `${sortSql(query, params)} ${direction}, t.id ${direction}`;
      return together(async (read) => {
        const total = (await rowOf<{ n: number }>(
          read,
          `SELECT count(*) AS n FROM terms t WHERE ${where}`,
          filterValues,
        ))!.n;
        if (total === 0 || query.offset >= total) return { rows: [], total };
        const limit = params.add(query.limit);
        const offset = params.add(query.offset);
        const rows = await rowsOf<TermRow>(
          read,
          `SELECT t.* FROM terms t WHERE ${where} ORDER BY ${order}
           LIMIT ${limit} OFFSET ${offset}`,
          params.values,
        );
        return { rows, total };
      });
    },
  };
}

export function pgTerms(q: Query, together: Together): TermsRepository {
  const log = pgLog(q);
  const shown = (id: number) =>
    rowOf<ShownTerm & { taxonomy: string }>(
      q,
      'SELECT taxonomy, name, slug, description, parent FROM terms WHERE id = $1',
      [id],
    );
  return {
    ...pgTermsReader(q, together),
    async insert(term) {
      const row = await rowOf<{ id: number }>(
        q,
        `INSERT INTO terms (taxonomy, name, slug, description, parent, color)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [term.taxonomy, term.name, term.slug, term.description, term.parent, term.color],
      );
      await log(termsCreated([row!.id]));
      return row!.id;
    },
    async update(id, changes) {
      const before = await shown(id);
      await q(
        `UPDATE terms SET name = $2, slug = $3, description = $4, parent = $5, color = $6
         WHERE id = $1`,
        [id, changes.name, changes.slug, changes.description, changes.parent, changes.color],
      );
      if (before) await log(termWritten(id, shownChanged(before, changes)));
    },
    async setSlug(id, slug) {
      const before = await shown(id);
      await q('UPDATE terms SET slug = $2 WHERE id = $1', [id, slug]);
      if (before) await log(termWritten(id, before.slug !== slug));
    },
    async remove(id, parent) {
      const term = await shown(id);
      const moved = await log(beforeChildrenMoved(id));
      await q('UPDATE terms SET parent = $1 WHERE parent = $2', [parent, id]);
      await log(moved());
      if (!term) return;
      const after = await log(beforeTermDeleted({ id, taxonomy: term.taxonomy }));
      await q('DELETE FROM terms WHERE id = $1', [id]);
      await log(after());
    },
  };
}
