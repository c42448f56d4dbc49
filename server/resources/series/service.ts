/**
 * Recurring events (docs/contract/extensions.md §E1 and §E1 revised): starting a series from its
 * first event, the computed occurrences its rule gives (occurrences.ts), and what the event
 * objects show of it. A series is stored as its rule, its first event and the occurrences
 * changed on their own; reads never store anything. Edits with a scope are in edit.ts.
 */
import { RECURRENCE_LIMITS as LIMITS } from '../../../shared/recurrence/limits.js';
import {
  excludesFirst,
  expand,
  lastStartBound,
  occurrenceAt,
  type SeriesTiming,
} from '../../../shared/recurrence/expand.js';
import {
  formatRecurrence,
  RecurrenceError,
  type Recurrence,
} from '../../../shared/recurrence/lines.js';
import { candidatesPerYear } from '../../../shared/recurrence/cost.js';
import { dayNumber } from '../../../shared/recurrence/occurrence-id.js';
import { formatInZone, formatUtc, normalizeZone, wallToUtcMs } from '../../../shared/time.js';
import { invalidInput, TooMany } from '../../errors.js';
import type { CoreServices } from '../../core.js';
import type { EventRow, EventsRepository } from '../../storage/events.js';
import { createOccurrences } from './occurrences.js';
import { snapshot } from './snapshot.js';
import type { SeriesReader, SeriesRepository, SeriesRow } from '../../storage/series.js';

const DAY_MS = 86_400_000;

/** A recurrence the server cannot take, as the API's 400 naming the field. */
export function recurrenceProblem(error: unknown): never {
  if (!(error instanceof RecurrenceError)) throw error;
  const text = error.message;
  throw invalidInput(
    'recurrence',
    /^[a-z]/.test(text) ? `recurrence ${text}` : `recurrence: ${text}`,
  );
}

/** `YYYY-MM-DD HH:MM:SS` UTC, `days` after an instant. */
function daysAfter(at: Date | string, days: number): string {
  const ms = typeof at === 'string' ? Date.parse(`${at.replace(' ', 'T')}Z`) : at.getTime();
  return formatUtc(new Date(ms + days * DAY_MS));
}

/**
 * The work the rule asks of the iterator: its candidate dates a year (cost.ts), and its
 * iterator's own bounds on a month at its start and on the calendar's last month it reaches
 * (the iterator has then come furthest): every window up to 9999 can be read.
 */
function checkCost(recurrence: Recurrence, timing: SeriesTiming): void {
  const limit = LIMITS.candidatesPerYear;
  const cost = recurrence.rule === null ? 0 : candidatesPerYear(recurrence.rule);
  if (cost > limit) {
    throw new RecurrenceError(
      `makes the server consider ${cost} dates a year to find its occurrences, more than ` +
        `${limit}; simplify the rule (fewer BY parts or values, or no BYSETPOS).`,
    );
  }
  const first = occurrenceAt(timing.start, timing).start_utc;
  const last = lastStartBound(recurrence, timing);
  expand(recurrence, timing, first, daysAfter(first, 31));
  if (last === null || last >= '9999-11-01 00:00:00') {
    expand(recurrence, timing, '9999-11-01 00:00:00', '9999-12-01 00:00:00');
  }
}

/** RDATE days closer together than this are checked with one expansion. */
const ONE_WINDOW_DAYS = 732;

/** Occurrence ids count days: a series has at most one occurrence per day (its ids' rule). */
function checkOnePerDay(recurrence: Recurrence, timing: SeriesTiming): void {
  const zone = normalizeZone(timing.zone) ?? 'UTC';
  const days = new Set<string>();
  for (const value of recurrence.rdates) {
    const wall =
      value.type === 'date'
        ? value.date
        : value.type === 'utc'
          ? formatInZone(new Date(`${value.wall.replace(' ', 'T')}Z`), zone)
          : value.zone === null
            ? value.wall
            : formatInZone(
                new Date(wallToUtcMs(Date.parse(`${value.wall.replace(' ', 'T')}Z`), value.zone)),
                zone,
              );
    days.add(wall.slice(0, 10));
  }
  // One expansion over the RDATEs' span when it is short (500 RDATEs: one expansion instead of
  // 500, each of which placed every RDATE: seconds on the server's thread), else one per day.
  const sorted = [...days].sort();
  const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const short =
    sorted.length > 0 && msOf(sorted.at(-1)!) - msOf(sorted[0]!) <= ONE_WINDOW_DAYS * DAY_MS;
  const windows = short ? [[sorted[0]!, sorted.at(-1)!]] : sorted.map((day) => [day, day]);
  for (const [from, to] of windows) {
    const count = new Map<string, number>();
    for (const o of expand(
      recurrence,
      timing,
      formatUtc(new Date(msOf(from!) - DAY_MS)),
      formatUtc(new Date(msOf(to!) + 2 * DAY_MS)),
    )) {
      const day = o.original.slice(0, 10);
      if (days.has(day)) count.set(day, (count.get(day) ?? 0) + 1);
    }
    for (const day of sorted) {
      const on = count.get(day) ?? 0;
      if (on > 1) {
        throw new RecurrenceError(
          `gives ${on} occurrences on ${day}: a series has at most one occurrence a day.`,
        );
      }
    }
  }
}

