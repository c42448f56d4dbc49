/**
 * Recurring events (docs/contract/extensions.md §E1): starting a series from its first event, keeping its
 * occurrences generated ahead as time passes and wherever a listing looks, and what the event
 * objects show of it. Edits with a scope are in edit.ts. Everything here runs inside the events
 * service's write transactions, or opens its own.
 */
import { RECURRENCE_LIMITS as LIMITS } from '../../../shared/recurrence/limits.js';
import {
  excludesFirst,
  lastStartBound,
  type SeriesTiming,
} from '../../../shared/recurrence/expand.js';
import {
  formatRecurrence,
  RecurrenceError,
  type Recurrence,
} from '../../../shared/recurrence/lines.js';
import { formatInZone, formatUtc, normalizeZone, wallToUtcMs } from '../../../shared/time.js';
import { invalidInput } from '../../errors.js';
import type { CoreServices } from '../../services.js';
import type { EventRow, EventsStore } from '../events/store.js';
import { createGenerator, daysAfter } from './generate.js';
import { snapshot } from './snapshot.js';
import { createSeriesStore, type SeriesRow } from './store.js';

/** A recurrence the server cannot take, as the API's 400 naming the field. */
export function recurrenceProblem(error: unknown): never {
  if (!(error instanceof RecurrenceError)) throw error;
  const text = error.message;
  throw invalidInput(
    'recurrence',
    /^[a-z]/.test(text) ? `recurrence ${text}` : `recurrence: ${text}`,
  );
}

/** The checks every recurrence of a series passes beyond its grammar (lines.ts). */
export function checkRecurrence(recurrence: Recurrence, timing: SeriesTiming): void {
  if (excludesFirst(recurrence, timing)) {
    throw new RecurrenceError(
      'cannot EXDATE the first occurrence, which is the event itself: start the event at the ' +
        'first occurrence to keep, or trash it once the series exists.',
    );
  }
}

/** What an event object shows of its series (docs/contract/extensions.md §E1, "Response keys"). */
export interface SeriesKeys {
  recurrence: string[];
  series_id: number | null;
  original_start_date: string | null;
}

const SINGLE: SeriesKeys = { recurrence: [], series_id: null, original_start_date: null };

export function createSeriesService(core: CoreServices, events: EventsStore) {
  const store = createSeriesStore(core.db);
  const now = () => core.clock.now();
  const generator = createGenerator(events, store, now);
  const horizon = () => daysAfter(now(), LIMITS.horizonDays);

  /** Makes `parent` (just written, in the caller's transaction) the first occurrence of a series. */
  function start(parent: EventRow, recurrence: Recurrence): void {
    const timing = {
      zone: parent.timezone,
      allDay: parent.all_day === 1,
      start: parent.start_local,
      end: parent.end_local,
    };
    try {
      checkRecurrence(recurrence, timing);
      const back = daysAfter(now(), -LIMITS.pastDays);
      const from = parent.start_utc >= back ? '' : back;
      const until = horizon() > parent.start_utc ? horizon() : parent.start_utc;
      const row: SeriesRow = {
        id: parent.id,
        lines: JSON.stringify(formatRecurrence(recurrence)),
        timezone: parent.timezone,
        all_day: parent.all_day,
        start_local: parent.start_local,
        end_local: parent.end_local,
        template: JSON.stringify(snapshot(parent, events)),
        generated_from_utc: from,
        generated_until_utc: until,
        last_start_utc: lastStartBound(recurrence, timing),
        modified_utc: formatUtc(now()),
      };
      store.insert(row);
      store.join(parent.id, parent.id, null, parent.start_local);
      generator.reconcile(row, from === '' ? parent.start_utc : from, until);
    } catch (error) {
      recurrenceProblem(error);
    }
  }

  /**
   * Time passing: series generated less far than the horizon are extended a month beyond it,
   * so each series is extended about once a month. Idempotent; one transaction.
   */
  function extendDue(): void {
    const due = store.due(horizon(), 10_000);
    if (due.length === 0) return;
    const target = daysAfter(now(), LIMITS.horizonDays + LIMITS.extensionDays);
    // One transaction per series: other requests get the database between them.
    for (const id of due) {
      events.write(() => {
        const row = store.get(id)!;
        if (row.generated_until_utc < horizon())
          guarded(row, () => generator.extendTo(row, target));
      });
    }
  }

  /** Generation that fails for one series (a bug, not input) must not fail a reader's request. */
  function guarded(row: SeriesRow, work: () => unknown): void {
    try {
      work();
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      core.log.warn({ series: row.id, err: error.message }, 'series not extended');
    }
  }

  /**
   * Makes every occurrence of a listing's window exist (`from`, `until`: UTC bounds on starts;
   * `until` undefined for an open-ended listing), over at most `listingWindowDays`.
   */
  function coverListing(from: string | undefined, until: string | undefined): void {
    const earliest = daysAfter(now(), -LIMITS.reachDays);
    const latest = daysAfter(now(), LIMITS.reachDays);
    const lower = from === undefined ? formatUtc(now()) : from < earliest ? earliest : from;
    const cap = daysAfter(lower, LIMITS.listingWindowDays);
    let upper = until === undefined || until > cap ? cap : until;
    if (upper > latest) upper = latest;
    if (upper <= lower) return extendDue();
    // One statement in the usual case (nothing to make); extending first changes the answer.
    const question = { horizon: horizon(), until: upper, from: lower, limit: 10_000 };
    let found = store.coverage(question);
    if (found.horizon) {
      extendDue();
      found = store.coverage(question);
    }
    const candidates = new Set([...found.until, ...found.before]);
    // Read first: a window already made (the usual case) takes no write lock.
    const todo = [...candidates].filter(
      (id) => generator.missing(store.get(id)!, lower, upper).length > 0,
    );
    for (const id of todo) {
      events.write(() => {
        const row = store.get(id)!;
        guarded(row, () => generator.cover(row, lower, upper));
      });
    }
  }

  /** The series keys of a page of events, with one query. */
  function keysOf(rows: EventRow[]): Map<number, SeriesKeys> {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.series_id === null ? [] : [row.series_id]))),
    ];
    const series = store.linesOf(ids);
    const out = new Map<number, SeriesKeys>();
    for (const row of rows) {
      if (row.series_id === null || row.original_start_local === null) {
        out.set(row.id, SINGLE);
        continue;
      }
      const info = series.get(row.series_id);
      let original = row.original_start_local;
      // The rule's start is wall time in the series' zone; the event may have its own.
      if (info && info.timezone !== row.timezone) {
        const zone = normalizeZone(info.timezone) ?? 'UTC';
        const ms = wallToUtcMs(Date.parse(`${original.replace(' ', 'T')}Z`), zone);
        original = formatInZone(new Date(ms), row.timezone);
      }
      out.set(row.id, {
        recurrence: info ? (JSON.parse(info.lines) as string[]) : [],
        series_id: row.series_id,
        original_start_date: original,
      });
    }
    return out;
  }

  return { store, generator, start, extendDue, coverListing, keysOf };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
