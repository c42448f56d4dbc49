/**
 * The ids of occurrences that the rule gives and nobody changed: computed, never stored, yet
 * stable (docs/architecture.md, "Recurrence model"). They lie in a range of their own, above every
 * id the database hands out (server/db/post-ids.ts keeps ordinary ids below it), and say which
 * series and which day they are:
 *
 *   id = OCCURRENCE_ID_BASE + slot · 2^24 + (day − origin + 2^23)
 *
 * `slot` is the series' number (a series split in two keeps it, each part owning its days),
 * `day` the occurrence's original start as a day number (days since 1970-01-01, wall time in the
 * series' zone) and `origin` the series' day 0 (moved with the series when all its occurrences
 * move, so their ids stay). A rule gives at most one occurrence per day (no rule part finer than
 * a day is accepted, and an RDATE on a day the series already has is refused), so the pair is
 * unique. An occurrence stored later (changed or trashed on its own) keeps its id.
 */

/** 2^50: the first id of the reserved range; every id stays below 2^53 (exact in JSON numbers). */
export const OCCURRENCE_ID_BASE = 2 ** 50;
const DAY_SPAN = 2 ** 24;
const DAY_BIAS = 2 ** 23;
/** The largest slot whose ids stay exact integers in JavaScript. */
export const MAX_SLOT = Math.floor((Number.MAX_SAFE_INTEGER - OCCURRENCE_ID_BASE) / DAY_SPAN) - 1;

const DAY_MS = 86_400_000;

/** Days from 1970-01-01 to the date of a `YYYY-MM-DD[ HH:MM:SS]` wall time. */
export function dayNumber(wall: string): number {
  return Math.floor(Date.parse(`${wall.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

export function isOccurrenceId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= OCCURRENCE_ID_BASE;
}

export function occurrenceId(slot: number, origin: number, original: string): number {
  const offset = dayNumber(original) - origin;
  if (slot < 1 || slot > MAX_SLOT || offset < -DAY_BIAS || offset >= DAY_BIAS) {
    throw new RangeError(`no occurrence id for slot ${slot}, day offset ${offset}`);
  }
  return OCCURRENCE_ID_BASE + slot * DAY_SPAN + offset + DAY_BIAS;
}

/** The slot and the day offset from the series' origin of a reserved id. */
export function decodeOccurrenceId(id: number): { slot: number; offset: number } | undefined {
  if (!isOccurrenceId(id)) return undefined;
  const rest = id - OCCURRENCE_ID_BASE;
  const slot = Math.floor(rest / DAY_SPAN);
  if (slot < 1) return undefined;
  return { slot, offset: (rest % DAY_SPAN) - DAY_BIAS };
}

/** The `YYYY-MM-DD` date `offset` days after day number `origin`. */
export function dateOfDay(origin: number, offset: number): string {
  return new Date((origin + offset) * DAY_MS).toISOString().slice(0, 10);
}