/** The checks every recurrence of a series passes beyond its grammar (lines.ts). */
export function checkRecurrence(recurrence: Recurrence, timing: SeriesTiming): void {
  checkCost(recurrence, timing);
  if (excludesFirst(recurrence, timing)) {
    throw new RecurrenceError(
      'cannot EXDATE the first occurrence, which is the event itself: start the event at the ' +
        'first occurrence to keep, or trash it once the series exists.',
    );
  }
  checkOnePerDay(recurrence, timing);
}

/** What an event object shows of its series (docs/contract/extensions.md §E1, "Response keys"). */
export interface SeriesKeys {
  recurrence: string[];
  series_id: number | null;
  original_start_date: string | null;
  /** The first events of every part of the series a split made, first part first (§E1). */
  series_parts: number[];
}

const SINGLE: SeriesKeys = {
  recurrence: [],
  series_id: null,
  original_start_date: null,
  series_parts: [],
};

export const tooManySeries = (): TooMany =>
  new TooMany(
    'almanac_too_many_series',
    `A user may start at most ${LIMITS.seriesPerDay} recurring series in 24 hours; try again later.`,
  );

/** The repositories of a unit of work that a series' writes use. */
export interface SeriesWrites {
  events: EventsRepository;
  series: SeriesRepository;
}

/**
 * The series' read side with `anyRunning` remembered per content version, and `running`
 * answered without a read when no series runs: a calendar without series pays no series read per
 * request (a listing asked on every page). Every write of a series moves the content version, on
 * every process and node (db/content-version.ts; PostgreSQL's snapshot), so the answer is never
 * older than the version the request reads.
 */
function runningRemembered(reads: SeriesReader, version: () => Promise<string>): SeriesReader {
  let known: { version: string; any: boolean } | undefined;
  async function anyRunning(): Promise<boolean> {
    // The version before what it keys, as every cache of the version reads them.
    const at = await version();
    if (known?.version !== at) known = { version: at, any: await reads.anyRunning() };
    return known.any;
  }
  return {
    ...reads,
    anyRunning,
    running: async (from) => ((await anyRunning()) ? reads.running(from) : []),
  };
}

export function createSeriesService(core: CoreServices) {
  const reads = runningRemembered(core.storage.read.series, () => core.storage.contentVersion());
  const now = () => core.clock.now();
  const occurrences = createOccurrences(reads, now);

  /**
   * Makes `parent` (just written, in the caller's transaction) the first occurrence of a series.
   * `creator`: the user starting it, whose daily quota it counts against; administrators, who
   * run the server, are not held to it (`limited` false). Through the repositories of the
   * caller's unit of work.
   */
  async function start(
    uow: SeriesWrites,
    parent: EventRow,
    recurrence: Recurrence,
    creator: number | null,
    limited: boolean,
  ): Promise<void> {
    const timing = {
      zone: parent.timezone,
      allDay: parent.all_day === 1,
      start: parent.start_local,
      end: parent.end_local,
    };
    const at = formatUtc(now());
    const since = daysAfter(at, -1);
    if (
      limited &&
      creator !== null &&
      (await uow.series.createdSince(creator, since)) >= LIMITS.seriesPerDay
    ) {
      throw tooManySeries();
    }
    try {
      checkRecurrence(recurrence, timing);
      const row: SeriesRow = {
        id: parent.id,
        lines: JSON.stringify(formatRecurrence(recurrence)),
        timezone: parent.timezone,
        all_day: parent.all_day,
        start_local: parent.start_local,
        end_local: parent.end_local,
        template: JSON.stringify(await snapshot(parent, uow.events)),
        last_start_utc: lastStartBound(recurrence, timing),
        modified_utc: at,
        slot: await uow.series.nextSlot(),
        slot_origin: dayNumber(parent.start_local),
        creator,
        created_utc: at,
      };
      await uow.series.insert(row);
      await uow.series.join(parent.id, parent.id, null, parent.start_local);
    } catch (error) {
      recurrenceProblem(error);
    }
  }

  /** The series keys of a page of events, with two reads. */
  async function keysOf(rows: EventRow[]): Promise<Map<number, SeriesKeys>> {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.series_id === null ? [] : [row.series_id]))),
    ];
    // Events of no series (every event of most calendars) need no read.
    if (ids.length === 0) return new Map(rows.map((row) => [row.id, SINGLE]));
    const read = core.storage.read.series;
    const series = await read.linesOf(ids);
    const parts = await read.partsOf([...new Set([...series.values()].map((info) => info.slot))]);
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
        series_parts: info ? (parts.get(info.slot) ?? [row.series_id]) : [row.series_id],
      });
    }
    return out;
  }

  return { reads, occurrences, start, keysOf };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
