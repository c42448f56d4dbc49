/**
 * Every example of RFC 5545 §3.8.5.3 in the supported frequencies, created through the API in
 * America/New_York and read back through listings: exactly the occurrences the RFC lists, at
 * 09:00 EDT or EST. The series' first occurrences are made at creation, the later ones by
 * listings of later windows.
 */
import { describe, expect, it } from 'vitest';
import { create } from '../../../helpers/fixtures.js';
import { fixedClock } from '../../../../server/clock.js';
import { startTestServer } from '../../../helpers/server.js';
import { RFC_EXAMPLES, type RfcExample } from '../../../shared/recurrence/rfc5545-examples.js';
import { childrenOf, type Occurrence } from './support.js';

const DAY_MS = 86_400_000;
const iso = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;

/**
 * The first occurrence is the event itself, which EXDATE may not remove: the example that
 * excludes its DTSTART ("every Friday the 13th") starts at its first remaining occurrence.
 */
function asCreated(example: RfcExample) {
  const excludesStart = example.lines.some((line) => line.startsWith('EXDATE'));
  return {
    start: excludesStart ? example.expected[0]! : example.dtstart,
    lines: example.lines.filter((line) => !line.startsWith('EXDATE')),
  };
}

describe('RFC 5545 §3.8.5.3 examples through the API', () => {
  for (const example of RFC_EXAMPLES) {
    it(example.title, async () => {
      // Today is 1 August 1997 for these: occurrences are made within ten years of today.
      const server = await startTestServer({ clock: fixedClock('1997-08-01T12:00:00Z') });
      const { start, lines } = asCreated(example);
      const parent = await create(server, 'events', {
        title: example.title,
        start_date: `${iso(start)} 09:00:00`,
        end_date: `${iso(start)} 10:00:00`,
        timezone: 'America/New_York',
        recurrence: lines,
      });
      // Windows of 700 days, from the start to a year past the last date the RFC lists.
      const last = Date.parse(`${iso(example.expected.at(-1)!)}T00:00:00Z`) + 365 * DAY_MS;
      const seen: Occurrence[] = [];
      for (let from = Date.parse(`${iso(start)}T00:00:00Z`); from < last; from += 700 * DAY_MS) {
        const window = {
          start_date: new Date(from).toISOString().slice(0, 10),
          end_date: new Date(from + 699 * DAY_MS).toISOString().slice(0, 10),
        };
        seen.push(...(await childrenOf(server, parent.id, window)));
      }
      const dates = [`${iso(start)} 09:00:00`, ...new Set(seen.map((o) => o.start_date))].map((d) =>
        d.slice(0, 10).replaceAll('-', ''),
      );
      const expected = example.expected.filter((d) => d >= start);
      if (example.complete) expect(dates, example.title).toEqual(expected);
      else expect(dates.slice(0, expected.length), example.title).toEqual(expected);
      for (const o of seen) {
        expect(o.start_date.slice(11), example.title).toBe('09:00:00');
        // 09:00 EDT is 13:00 UTC, 09:00 EST 14:00.
        expect(['13:00:00', '14:00:00']).toContain(o.utc_start_date.slice(11));
      }
    });
  }
});
