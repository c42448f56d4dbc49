/**
 * The date window of an events listing (docs/contract/compat-notes.md §3.2;
 * docs/contract/decisions.md 2, 3): the date parameters resolved to UTC bounds, and how the
 * archive's links echo them, so following a link pages the same window.
 */
import { DateTime } from 'luxon';
import { formatWall, parseDateInput, readsNow } from '../../../shared/dates.js';
import { formatInZone, formatUtc } from '../../../shared/time.js';
import type { EventListInput } from '../../../shared/schemas/event.js';

export type DateParam =
  'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';
const RELATIVE: DateParam[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after'];
const ALL_DATES: DateParam[] = ['start_date', 'end_date', ...RELATIVE];

/** UTC bounds of the date filters, and how the links echo them. */
export interface ListingDates {
  bounds: Partial<Record<DateParam, string>>;
  echo: Partial<Record<DateParam, string>>;
  strict: boolean;
}

function computeDates(input: EventListInput, siteZone: string, now: Date): ListingDates {
  const strict = input.strict_dates === true;
  const bounds: Partial<Record<DateParam, string>> = {};
  const echo: Partial<Record<DateParam, string>> = {};
  if (input.include !== undefined) return { bounds, echo, strict };

  const set = (name: DateParam, value: DateTime) => {
    bounds[name] = formatWall(value.toUTC());
    // Strict values are read as UTC when naive, inclusive ones as site days: echo in kind.
    echo[name] = strict ? formatWall(value.toUTC()) : formatWall(value.setZone(siteZone));
  };
  for (const name of ALL_DATES) {
    const raw = input[name];
    if (raw === undefined) continue;
    const parsed = parseDateInput(raw, strict ? 'UTC' : siteZone, now)!;
    if (strict) set(name, parsed);
    else if (name === 'start_date') set(name, parsed.startOf('day'));
    else set(name, parsed.set({ hour: 23, minute: 59, second: 59, millisecond: 0 }));
  }
  // Relative filters replace the default window (docs/contract/compat-notes.md §3.2).
  if (!RELATIVE.some((name) => input[name] !== undefined)) {
    if (input.start_date === undefined) {
      const yesterday = DateTime.fromJSDate(now, { zone: 'UTC' })
        .minus({ days: 1 })
        .set({ hour: 23, minute: 59, second: 0, millisecond: 0 });
      set('start_date', yesterday.setZone(siteZone).startOf('day'));
    }
    if (input.end_date === undefined) {
      const end = DateTime.fromJSDate(now, { zone: siteZone }).plus({ months: 24 });
      set('end_date', end.set({ hour: 23, minute: 59, second: 59, millisecond: 0 }));
    }
  }
  return { bounds, echo, strict };
}

/** Windows remembered per day (about 2 MB at most): the dates a calendar's clients ask for. */
const WINDOWS = 4096;

/**
 * The window of a listing request, read in the site zone at `now`. Resolving dates through luxon
 * cost 4.8% of a default listing's busy time with varied windows, and the window is a function
 * of the date parameters, the site zone and today's date (UTC and local: the default window's
 * start and end) unless a parameter is natural language read relative to now (`tomorrow`): the
 * others are remembered per site zone and day, and a new day starts afresh.
 */
export function listingDates() {
  let day = '';
  const windows = new Map<string, ListingDates>();
  return (input: EventListInput, siteZone: string, now: Date): ListingDates => {
    if (input.include !== undefined) return computeDates(input, siteZone, now);
    const given = ALL_DATES.map((name) => input[name]);
    if (given.some((value) => value !== undefined && readsNow(value))) {
      return computeDates(input, siteZone, now);
    }
    const today = `${siteZone}|${formatUtc(now).slice(0, 10)}|${formatInZone(now, siteZone).slice(0, 10)}`;
    if (today !== day) {
      windows.clear();
      day = today;
    }
    const key = JSON.stringify([input.strict_dates === true, ...given]);
    let window = windows.get(key);
    if (window === undefined) {
      window = computeDates(input, siteZone, now);
      if (windows.size >= WINDOWS) windows.delete(windows.keys().next().value!);
      windows.set(key, window);
    }
    return window;
  };
}
