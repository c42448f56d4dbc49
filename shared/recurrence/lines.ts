/**
 * The `recurrence` field (docs/contract/extensions.md §E1): RFC 5545 `RRULE`, `EXDATE` and `RDATE` content
 * lines, read into a typed rule and written back in one canonical form.
 *
 * The grammar is checked here rather than by the expansion library because the contract is
 * narrower than RFC 5545 (no rule finer than a day, no PERIOD values, limits) and libraries
 * silently drop what they do not know (`FOO=1`, `INTERVAL=0`), where the API must answer 400.
 */
import { normalizeZone } from '../time.js';
import { RECURRENCE_LIMITS as LIMITS } from './limits.js';
import { readRule, formatRule } from './rule.js';
import { clip, fail, isRecurring, unique, type Recurrence, type RuleDate } from './types.js';
import { formatDateValue, readDate } from './values.js';

export * from './types.js';
export { formatRule } from './rule.js';

// ---------------------------------------------------------------------------------------------
// Content lines

interface ContentLine {
  name: string;
  params: Map<string, string>;
  value: string;
}

/** Splits the input into logical lines, unfolding RFC 5545 folded lines (CRLF + space). */
function splitLines(input: string | string[]): string[] {
  const raw = Array.isArray(input) ? input : [input];
  const lines: string[] = [];
  for (const item of raw) {
    for (const physical of item.split(/\r?\n/)) {
      if (/^[ \t]/.test(physical) && lines.length > 0) {
        lines[lines.length - 1] += physical.slice(1);
      } else if (physical.trim() !== '') {
        lines.push(physical.trim());
      }
    }
  }
  return lines;
}

function readContentLine(line: string): ContentLine {
  const head = /^([A-Za-z-]+)/.exec(line);
  if (!head) fail(`"${clip(line)}" is not a content line such as RRULE:FREQ=WEEKLY.`);
  const name = head![1]!.toUpperCase();
  const params = new Map<string, string>();
  let at = head![1]!.length;
  while (line[at] === ';') {
    const param = /^;([A-Za-z-]+)=("[^"]*"|[^;:"]*)/.exec(line.slice(at));
    if (!param) fail(`${name} has a malformed parameter.`);
    const key = param![1]!.toUpperCase();
    if (params.has(key)) fail(`${name} has ${key} twice.`);
    params.set(key, param![2]!.replace(/^"|"$/g, ''));
    at += param![0].length;
  }
  if (line[at] !== ':') fail(`${name} must be followed by ":" and its value.`);
  return { name, params, value: line.slice(at + 1).trim() };
}

// ---------------------------------------------------------------------------------------------
// EXDATE and RDATE

function readDates(line: ContentLine): RuleDate[] {
  const where = line.name;
  for (const key of line.params.keys()) {
    if (key !== 'TZID' && key !== 'VALUE') fail(`${where} parameter ${key} is not supported.`);
  }
  const valueType = (line.params.get('VALUE') ?? 'DATE-TIME').toUpperCase();
  if (valueType !== 'DATE' && valueType !== 'DATE-TIME') {
    fail(`${where} VALUE must be DATE or DATE-TIME, not ${clip(valueType)}.`);
  }
  let zone: string | null = null;
  const tzid = line.params.get('TZID');
  if (tzid !== undefined) {
    zone = normalizeZone(tzid) ?? null;
    if (zone === null) fail(`${where} TZID "${clip(tzid)}" is not a time zone.`);
    if (valueType === 'DATE') fail(`${where} cannot have both TZID and VALUE=DATE.`);
  }
  if (line.value === '') fail(`${where} needs at least one date.`);
  const values = line.value
    .split(',')
    .map((text) => readDate(where, text.trim(), zone, valueType === 'DATE'));
  return values;
}

const dateKey = (value: RuleDate): string =>
  value.type === 'local' ? `${value.zone ?? ''}|${value.wall}` : formatDateValue(value);

/**
 * Values of one kind as lines, consecutive values of the same type and zone sharing a line, each
 * line within the documented line length: the canonical form is stored, read again and sent back
 * by clients, so it must pass the same limits as the lines a client writes (500 dates written as
 * five lines of 100 would otherwise become one line of 4,500 characters).
 */
function formatDates(name: 'EXDATE' | 'RDATE', values: RuleDate[]): string[] {
  const lines: string[] = [];
  let head = '';
  let group: string[] = [];
  let length = 0;
  const flush = () => {
    if (group.length > 0) lines.push(`${head}:${group.join(',')}`);
    group = [];
    length = 0;
  };
  for (const value of values) {
    const next =
      value.type === 'date'
        ? `${name};VALUE=DATE`
        : value.type === 'local' && value.zone !== null
          ? `${name};TZID=${value.zone}`
          : name;
    const text = formatDateValue(value);
    if (next !== head) {
      flush();
      head = next;
    }
    if (group.length > 0 && head.length + 1 + length + 1 + text.length > LIMITS.maxLineLength) {
      flush();
    }
    length += (group.length > 0 ? 1 : 0) + text.length;
    group.push(text);
  }
  flush();
  return lines;
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads `recurrence` as the API receives it: an array of content lines or one string (which may
 * hold several lines). `[]`, `""` and blank lines only mean no recurrence.
 */
export function parseRecurrence(input: string | readonly string[]): Recurrence {
  const list = typeof input === 'string' ? [input] : [...input];
  if (list.length > LIMITS.maxLines) fail(`must have at most ${LIMITS.maxLines} lines.`);
  const lines = splitLines(list);
  if (lines.length > LIMITS.maxLines) fail(`must have at most ${LIMITS.maxLines} lines.`);
  const recurrence: Recurrence = { rule: null, exdates: [], rdates: [] };
  for (const text of lines) {
    if (text.length > LIMITS.maxLineLength) {
      fail(`lines must be at most ${LIMITS.maxLineLength} characters long.`);
    }
    const line = readContentLine(text);
    if (line.name === 'RRULE') {
      if (line.params.size > 0) fail('RRULE takes no parameters.');
      if (recurrence.rule !== null) fail('must have at most one RRULE.');
      recurrence.rule = readRule(line.value);
    } else if (line.name === 'EXDATE') {
      recurrence.exdates.push(...readDates(line));
    } else if (line.name === 'RDATE') {
      recurrence.rdates.push(...readDates(line));
    } else if (line.name === 'DTSTART' || line.name === 'DTEND') {
      fail(`${line.name} is not a recurrence line: the event's start_date and end_date give it.`);
    } else {
      fail(`${line.name} is not a recurrence line: use RRULE, EXDATE or RDATE.`);
    }
    if (recurrence.exdates.length + recurrence.rdates.length > LIMITS.maxDates) {
      fail(`must have at most ${LIMITS.maxDates} EXDATE and RDATE values in all.`);
    }
  }
  if (lines.length > 0 && !isRecurring(recurrence)) {
    fail('needs an RRULE or an RDATE; EXDATE alone repeats nothing.');
  }
  recurrence.exdates = unique(recurrence.exdates, dateKey);
  recurrence.rdates = unique(recurrence.rdates, dateKey);
  return recurrence;
}

/** The canonical lines of a recurrence: RRULE, then EXDATE, then RDATE. */
export function formatRecurrence(recurrence: Recurrence): string[] {
  return [
    ...(recurrence.rule ? [formatRule(recurrence.rule)] : []),
    ...formatDates('EXDATE', recurrence.exdates),
    ...formatDates('RDATE', recurrence.rdates),
  ];
}
