/** The typed form of a `recurrence` value (lines.ts reads and writes it). */
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A BYDAY entry: `TU` (ordinal 0: every Tuesday), `2TU`, `-1FR`. */
export interface WeekdayRef {
  ordinal: number;
  day: Weekday;
}

/** A date or date-time written in a rule line. Wall times are `YYYY-MM-DD HH:MM:SS`. */
export type RuleDate =
  | { type: 'date'; date: string }
  | { type: 'utc'; wall: string }
  /** `zone: null` is a floating time, read in the event's own zone. */
  | { type: 'local'; wall: string; zone: string | null };

export interface Rule {
  freq: Frequency;
  interval: number;
  count?: number;
  until?: RuleDate;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  byDay?: WeekdayRef[];
  bySetPos?: number[];
  wkst?: Weekday;
}

export interface Recurrence {
  /** `null` for a series made of RDATEs only, and for no recurrence at all. */
  rule: Rule | null;
  exdates: RuleDate[];
  rdates: RuleDate[];
}

export const NO_RECURRENCE: Recurrence = { rule: null, exdates: [], rdates: [] };

export function isRecurring(recurrence: Recurrence): boolean {
  return recurrence.rule !== null || recurrence.rdates.length > 0;
}

/** A `recurrence` value the API refuses; the message reads after the parameter's name. */
export class RecurrenceError extends Error {
  override name = 'RecurrenceError';
}

export const fail = (message: string): never => {
  throw new RecurrenceError(message);
};

/** A value quoted in an error message, cut short. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function unique<T>(list: T[], key: (item: T) => string = String): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
