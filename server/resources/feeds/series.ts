/**
 * How a feed shows recurring series (docs/contract/extensions.md §E2): one VEVENT carrying the
 * rule (RRULE, EXDATE, RDATE) for each series, plus one VEVENT with RECURRENCE-ID for each
 * occurrence changed on its own. The other occurrences are the rule's and are not repeated.
 * Occurrences of the series that the feed leaves out (trashed, unpublished, filtered out) become
 * EXDATEs, so a calendar app shows exactly the occurrences the feed holds.
 */
import ICAL from 'ical.js';
import type { FeedRow, FeedsReader, OccurrenceBrief, SeriesBrief } from '../../storage/feeds.js';
import type { JCalProperty } from './vtimezone.js';

/** A series' rule as its VEVENT writes it. */
export interface SeriesRule {
  id: number;
  timezone: string;
  allDay: boolean;
  start: string;
  end: string;
  /** RRULE, EXDATE and RDATE lines as stored. */
  lines: string[];
  /** Original starts (wall times in `timezone`) of occurrences the feed leaves out. */
  excluded: string[];
}

/** One VEVENT of a feed, made from the content of event `id`. */
export type FeedEntry =
  | { kind: 'event'; id: number }
  | { kind: 'rule'; id: number; rule: SeriesRule }
  | { kind: 'change'; id: number; rule: SeriesRule; original: string };

/** The end of the wall-clock range, for unbounded feeds. */
const LAST = '9999-12-31 23:59:59';

/** As the series made it: no field changed on its own, and at the start the rule gave it. */
const untouched = (o: OccurrenceBrief) =>
  o.detached === null && o.start_local === o.original_start_local;

async function ruleOf(
  series: SeriesBrief,
  matched: OccurrenceBrief[],
  bounded: boolean,
  store: FeedsReader,
  whole = false,
): Promise<SeriesRule> {
  const originals = matched.map((o) => o.original_start_local).sort();
  // Occurrences before the feed's first one (or, for a feed with an end, after its last one) are
  // outside what the feed covers: only those between are checked. A whole series (a CalDAV
  // object) is checked from its first start.
  const from = whole ? series.start_local : originals[0]!;
  const until = bounded ? originals[originals.length - 1]! : LAST;
  const held = new Set(matched.map((o) => o.id));
  const { rows, removed } = await store.members(series.id, from, until);
  const excluded = [...rows.filter((row) => !held.has(row.id)).map((row) => row.original)];
  for (const original of removed) if (!excluded.includes(original)) excluded.push(original);
  return {
    id: series.id,
    timezone: series.timezone,
    allDay: series.all_day === 1,
    start: series.start_local,
    end: series.end_local,
    lines: JSON.parse(series.lines) as string[],
    excluded: excluded.sort(),
  };
}

/**
 * The VEVENTs of a feed's events (ids in feed order). `bounded`: the feed has an end date, so
 * occurrences after its last one are not left out on purpose.
 */
export async function feedEntries(
  ids: readonly number[],
  store: FeedsReader,
  bounded: boolean,
): Promise<FeedEntry[]> {
  const occurrences = await store.occurrences(ids);
  if (occurrences.length === 0) return ids.map((id) => ({ kind: 'event', id }));
  const bySeries = new Map<number, OccurrenceBrief[]>();
  for (const o of occurrences) {
    const list = bySeries.get(o.series_id);
    if (list) list.push(o);
    else bySeries.set(o.series_id, [o]);
  }
  const decided = new Map<number, FeedEntry | null>();
  for (const series of await store.series([...bySeries.keys()])) {
    const matched = bySeries.get(series.id)!;
    const plain = matched.filter(untouched);
    // An ended series ('[]'), or one whose every occurrence here was changed on its own, has no
    // rule to show: its occurrences are events like any other.
    if (series.lines === '[]' || plain.length === 0) continue;
    const rule = await ruleOf(series, matched, bounded, store);
    const base = plain.find((o) => o.id === series.id) ?? plain[0]!;
    for (const o of matched) {
      if (o === base) decided.set(o.id, { kind: 'rule', id: o.id, rule });
      else if (untouched(o)) decided.set(o.id, null);
      else decided.set(o.id, { kind: 'change', id: o.id, rule, original: o.original_start_local });
    }
  }
  const out: FeedEntry[] = [];
  for (const id of ids) {
    const entry = decided.get(id);
    if (entry === undefined) out.push({ kind: 'event', id });
    else if (entry !== null) out.push(entry);
  }
  return out;
}

