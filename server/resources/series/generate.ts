/**
 * Making a series' occurrences exist as event rows: from a new series' start (or a year back)
 * to the horizon, further as time passes, and over any window a listing asks for outside that
 * range. Idempotent: an occurrence is made only when no row of the series has its original start
 * and it was not deleted on purpose, so running twice (or in two processes) changes nothing.
 * Callers hold the write transaction.
 */
import { RECURRENCE_LIMITS as LIMITS } from '../../../shared/recurrence/limits.js';
import { expand, type Occurrence, type SeriesTiming } from '../../../shared/recurrence/expand.js';
import { parseRecurrence, type Recurrence } from '../../../shared/recurrence/lines.js';
import { formatUtc } from '../../../shared/time.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { EventRow, EventsStore } from '../events/store.js';
import type { Snapshot } from './snapshot.js';
import type { Member, SeriesRow, SeriesStore, Window } from './store.js';

const DAY_MS = 86_400_000;

export const timingOf = (row: SeriesRow): SeriesTiming => ({
  zone: row.timezone,
  allDay: row.all_day === 1,
  start: row.start_local,
  end: row.end_local,
});

export const recurrenceOf = (row: SeriesRow): Recurrence =>
  parseRecurrence(JSON.parse(row.lines) as string[]);

export function templateOf(row: SeriesRow): Snapshot {
  const template = JSON.parse(row.template) as Snapshot;
  // Templates written before events had a status (migration 0019) are of scheduled events.
  const stored: Partial<Snapshot['values']> = template.values;
  template.values = {
    ...template.values,
    event_status: stored.event_status ?? 'scheduled',
    event_status_reason: stored.event_status_reason ?? '',
  };
  return template;
}

/** An occurrence as the series made it: not changed on its own, not trashed. */
export const untouched = (member: Member): boolean =>
  member.detached === null && member.status !== 'trash';

/** `YYYY-MM-DD HH:MM:SS` UTC, `days` after an instant. */
export function daysAfter(at: Date | string, days: number): string {
  const ms = typeof at === 'string' ? Date.parse(`${at.replace(' ', 'T')}Z`) : at.getTime();
  return formatUtc(new Date(ms + days * DAY_MS));
}

/** Whole windows: overlapping or touching ones joined. */
function merged(windows: Window[]): Window[] {
  const sorted = [...windows].sort((a, b) => a.from_utc.localeCompare(b.from_utc));
  const out: Window[] = [];
  for (const w of sorted) {
    const last = out.at(-1);
    if (last && w.from_utc <= last.until_utc) {
      if (w.until_utc > last.until_utc) last.until_utc = w.until_utc;
    } else out.push({ ...w });
  }
  return out;
}

/** The parts of [from, until) not inside any of `covered`. */
function gaps(from: string, until: string, covered: Window[]): Window[] {
  const out: Window[] = [];
  let cursor = from;
  for (const w of merged(covered)) {
    if (w.until_utc <= cursor || w.from_utc >= until) continue;
    if (w.from_utc > cursor) out.push({ from_utc: cursor, until_utc: w.from_utc });
    cursor = w.until_utc;
    if (cursor >= until) break;
  }
  if (cursor < until) out.push({ from_utc: cursor, until_utc: until });
  return out;
}

export interface ReconcileOptions {
  /** Delete untouched occurrences in the window that the rule no longer gives. */
  prune?: boolean;
  /** Ids never deleted: the occurrence being edited. */
  keep?: ReadonlySet<number>;
}

/** Slugs for many occurrences of one title: `<title>-<date>`, unique, from one read of the index. */
function occurrenceSlugs(events: EventsStore, series: SeriesStore, template: Snapshot) {
  // WordPress leaves drafts and pending posts without a slug until they are published.
  const unpublished = template.values.status === 'draft' || template.values.status === 'pending';
  const title = toSlug(template.values.title) || 'event';
  let taken: Set<string> | undefined;
  return (original: string, id: number): string => {
    if (unpublished) return '';
    const base = `${title}-${original.slice(0, 10)}`;
    taken ??= series.slugsFrom(`${title}-`);
    const slug = uniqueSlug(base, taken.has(base) ? events.slugVariants(base, id) : taken);
    taken.add(slug);
    return slug;
  };
}

