/**
 * The date window of an events listing (docs/contract/compat-notes.md §3.2;
 * docs/contract/decisions.md 2, 3): the date parameters resolved to UTC bounds, and how the
 * archive's links echo them, so following a link pages the same window.
 */
import { DateTime } from 'luxon';
import { formatWall, parseDateInput } from '../../../shared/dates.js';
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

/**
 * The window of a listing request, read in the site zone at `now`. The default window is the
 * same all day: remembered per site zone and day (UTC and local).
 */
export function listingDates() {
  let defaultWindow: { key: string; value: ListingDates } | undefined;
  return (input: EventListInput, siteZone: string, now: Date): ListingDates => {
    if (input.include !== undefined || ALL_DATES.some((name) => input[name] !== undefined)) {
      return computeDates(input, siteZone, now);
    }
    const key = [
      siteZone,
      input.strict_dates === true,
      formatUtc(now).slice(0, 10),
      formatInZone(now, siteZone).slice(0, 10),
    ].join('|');
    if (defaultWindow?.key !== key) {
      defaultWindow = { key, value: computeDates(input, siteZone, now) };
    }
    return defaultWindow.value;
  };
}
