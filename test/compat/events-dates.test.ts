/**
 * Compat audit: date input read as PHP's strtotime reads it (docs/contract/compat-notes.md §3.2 "anything strtotime
 * can parse"), through event creation. The clock is frozen on Monday 2026-06-15 12:00 UTC.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { EVENTS, ids } from '../server/resources/events/helpers.js';
import { createEvent } from '../helpers/fixtures.js';

describe('strtotime-like date input', () => {
  it('reads relative expressions as PHP does', async () => {
    const server = await startTestServer();
    const cases: [string, string][] = [
      ['+1 day', '2026-06-16 12:00:00'],
      ['+1 week', '2026-06-22 12:00:00'],
      ['+5 weeks', '2026-07-20 12:00:00'],
      ['-1 day', '2026-06-14 12:00:00'],
      ['+2 hours', '2026-06-15 14:00:00'],
      ['1 week ago', '2026-06-08 12:00:00'],
      ['+1 month', '2026-07-15 12:00:00'],
      ['now', '2026-06-15 12:00:00'],
      ['today', '2026-06-15 00:00:00'],
      ['midnight', '2026-06-15 00:00:00'],
      ['noon', '2026-06-15 12:00:00'],
      ['tomorrow', '2026-06-16 00:00:00'],
      ['tomorrow 9am', '2026-06-16 09:00:00'],
      ['+1 day 10:00', '2026-06-16 10:00:00'],
      ['next wednesday 4pm', '2026-06-17 16:00:00'],
      ['next monday', '2026-06-22 00:00:00'],
      ['monday', '2026-06-15 00:00:00'],
      ['saturday', '2026-06-20 00:00:00'],
      ['last monday', '2026-06-08 00:00:00'],
      ['next month', '2026-07-15 12:00:00'],
      ['first day of next month', '2026-07-01 12:00:00'],
      ['last day of this month', '2026-06-30 12:00:00'],
      ['@1782907200', '2026-07-01 12:00:00'],
      ['1782907200', '2026-07-01 12:00:00'],
      ['July 4th 2026', '2026-07-04 00:00:00'],
    ];
    for (const [input, expected] of cases) {
      const response = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { title: input, start_date: input, end_date: '2030-01-01 00:00:00' },
      });
      expect(response.status, input).toBe(201);
      expect(response.body.start_date, input).toBe(expected);
    }
  });

  it('filters the listing by a relative start_date', async () => {
    const server = await startTestServer({ settings: { per_page: 20 } });
    const made = [];
    for (let week = 1; week <= 10; week++) {
      const day = new Date(Date.UTC(2026, 5, 15 + 7 * week)).toISOString().slice(0, 10);
      made.push(
        await createEvent(server, { start_date: `${day} 12:00:00`, end_date: `${day} 14:00:00` }),
      );
    }
    const response = await server.call('GET', EVENTS, { query: { start_date: '+5 weeks' } });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(made.slice(4).map((event) => event.id));
  });
});