export function createGenerator(events: EventsStore, series: SeriesStore, now: () => Date) {
  /** The slug of one occurrence (an edit that publishes it). */
  function slugFor(template: Snapshot, original: string, id: number): string {
    return occurrenceSlugs(events, series, template)(original, id);
  }

  function insert(
    row: SeriesRow,
    template: Snapshot,
    occurrence: Occurrence,
    slugOf: (original: string, id: number) => string,
    modified: string,
  ): void {
    const id = events.newId();
    const event: EventRow = {
      id,
      ...template.values,
      slug: slugOf(occurrence.original, id),
      modified_utc: modified,
      parent_id: row.id,
      timezone: row.timezone,
      all_day: row.all_day,
      start_local: occurrence.start_local,
      end_local: occurrence.end_local,
      start_utc: occurrence.start_utc,
      end_utc: occurrence.end_utc,
      series_id: row.id,
      original_start_local: occurrence.original,
      detached: null,
    };
    events.insert(event);
    events.setOrganizers(id, template.organizers, true);
    events.setTerms(id, 'category', template.categories, true);
    events.setTerms(id, 'tag', template.tags, true);
  }

  /**
   * Makes the occurrences the rule gives in [from, to) exist, except those deleted on purpose;
   * with `prune`, also deletes the untouched ones in that window that it no longer gives.
   */
  function reconcile(row: SeriesRow, from: string, to: string, options: ReconcileOptions = {}) {
    if (to <= from) return;
    const expected = expand(recurrenceOf(row), timingOf(row), from, to, {
      limit: LIMITS.maxOccurrencesPerStep,
    });
    const members = series.members(row.id);
    const existing = new Set(members.map((m) => m.original_start_local));
    const exceptions = series.exceptions(row.id);
    const template = templateOf(row);
    const slugOf = occurrenceSlugs(events, series, template);
    const modified = formatUtc(now());
    for (const occurrence of expected) {
      if (!existing.has(occurrence.original) && !exceptions.has(occurrence.original)) {
        insert(row, template, occurrence, slugOf, modified);
      }
    }
    if (options.prune) {
      const given = new Set(expected.map((o) => o.original));
      const stale = members.filter(
        (m) =>
          m.start_utc >= from &&
          m.start_utc < to &&
          m.id !== row.id &&
          untouched(m) &&
          !given.has(m.original_start_local) &&
          !options.keep?.has(m.id),
      );
      series.deleteEvents(stale.map((m) => m.id));
    }
  }

  /** Moves a series' generated range up to `until`, absorbing the windows it reaches. */
  function extendTo(row: SeriesRow, until: string, options: ReconcileOptions = {}): SeriesRow {
    reconcile(row, row.generated_until_utc, until, options);
    const next = { ...row, generated_until_utc: until };
    series.update(next);
    const windows = series.windows(row.id);
    if (windows.some((w) => w.until_utc <= until)) {
      series.setWindows(
        row.id,
        windows.filter((w) => w.until_utc > until),
      );
    }
    return next;
  }

  /** The parts of [from, until) whose occurrences have not been made yet. */
  function missing(row: SeriesRow, from: string, until: string): Window[] {
    const range: Window = {
      from_utc: row.generated_from_utc === '' ? '0000' : row.generated_from_utc,
      until_utc: row.generated_until_utc,
    };
    return gaps(from, until, [range, ...series.windows(row.id)]);
  }

  /** Makes every occurrence in [from, until) exist, recording what lies outside the range. */
  function cover(row: SeriesRow, from: string, until: string): void {
    const todo = missing(row, from, until);
    if (todo.length === 0) return;
    for (const gap of todo) reconcile(row, gap.from_utc, gap.until_utc);
    const windows = series.windows(row.id);
    series.setWindows(row.id, merged([...windows, { from_utc: from, until_utc: until }]));
  }

  return { reconcile, extendTo, cover, missing, slugFor };
}

export type Generator = ReturnType<typeof createGenerator>;
