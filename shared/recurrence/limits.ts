/**
 * The bounds on what one recurrence may ask of the server (docs/contract/extensions.md §E1, "Limits"). A rule
 * over any of them is refused with a 400 naming `recurrence`; the docs list them.
 */
export const RECURRENCE_LIMITS = {
  /** Content lines in one `recurrence` value. */
  maxLines: 50,
  /** Characters in one content line. */
  maxLineLength: 2_000,
  /** EXDATE and RDATE values together. */
  maxDates: 500,
  /** `INTERVAL` at most this. */
  maxInterval: 1_000,
  /** `COUNT` at most this. */
  maxCount: 5_000,
  /**
   * Candidate dates a rule makes its iterator consider in a year (cost.ts: periods in a year ×
   * dates each BY part expands a period to × BYSETPOS values). A daily rule costs 366; a rule
   * over this is refused when written.
   */
  candidatesPerYear: 4_000,
  /**
   * Occurrences one request may compute, over every series it reads; a listing whose window
   * holds more is a 400 asking for a narrower window (never a silently shorter answer). Each
   * rule's iterator also stops after this many steps.
   */
  occurrencesPerRequest: 100_000,
  /**
   * Occurrences a listing page in another order than start (which makes every occurrence it
   * selects, about 10 µs each) may make; counted first, so a window over it is a 400 at once.
   * The CSV export, which makes them all anyway, has occurrencesPerRequest.
   */
  occurrencesPerListing: 20_000,
  /**
   * Work one request may ask of the rules' iterators, in units of about one candidate date
   * (cost.ts, expansionWork): rules with a day pattern (daily and weekly ones) are counted by
   * arithmetic and cost almost nothing; others are charged their candidate dates over the
   * window before they are expanded. A listing over more is a 400 asking for a narrower window.
   */
  workPerRequest: 100_000,
  /** New series one user may start in 24 hours (429 `almanac_too_many_series` beyond). */
  seriesPerDay: 50,
  /** Years a date in a rule may take (the storage format has four-digit years). */
  minYear: 1000,
  maxYear: 9999,
} as const;
