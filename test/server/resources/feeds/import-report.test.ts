/**
 * The `.ics` import's report in people's words and its options (docs/contract/extensions.md §E2):
 * each entry named by title and date with what happens to it, a series counted by its
 * occurrences, a change to one occurrence of the file's own series reported as that occurrence's
 * update; the status, category and organizer given to every imported event.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { create, NS } from '../../../helpers/fixtures.js';
import { importIcs } from './ics.js';

const FILE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'BEGIN:VEVENT',
  'UID:standup@example.org',
  'DTSTART;TZID=Europe/Paris:20270104T093000',
  'DTEND;TZID=Europe/Paris:20270104T094500',
  'RRULE:FREQ=WEEKLY;COUNT=8',
  'SUMMARY:Stand-up',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:standup@example.org',
  'RECURRENCE-ID;TZID=Europe/Paris:20270111T093000',
  'DTSTART;TZID=Europe/Paris:20270111T110000',
  'DTEND;TZID=Europe/Paris:20270111T111500',
  'SUMMARY:Stand-up (late)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:party@example.org',
  'DTSTART;VALUE=DATE:20270115',
  'SUMMARY:New year party',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:daily@example.org',
  'DTSTART:20270201T080000Z',
  'RRULE:FREQ=DAILY',
  'SUMMARY:Daily note',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

interface Item {
  action: string;
  kind: string;
  title: string;
  start_date: string;
  occurrences: number | null;
}

describe('the .ics import report and options', () => {
  it('names every entry, counts a series by its occurrences and explains an update on a first import', async () => {
    const server = await startTestServer();
    const dry = await importIcs(server, FILE, { dry_run: 'true' });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toMatchObject({ created: 3, updated: 1 });
    const items = (dry.json as { items: Item[] }).items.map(
      ({ action, kind, title, start_date, occurrences }) => ({
        action,
        kind,
        title,
        start_date,
        occurrences,
      }),
    );
    expect(items).toEqual([
      {
        action: 'created',
        kind: 'series',
        title: 'Stand-up',
        start_date: '2027-01-04 09:30:00',
        occurrences: 8,
      },
      {
        action: 'created',
        kind: 'event',
        title: 'New year party',
        start_date: '2027-01-15 00:00:00',
        occurrences: 1,
      },
      {
        action: 'created',
        kind: 'series',
        title: 'Daily note',
        start_date: '2027-02-01 08:00:00',
        occurrences: null,
      },
      // The "updated" of a first import: the file's own series, one occurrence moved.
      {
        action: 'updated',
        kind: 'occurrence',
        title: 'Stand-up (late)',
        start_date: '2027-01-11 11:00:00',
        occurrences: 1,
      },
    ]);
    const moved = (dry.json as { items: Array<Item & { reason: string }> }).items[3]!;
    expect(moved.reason).toBe(
      'An occurrence of “Stand-up”, changed by the file (2027-01-11 09:30:00).',
    );
  });

  it('gives every event created the chosen status, category and organizer', async () => {
    const server = await startTestServer();
    const category = await create(server, 'categories', { name: 'Team' });
    const organizer = await create(server, 'organizers', { organizer: 'Office' });
    const res = await importIcs(server, FILE, {
      status: 'draft',
      category: String(category.id),
      organizer: String(organizer.id),
    });
    expect(res.status, res.text).toBe(200);
    const ids = (res.json as { events: number[] }).events;
    expect(ids.length).toBe(4);
    for (const id of ids) {
      const event = (await server.call('GET', `${NS}/events/${id}`, { auth: server.admin }))
        .json as {
        status: string;
        categories: Array<{ id: number }>;
        organizer: Array<{ id: number }>;
      };
      expect(event.status).toBe('draft');
      expect(event.categories.map((c) => c.id)).toEqual([category.id]);
      expect(event.organizer.map((o) => o.id)).toEqual([organizer.id]);
    }
    // A newer version of the file keeps the status the events have here.
    const newer = FILE.replace('SUMMARY:New year party', 'SEQUENCE:1\r\nSUMMARY:New year party!');
    const again = await importIcs(server, newer, { status: 'publish' });
    expect(again.json).toMatchObject({ created: 0, updated: 1 });
    const party = (await server.call('GET', `${NS}/events/${ids[1]}`, { auth: server.admin }))
      .json as { title: string; status: string };
    expect(party).toMatchObject({ title: 'New year party!', status: 'draft' });
  });

  it('refuses a category or organizer that does not exist, and a status it does not know', async () => {
    const server = await startTestServer();
    const res = await importIcs(server, FILE, {
      category: '999',
      organizer: '998',
      status: 'gone',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'rest_invalid_param' });
    expect(Object.keys((res.json as { data: { params: object } }).data.params).sort()).toEqual([
      'status',
    ]);
    const missing = await importIcs(server, FILE, { category: '999', organizer: '998' });
    expect(missing.status).toBe(400);
    expect(Object.keys((missing.json as { data: { params: object } }).data.params).sort()).toEqual([
      'category',
      'organizer',
    ]);
  });
});
