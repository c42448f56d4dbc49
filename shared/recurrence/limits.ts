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
   * Occurrences are stored as events up to this many days after today (the horizon; the default
   * listing window is 24 months) and, for a series that started earlier, from `pastDays` ago.
   */
  horizonDays: 732,
  pastDays: 366,
  /** The horizon moves by this many days at a time, so that time extends a series monthly. */
  extensionDays: 31,
  /**
   * Occurrences one generation step may create (a new series, or a listing's window outside
   * what exists). A daily series that started a year ago fits, with its RDATEs.
   */
  maxOccurrencesPerStep: 1_700,
  /** A listing outside what exists makes occurrences exist over at most this many days. */
  listingWindowDays: 732,
  /**
   * Occurrences are never made further than this from today, ahead or back: listings, which
   * anyone may send, cannot make a series grow without end.
   */
  reachDays: 3_653,
  /** Years a date in a rule may take (the storage format has four-digit years). */
  minYear: 1000,
  maxYear: 9999,
} as const;
