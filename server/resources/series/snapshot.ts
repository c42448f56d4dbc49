/**
 * An occurrence's values by field group: what an edit of a whole series carries to the other
 * occurrences, what an occurrence changed on its own (its `detached` groups, which such edits
 * leave alone), and the template new occurrences are made from.
 */
import type { EventRow, EventsReader } from '../../storage/events.js';

/** Groups of event columns (and links) that change together. */
const COLUMN_GROUPS = {
  title: ['title'],
  description: ['description'],
  excerpt: ['excerpt'],
  status: ['status'],
  author: ['author'],
  date: ['date_utc'],
  cost: ['cost'],
  website: ['website'],
  show_map: ['show_map'],
  show_map_link: ['show_map_link'],
  hide_from_listings: ['hide_from_listings'],
  sticky: ['sticky'],
  featured: ['featured'],
  venue: ['venue_id'],
  image: ['image_id'],
  event_status: ['event_status', 'event_status_reason'],
} as const satisfies Record<string, readonly (keyof EventRow)[]>;

export type ColumnGroup = keyof typeof COLUMN_GROUPS;
export type LinkGroup = 'organizers' | 'categories' | 'tags';
/** `times`: start, end, all-day and zone, which move together. */
export type Group = ColumnGroup | LinkGroup | 'times';

const COLUMN_GROUP_NAMES = Object.keys(COLUMN_GROUPS) as ColumnGroup[];
const LINK_GROUPS: LinkGroup[] = ['organizers', 'categories', 'tags'];
const TIME_COLUMNS = ['timezone', 'all_day', 'start_local', 'end_local'] as const;

type TemplateColumn = (typeof COLUMN_GROUPS)[ColumnGroup][number];

/** The values of an event that a series gives its occurrences (times apart). */
export interface Snapshot {
  values: Pick<EventRow, TemplateColumn>;
  organizers: number[];
  categories: number[];
  tags: number[];
}

/** What `row` gives its series, its links read through `events` (a unit of work's). */
export async function snapshot(row: EventRow, events: EventsReader): Promise<Snapshot> {
  const values = {} as Record<TemplateColumn, unknown>;
  for (const group of COLUMN_GROUP_NAMES) {
    for (const column of COLUMN_GROUPS[group]) values[column] = row[column];
  }
  return {
    values: values as Snapshot['values'],
    organizers: (await events.organizersOf([row.id])).get(row.id) ?? [],
    categories: await events.termIds(row.id, 'category'),
    tags: await events.termIds(row.id, 'tag'),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The groups whose values differ between two states of one event. */
export function changedGroups(
  before: { row: EventRow; snapshot: Snapshot },
  after: { row: EventRow; snapshot: Snapshot },
): Group[] {
  const groups: Group[] = COLUMN_GROUP_NAMES.filter((group) =>
    COLUMN_GROUPS[group].some((column) => !same(before.row[column], after.row[column])),
  );
  for (const group of LINK_GROUPS) {
    if (!same(before.snapshot[group], after.snapshot[group])) groups.push(group);
  }
  if (TIME_COLUMNS.some((column) => before.row[column] !== after.row[column])) groups.push('times');
  return groups;
}

/** `row` with the columns of `groups` taken from `from` (link groups are the caller's). */
export function withGroups(row: EventRow, groups: readonly Group[], from: Snapshot): EventRow {
  const next = { ...row } as Record<string, unknown>;
  for (const group of groups) {
    if (group === 'times' || (LINK_GROUPS as string[]).includes(group)) continue;
    for (const column of COLUMN_GROUPS[group as ColumnGroup]) next[column] = from.values[column];
  }
  return next as unknown as EventRow;
}

/** The template with the given groups taken from another snapshot. */
export function mergeSnapshot(base: Snapshot, groups: readonly Group[], from: Snapshot): Snapshot {
  const merged: Snapshot = {
    values: withGroups(base.values as EventRow, groups, from) as Snapshot['values'],
    organizers: groups.includes('organizers') ? from.organizers : base.organizers,
    categories: groups.includes('categories') ? from.categories : base.categories,
    tags: groups.includes('tags') ? from.tags : base.tags,
  };
  const values = {} as Record<TemplateColumn, unknown>;
  for (const group of COLUMN_GROUP_NAMES) {
    for (const column of COLUMN_GROUPS[group]) values[column] = merged.values[column];
  }
  return { ...merged, values: values as Snapshot['values'] };
}

export function parseDetached(detached: string | null): Group[] {
  return detached === null ? [] : (JSON.parse(detached) as Group[]);
}
