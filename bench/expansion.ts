/**
 * What expanding a rule costs, per occurrence, with each way of doing it (docs/benchmark.md,
 * "Recurrence expansion"): rrule-temporal with its candidate cap changed (how Almanac called it
 * before: every rule in its general engine), rrule-temporal with its default cap (its fast plans),
 * ical.js's iterator (RecurExpansion's engine), Almanac's `expand` (floating wall time placed in
 * the zone with cached offsets) and its timeline, which counts a rule with a day pattern without
 * expanding it. Server CPU of the process, best of five.
 *
 *   npx tsx bench/expansion.ts
 */
import ICAL from 'ical.js';
import { RRuleTemporal } from 'rrule-temporal';
import { expand, type SeriesTiming } from '../shared/recurrence/expand.js';
import { parseRecurrence } from '../shared/recurrence/lines.js';
import { periodicSource, timeline } from '../shared/recurrence/timeline.js';

const RULES = [
  'FREQ=DAILY',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
  'FREQ=DAILY;BYMONTH=1,2,3',
  `FREQ=YEARLY;BYYEARDAY=${Array.from({ length: 183 }, (_, i) => 2 * i + 1).join(',')}`,
];
const TIMING: SeriesTiming = {
  zone: 'Europe/Paris',
  allDay: false,
  start: '2026-01-02 19:00:00',
  end: '2026-01-02 21:00:00',
};
const FROM = '2026-01-01 00:00:00';
const TO = '2047-01-01 00:00:00';

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Best of five runs (after one to warm up): milliseconds, and the occurrences made. */
function best(run: () => number): { ms: number; count: number } {
  let count = run();
  let ms = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const started = cpu();
    count = run();
    ms = Math.min(ms, cpu() - started);
  }
  return { ms, count };
}

function rruleTemporal(rule: string, cap: number | undefined): number {
  return new RRuleTemporal({
    rruleString: `DTSTART;TZID=UTC:20260102T190000\nRRULE:${rule}`,
    includeDtstart: true,
    cache: false,
    maxIterations: 100_000,
    ...(cap === undefined ? {} : { maxCandidateEvaluations: cap }),
  }).between(new Date('2025-12-31T00:00:00Z'), new Date('2047-01-02T00:00:00Z'), true).length;
}

function icalIterator(rule: string): number {
  const iterator = ICAL.Recur.fromString(rule).iterator(
    ICAL.Time.fromDateTimeString('2026-01-02T19:00:00'),
  );
  let count = 0;
  for (let next = iterator.next(); next !== null && next.year < 2047; next = iterator.next()) {
    count++;
  }
  return count;
}

function counted(rule: string): number {
  const source = periodicSource(parseRecurrence(`RRULE:${rule}`), TIMING, new Set());
  if (source === undefined) return Number.NaN;
  return timeline(source, TIMING.zone, {
    lower: () => true,
    upper: () => true,
    fromUtc: Date.parse('2026-01-01T00:00:00Z'),
    toUtc: Date.parse('2047-01-01T00:00:00Z'),
  }).size;
}

const columns = [
  ['rrule-temporal, cap 100,000 (before)', (rule: string) => rruleTemporal(rule, 100_000)],
  ['rrule-temporal, default cap', (rule: string) => rruleTemporal(rule, undefined)],
  ['ical.js iterator', icalIterator],
  [
    'expand() (placed, formatted)',
    (rule: string) => expand(parseRecurrence(`RRULE:${rule}`), TIMING, FROM, TO).length,
  ],
  ['timeline count', counted],
] as const;

console.log(`Rules from ${TIMING.start} (${TIMING.zone}) over ${FROM} to ${TO}: µs per occurrence`);
console.log(`| rule | occurrences | ${columns.map(([name]) => name).join(' | ')} |`);
console.log(`|---|---|${columns.map(() => '---').join('|')}|`);
for (const rule of RULES) {
  const cells: string[] = [];
  let occurrences = 0;
  for (const [, run] of columns) {
    const { ms, count } = best(() => run(rule));
    if (Number.isNaN(count)) {
      cells.push('–');
      continue;
    }
    occurrences = Math.max(occurrences, count);
    cells.push(((ms * 1000) / Math.max(1, count)).toFixed(2));
  }
  console.log(`| \`${rule.slice(0, 48)}\` | ${occurrences} | ${cells.join(' | ')} |`);
}
