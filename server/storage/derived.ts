/**
 * The values the database keeps itself, declared once for both engines (issue 25, item 4):
 * counts and generations that triggers move with the rows they are made of, whatever the write
 * path (the API, an import, a restore, a copy between engines). Each engine's trigger SQL is
 * generated from this declaration (storage/sqlite/derived-triggers.ts, storage/postgres/
 * derived-triggers.ts) and installed by migration 0026; test/postgres/derived.test.ts ties the
 * declaration to the tables of both engines and every installed trigger to the declaration or
 * to an explicit list of other triggers.
 *
 * The content version has its own declaration (db/content-version.ts): on PostgreSQL it is the
 * snapshot and needs no trigger.
 */

/**
 * How many `owner` rows with `owner.column = value` link to each `target` row through `link`.
 * Moves on a link's insert and delete and on the owner's change into or out of `value`. An owner
 * deleted takes its links first (the foreign key's cascade runs after the owner is gone, when
 * the link's trigger could no longer see whether it counted).
 */
export interface LinkCount {
  kind: 'link-count';
  name: string;
  target: { table: string; key: string; column: string };
  link: { table: string; owner: string; target: string };
  owner: { table: string; key: string; column: string; value: string };
}

/**
 * Rows of `source` where `where.column = where.value`, counted per group of `groups` (each a
 * column of `table` made of the first `prefix` characters of a source column, or all of it);
 * a group whose count reaches 0 is deleted.
 */
export interface GroupCount {
  kind: 'group-count';
  name: string;
  table: string;
  column: string;
  groups: ReadonlyArray<{ column: string; from: string; prefix?: number }>;
  source: { table: string; where: { column: string; value: number } };
}

/** A number per `source` row, in `table`, that every update of the row moves by 1 (from 1). */
export interface GenerationDecl {
  kind: 'generation';
  name: string;
  table: string;
  key: string;
  column: string;
  source: { table: string; key: string };
}

export type Derived = LinkCount | GroupCount | GenerationDecl;

export const DERIVED: readonly Derived[] = [
  {
    // terms.count: published events with the term, so term listings never count rows.
    kind: 'link-count',
    name: 'term_counts',
    target: { table: 'terms', key: 'id', column: 'count' },
    link: { table: 'event_terms', owner: 'event_id', target: 'term_id' },
    owner: { table: 'events', key: 'id', column: 'status', value: 'publish' },
  },
  {
    // Listed events per status, UTC start day and UTC end day: a listing's total over a long
    // window is the sum of a few hundred rows plus exact counts of its two edge days.
    kind: 'group-count',
    name: 'event_day_counts',
    table: 'event_day_counts',
    column: 'n',
    groups: [
      { column: 'status', from: 'status' },
      { column: 'start_day', from: 'start_utc', prefix: 10 },
      { column: 'end_day', from: 'end_utc', prefix: 10 },
    ],
    source: { table: 'events', where: { column: 'hide_from_listings', value: 0 } },
  },
  {
    // An event's iCalendar SEQUENCE: calendar clients take a higher one as a newer version.
    kind: 'generation',
    name: 'event_ical_sequence',
    table: 'event_ical',
    key: 'event_id',
    column: 'sequence',
    source: { table: 'events', key: 'id' },
  },
];

/** The migration that installs the generated triggers (both engines, the same number). */
export const DERIVED_MIGRATION = 26;

/** The source columns a group count reads, whose change moves it. */
export function groupSourceColumns(d: GroupCount): string[] {
  return [...d.groups.map((g) => g.from), d.source.where.column];
}

/** A group's value made from a row (`row` is NEW or OLD): the same SQL on both engines. */
export function groupValue(g: GroupCount['groups'][number], row: 'NEW' | 'OLD'): string {
  return g.prefix === undefined ? `${row}.${g.from}` : `substr(${row}.${g.from}, 1, ${g.prefix})`;
}

/** Every table and column the declaration names, for the test that ties it to the schema. */
export function declaredColumns(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (table: string, ...columns: string[]) => {
    const set = out.get(table) ?? new Set<string>();
    for (const c of columns) set.add(c);
    out.set(table, set);
  };
  for (const d of DERIVED) {
    if (d.kind === 'link-count') {
      add(d.target.table, d.target.key, d.target.column);
      add(d.link.table, d.link.owner, d.link.target);
      add(d.owner.table, d.owner.key, d.owner.column);
    } else if (d.kind === 'group-count') {
      add(d.table, d.column, ...d.groups.map((g) => g.column));
      add(d.source.table, ...groupSourceColumns(d));
    } else {
      add(d.table, d.key, d.column);
      add(d.source.table, d.source.key);
    }
  }
  return out;
}
