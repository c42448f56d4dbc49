/**
 * The Repeat control's model (docs/api/recurrence.md, "For the console"): presets and a custom
 * rule, read from and written to the event's `recurrence` lines with the shared parser, so the
 * console sends exactly the canonical lines the API gives back.
 */
import {
  formatRecurrence,
  formatRule,
  parseRecurrence,
  WEEKDAYS,
  type Frequency,
  type Recurrence,
  type Rule,
  type Weekday,
} from '../../../shared/recurrence/lines';

export const PRESETS = ['none', 'daily', 'weekly', 'monthly', 'yearly', 'weekdays'] as const;
export type Preset = (typeof PRESETS)[number] | 'custom';

export type Ends = 'never' | 'on' | 'after';

/** What the custom editor shows: a rule of one frequency, its interval, days and end. */
export interface CustomRule {
  freq: Frequency;
  /** 0 while its input is empty: the rule then uses 1. */
  interval: number;
  /** Weekly rules: the days of the week. */
  days: Weekday[];
  /** Monthly rules: on the start's day of the month, or on its nth weekday. */
  monthlyBy: 'day' | 'weekday';
  ends: Ends;
  /** `YYYY-MM-DD`, for ends = on. */
  until: string;
  /** For ends = after; 0 while its input is empty (the rule then uses 1). */
  count: number;
}

const WORKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** The weekday of a `YYYY-MM-DD…` wall time. */
export function weekdayOf(start: string): Weekday {
  const day = new Date(`${start.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

/** Which of its weekdays in the month the start is: 1 to 4, or -1 for a fifth (the last). */
export function nthOf(start: string): number {
  const n = Math.ceil(Number(start.slice(8, 10)) / 7);
  return n === 5 ? -1 : n;
}

export function presetRule(preset: Preset, start: string): Rule | null {
  switch (preset) {
    case 'daily':
      return { freq: 'DAILY', interval: 1 };
    case 'weekly':
      return { freq: 'WEEKLY', interval: 1, byDay: [{ ordinal: 0, day: weekdayOf(start) }] };
    case 'monthly':
      return {
        freq: 'MONTHLY',
        interval: 1,
        byDay: [{ ordinal: nthOf(start), day: weekdayOf(start) }],
      };
    case 'yearly':
      return { freq: 'YEARLY', interval: 1 };
    case 'weekdays':
      return { freq: 'WEEKLY', interval: 1, byDay: WORKDAYS.map((day) => ({ ordinal: 0, day })) };
    default:
      return null;
  }
}

/** A weekly rule without BYDAY repeats on the start's weekday: say so, to compare rules. */
function explicit(rule: Rule, start: string): Rule {
  return rule.freq === 'WEEKLY' && !rule.byDay
    ? { ...rule, byDay: [{ ordinal: 0, day: weekdayOf(start) }] }
    : rule;
}

/** The recurrence of the given lines, or null when they cannot be read. */
export function readLines(lines: readonly string[]): Recurrence | null {
  try {
    return parseRecurrence(lines);
  } catch {
    return null;
  }
}

/** The preset the lines are, else `custom` (any other rule, or extra EXDATE/RDATE lines). */
export function presetOf(lines: readonly string[], start: string): Preset {
  const recurrence = readLines(lines);
  if (!recurrence) return 'custom';
  if (!recurrence.rule && recurrence.rdates.length === 0) return 'none';
  if (!recurrence.rule || recurrence.exdates.length + recurrence.rdates.length > 0) return 'custom';
  const text = formatRule(explicit(recurrence.rule, start));
  const preset = PRESETS.find((p) => {
    const rule = presetRule(p, start);
    return rule !== null && formatRule(rule) === text;
  });
  return preset ?? 'custom';
}

export function defaultCustom(start: string): CustomRule {
  return {
    freq: 'WEEKLY',
    interval: 1,
    days: [weekdayOf(start)],
    monthlyBy: 'weekday',
    ends: 'never',
    until: '',
    count: 10,
  };
}

/** The custom editor's view of a rule (parts it cannot show are dropped: see `fitsCustom`). */
export function customOf(lines: readonly string[], start: string): CustomRule {
  const base = defaultCustom(start);
  const rule = readLines(lines)?.rule;
  if (!rule) return base;
  const plain = rule.byDay?.filter((ref) => ref.ordinal === 0).map((ref) => ref.day);
  const until = rule.until;
  return {
    freq: rule.freq,
    interval: rule.interval,
    days: rule.freq === 'WEEKLY' && plain && plain.length > 0 ? plain : base.days,
    monthlyBy: rule.freq === 'MONTHLY' && !rule.byDay ? 'day' : 'weekday',
    ends: rule.count !== undefined ? 'after' : until ? 'on' : 'never',
    until: until ? (until.type === 'date' ? until.date : until.wall.slice(0, 10)) : '',
    count: rule.count ?? base.count,
  };
}

export function customRule(custom: CustomRule, start: string): Rule {
  const rule: Rule = { freq: custom.freq, interval: Math.max(1, Math.trunc(custom.interval) || 1) };
  if (custom.freq === 'WEEKLY') {
    const days = custom.days.length > 0 ? custom.days : [weekdayOf(start)];
    rule.byDay = WEEKDAYS.filter((day) => days.includes(day)).map((day) => ({ ordinal: 0, day }));
  }
  if (custom.freq === 'MONTHLY' && custom.monthlyBy === 'weekday')
    rule.byDay = [{ ordinal: nthOf(start), day: weekdayOf(start) }];
  if (custom.ends === 'after') rule.count = Math.max(1, Math.trunc(custom.count) || 1);
  if (custom.ends === 'on' && /^\d{4}-\d{2}-\d{2}$/.test(custom.until))
    rule.until = { type: 'date', date: custom.until };
  return rule;
}

/** Whether the custom editor shows the whole rule, so that editing it there loses nothing. */
export function fitsCustom(lines: readonly string[], start: string): boolean {
  const recurrence = readLines(lines);
  if (!recurrence?.rule || recurrence.rdates.length > 0) return false;
  const shown = formatRule(customRule(customOf(lines, start), start));
  return shown === formatRule(explicit(recurrence.rule, start));
}

/**
 * The lines for a new rule, keeping the EXDATE and RDATE lines of the current ones (dates the
 * API or a feed added, which the control does not edit). `null` ends the recurrence.
 */
export function linesWith(lines: readonly string[], rule: Rule | null): string[] {
  if (rule === null) return [];
  const current = readLines(lines);
  return formatRecurrence({
    rule,
    exdates: current?.exdates ?? [],
    rdates: current?.rdates ?? [],
  });
}