/** Bounds of every original start, for a whole series. */
const FIRST = '0000-01-01 00:00:00';

/**
 * The calendar object (CalDAV, §E6) each event belongs to: its running series (the series' id),
 * or the event itself. Distinct, in the order of the first event of each.
 */
export async function objectHeads(ids: readonly number[], store: FeedsReader): Promise<number[]> {
  const occurrences = await store.occurrences(ids);
  const running = new Set(
    (await store.series([...new Set(occurrences.map((o) => o.series_id))]))
      .filter((series) => series.lines !== '[]')
      .map((series) => series.id),
  );
  const headOf = new Map(
    occurrences.filter((o) => running.has(o.series_id)).map((o) => [o.id, o.series_id]),
  );
  return [...new Set(ids.map((id) => headOf.get(id) ?? id))];
}

/**
 * The VEVENTs of one calendar object: the event alone, or the whole series as its rule (written
 * from its first occurrence as the series made it) and each occurrence changed on its own.
 * Occurrences `readable` leaves out become EXDATEs; empty when the reader sees none of it.
 */
export async function objectEntries(
  head: number,
  store: FeedsReader,
  readable: (ids: number[]) => Promise<number[]>,
): Promise<FeedEntry[]> {
  const series = (await store.series([head])).find((s) => s.lines !== '[]');
  if (!series) return (await readable([head])).map((id) => ({ kind: 'event', id }));
  const ids = await readable((await store.members(head, FIRST, LAST)).rows.map((row) => row.id));
  const matched = await store.occurrences(ids);
  if (matched.length === 0) return [];
  const rule = await ruleOf(series, matched, false, store, true);
  const base =
    matched.find((o) => o.id === series.id && untouched(o)) ??
    matched.find(untouched) ??
    matched[0]!;
  return [
    { kind: 'rule', id: base.id, rule },
    ...matched
      .filter((o) => !untouched(o))
      .map((o): FeedEntry => ({
        kind: 'change',
        id: o.id,
        rule,
        original: o.original_start_local,
      })),
  ];
}

/** A series' start as DATE or zoned DATE-TIME (RECURRENCE-ID, EXDATE). */
function when(rule: SeriesRule, name: string, values: string[]): JCalProperty {
  return rule.allDay
    ? [name, {}, 'date', ...values.map((v) => v.slice(0, 10))]
    : [name, { tzid: rule.timezone }, 'date-time', ...values.map((v) => v.replace(' ', 'T'))];
}

/** The rule's properties: its stored lines, then the left-out occurrences as one EXDATE. */
export function ruleProperties(rule: SeriesRule): JCalProperty[] {
  const props = rule.lines.map((line) => ICAL.Property.fromString(line).toJSON() as JCalProperty);
  if (rule.excluded.length > 0) props.push(when(rule, 'exdate', rule.excluded));
  return props;
}

export const recurrenceId = (rule: SeriesRule, original: string): JCalProperty =>
  when(rule, 'recurrence-id', [original]);

/** The row as the rule's VEVENT shows it: the series' first start and end, in its zone. */
export const atSeriesStart = (row: FeedRow, rule: SeriesRule): FeedRow => ({
  ...row,
  timezone: rule.timezone,
  all_day: rule.allDay ? 1 : 0,
  start_local: rule.start,
  end_local: rule.end,
});
