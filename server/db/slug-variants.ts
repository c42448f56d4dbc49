/**
 * The one query behind unique slugs (server/text/slug.ts): which of `base`, `base-2`, `base-3`, …
 * a table already uses. They all sit in the slug index between `base` and `base.` ('.' follows
 * '-'), so it is one range read whatever the number of variants.
 */
import type { ReadDb } from './read.js';

type Scope = Record<string, string | number>;

/**
 * `table` and `scope` are fixed SQL from the caller, never input; `scope` may name parameters
 * (`id <> @id`) that each call then passes.
 */
export function prepareSlugVariants<P extends Scope>(db: ReadDb, table: string, scope: string) {
  const statement = db
    .prepare<P & { base: string; hi: string; from: number }, string>(
      `SELECT slug FROM ${table}
       WHERE slug >= @base AND slug < @hi AND ${scope}
         AND (slug = @base OR (substr(slug, @from - 1, 1) = '-' AND substr(slug, @from) <> ''
           AND substr(slug, @from) NOT GLOB '*[^0-9]*'))`,
    )
    .pluck();
  return (base: string, params: P): Set<string> =>
    new Set(statement.all({ ...params, base, hi: `${base}.`, from: [...base].length + 2 }));
}
