/**
 * Computed occurrences (docs/architecture.md, "Recurrence model"): the occurrences a series' rule
 * gives that nobody changed are never stored. They are made here, when read, from the series'
 * rule and template, with their reserved ids (shared/recurrence/occurrence-id.ts); an occurrence
 * stored on its own (changed, trashed, or the series' first event) or deleted for good replaces
 * or removes the computed one. Nothing here writes but `materialize`, which a write path calls.
 */
import { RECURRENCE_LIMITS as LIMITS } from '../../../shared/recurrence/limits.js';
import {
  expand,
  expandMillis,
  occurrenceAt,
  written,
  type Occurrence,
  type Placed,
} from '../../../shared/recurrence/expand.js';
import { expansionWork } from '../../../shared/recurrence/cost.js';
import {
  listSource,
  periodicSource,
  timeline,
  type Bounds,
  type Timeline,
} from '../../../shared/recurrence/timeline.js';
import { normalizeZone, wallMillis } from '../../../shared/time.js';
import { RecurrenceError } from '../../../shared/recurrence/lines.js';
import {
  dateOfDay,
  decodeOccurrenceId,
  occurrenceId,
} from '../../../shared/recurrence/occurrence-id.js';
import { formatUtc } from '../../../shared/time.js';
import { toSlug } from '../../text/slug.js';
import type { EventRow, EventsRepository } from '../../storage/events.js';
import { recurrenceOf, templateOf, timingOf } from './rule.js';
import type { Snapshot } from './snapshot.js';
import type { SeriesReader, SeriesRow } from '../../storage/series.js';

/**
 * What one request may still compute, shared by its reads: occurrences made into rows
 * (LIMITS.occurrencesPerRequest) and work asked of the rules' iterators (LIMITS.workPerRequest).
 */
export interface Budget {
  left: number;
  work: number;
}

export const newBudget = (left: number = LIMITS.occurrencesPerRequest): Budget => ({
  left,
  work: LIMITS.workPerRequest,
});

const YEAR_MS = 365.25 * 86_400_000;

/** Charges the expansion of a series' rule over [from, to) (UTC) to the budget, before it runs. */
function charge(series: SeriesRow, from: string, to: string, budget: Budget): void {
  const rule = recurrenceOf(series).rule;
  if (rule === null) return;
  // A COUNT rule is walked from its first occurrence; others from the window's start.
  const first =
    rule.count === undefined
      ? Math.max(wallMillis(from), wallMillis(series.start_local))
      : wallMillis(series.start_local);
  const last =
    series.last_start_utc === null
      ? wallMillis(to)
      : Math.min(wallMillis(to), wallMillis(series.last_start_utc));
  budget.work -= expansionWork(rule, (last - first) / YEAR_MS);
  if (budget.work < 0) throw new TooManyOccurrences();
}

/** A window holding more occurrences than one request may compute. */
export class TooManyOccurrences extends Error {
  override name = 'TooManyOccurrences';
}

/** A computed occurrence: its row as a stored one would be, and the links it shows. */
export interface Computed {
  row: EventRow;
  template: Snapshot;
}

const shiftDays = (utc: string, days: number): string =>
  formatUtc(new Date(Date.parse(`${utc.replace(' ', 'T')}Z`) + days * 86_400_000));

const SLUG_DATE = /^(.+)-(\d{4}-\d{2}-\d{2})$/;

/** The template of each computed row, which has no stored links: presenting shows its links. */
const computedTemplates = new WeakMap<EventRow, Snapshot>();

/** The series template a computed occurrence's row was made from; undefined for stored rows. */
export const templateOfComputed = (row: EventRow): Snapshot | undefined =>
  computedTemplates.get(row);

/**
 * Occurrences remembered across the expansions kept (about 40 MB at most): the windows of a few
 * hundred series, the oldest dropped first.
 */
const REMEMBERED = 200_000;

/**
 * `reads`: the series' read side. Each read takes another reader, a unit of work's, when it is
 * made inside one.
 */
export function createOccurrences(reads: SeriesReader, now: () => Date) {
  const expansions = new Map<string, Placed[]>();
  let remembered = 0;

  /** The row of an occurrence the rule gives, as the series' template makes it. */
  function rowOf(series: SeriesRow, template: Snapshot, o: Occurrence): EventRow {
    const values = template.values;
    // Scheduled publication is answered when read: the template keeps `future`.
    const status =
      values.status === 'future' && values.date_utc <= formatUtc(now()) ? 'publish' : values.status;
    // WordPress leaves drafts and pending posts without a slug until they are published.
    const base = `${toSlug(values.title) || 'event'}-${o.original.slice(0, 10)}`;
    const slug =
      status === 'draft' || status === 'pending'
        ? ''
        : status === 'trash'
          ? `${base}__trashed`
          : base;
    const row: EventRow = {
      id: occurrenceId(series.slot, series.slot_origin, o.original),
      ...values,
      status,
      slug,
      modified_utc: series.modified_utc,
      parent_id: series.id,
      timezone: series.timezone,
      all_day: series.all_day,
      start_local: o.start_local,
      end_local: o.end_local,
      start_utc: o.start_utc,
      end_utc: o.end_utc,
      series_id: series.id,
      original_start_local: o.original,
      detached: null,
    };
    computedTemplates.set(row, template);
    return row;
  }

  /**
   * The rule's occurrences of one series starting in [from, to), expanded by its iterator, the
   * work charged to the budget first.
   */
  function expanded(series: SeriesRow, from: string, to: string, budget: Budget): Placed[] {
    if (budget.left <= 0) throw new TooManyOccurrences();
    charge(series, from, to, budget);
    // What a rule gives in a window is a function of the rule, its timing and the window alone:
    // the same window read again (the pages of one listing) is not expanded again.
    const key = [series.lines, series.timezone, series.start_local, series.end_local, from, to];
    const text = key.join('|');
    let out = expansions.get(text);
    if (out === undefined) {
      try {
        out = expandMillis(recurrenceOf(series), timingOf(series), from, to, {
          limit: budget.left,
          evaluations: LIMITS.occurrencesPerRequest,
        });
      } catch (error) {
        if (error instanceof RecurrenceError) throw new TooManyOccurrences(error.message);
        throw error;
      }
      remembered += out.length;
      expansions.set(text, out);
      while (remembered > REMEMBERED && expansions.size > 1) {
        const oldest = expansions.keys().next().value!;
        remembered -= expansions.get(oldest)!.length;
        expansions.delete(oldest);
      }
    }
    return out;
  }

  /** The rule's occurrences of one series starting in [from, to), budget charged. */
  function given(series: SeriesRow, from: string, to: string, budget: Budget): Occurrence[] {
    const out = expanded(series, from, to, budget);
    if (out.length > budget.left) throw new TooManyOccurrences();
    budget.left -= out.length;
    return out.map(written);
  }

  /**
   * The occurrences of a series that pass a listing's date `bounds`, counted and read by parts
   * (shared/recurrence/timeline.ts): by arithmetic when its rule has a day pattern, else from
   * its expansion over the bounds' window. `taken`: the original starts stored or deleted.
   */
  function timelineOf(
    series: SeriesRow,
    taken: ReadonlySet<string>,
    bounds: Bounds,
    budget: Budget,
  ): Timeline {
    const takenMs = new Set([...taken].map(wallMillis));
    const recurrence = recurrenceOf(series);
    const timing = timingOf(series);
    const zone = normalizeZone(timing.zone) ?? 'UTC';
    const source = periodicSource(recurrence, timing, takenMs);
    if (source !== undefined) return timeline(source, zone, bounds);
    const from = formatUtc(new Date(bounds.fromUtc));
    const to = formatUtc(new Date(bounds.toUtc));
    const all = expanded(series, from, to, budget).filter((o) => !takenMs.has(o.original));
    return timeline(listSource(all), zone, bounds);
  }

  /** The rows of a series' occurrences, as `inWindow` makes them. */
  const rowsOf = (series: SeriesRow, template: Snapshot, placed: Placed[]): EventRow[] =>
    placed.map((o) => rowOf(series, template, written(o)));

  /**
   * The computed occurrences of one series starting in [from, to) (UTC), in start order: every
   * occurrence the rule gives there but those `taken` (stored or deleted for good).
   */
  function computedIn(
    series: SeriesRow,
    taken: ReadonlySet<string>,
    from: string,
    to: string,
    budget: Budget,
  ): Computed[] {
    const template = templateOf(series);
    const out: Computed[] = [];
    for (const o of given(series, from, to, budget)) {
      if (!taken.has(o.original)) out.push({ row: rowOf(series, template, o), template });
    }
    return out;
  }

  /**
   * Whether the series has a computed occurrence in [from, to) that `accept`s, looking two years
   * at a time for at most two centuries (a feed needs to know only that one exists).
   */
  async function anyIn(
    series: SeriesRow,
    from: string,
    to: string,
    accept: (row: EventRow) => boolean,
  ): Promise<boolean> {
    const taken = (await reads.storedOriginals([series.id])).get(series.id)!;
    let cursor = from;
    for (let step = 0; step < 100 && cursor < to; step++) {
      const next = cursor >= '9997-12-31' ? to : shiftDays(cursor, 731);
      const end = next < to ? next : to;
      const rows = computedIn(series, taken, cursor, end, newBudget());
      if (rows.some((found) => accept(found.row))) return true;
      cursor = end;
    }
    return false;
  }

  /** The computed occurrence of a series whose original start falls on `date`, if the rule gives one. */
  async function onDate(
    series: SeriesRow,
    date: string,
    reader: SeriesReader = reads,
  ): Promise<Computed | undefined> {
    // The day in the series' zone, as UTC bounds a day wider on each side, then the date checked.
    const dayMs = Date.parse(`${date}T00:00:00Z`);
    const from = formatUtc(new Date(dayMs - 86_400_000));
    const to = formatUtc(new Date(dayMs + 2 * 86_400_000));
    let found: Occurrence | undefined;
    try {
      found = expand(recurrenceOf(series), timingOf(series), from, to).find(
        (o) => o.original.slice(0, 10) === date,
      );
    } catch (error) {
      if (error instanceof RecurrenceError) return undefined;
      throw error;
    }
    if (found === undefined) return undefined;
    if ((await reader.storedAt(series.id, found.original)) !== undefined) return undefined;
    if (await reader.removedAt(series.id, found.original)) return undefined;
    const template = templateOf(series);
    return { row: rowOf(series, template, found), template };
  }

  /** The computed occurrence with this reserved id, when the rule gives it and it is not stored. */
  async function byId(id: number, reader: SeriesReader = reads): Promise<Computed | undefined> {
    const decoded = decodeOccurrenceId(id);
    if (decoded === undefined) return undefined;
    for (const series of await reader.bySlot(decoded.slot)) {
      if (series.lines === '[]') continue;
      const found = await onDate(series, dateOfDay(series.slot_origin, decoded.offset), reader);
      if (found?.row.id === id) return found;
    }
    return undefined;
  }

  /** The computed occurrence with this slug (`<title>-<date>`), if any. */
  async function bySlug(slug: string): Promise<Computed | undefined> {
    const match = SLUG_DATE.exec(slug.replace(/__trashed$/, ''));
    if (!match) return undefined;
    const [, base, date] = match;
    for (const series of await reads.running(`${date} 00:00:00`)) {
      if ((toSlug(templateOf(series).values.title) || 'event') !== base) continue;
      const found = await onDate(series, date!);
      if (found?.row.slug === slug) return found;
    }
    return undefined;
  }

  /**
   * Stores a computed occurrence as it is (its reserved id, the template's links), so that it
   * can be changed or trashed on its own, through the events repository of the caller's unit of
   * work.
   */
  async function materialize(uow: EventsRepository, found: Computed): Promise<EventRow> {
    const { row, template } = found;
    await uow.claimId(row.id);
    await uow.insert(row);
    await uow.setOrganizers(row.id, template.organizers, true);
    await uow.setTerms(row.id, 'category', template.categories, true);
    await uow.setTerms(row.id, 'tag', template.tags, true);
    return (await uow.get(row.id))!;
  }

  /** Where the occurrence with this original start would be, computed now. */
  const at = (series: SeriesRow, original: string): Occurrence =>
    occurrenceAt(original, timingOf(series));

  return { anyIn, byId, bySlug, onDate, materialize, at, timelineOf, rowsOf, rowOf };
}

export type Occurrences = ReturnType<typeof createOccurrences>;
