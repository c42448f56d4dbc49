/**
 * tsdav (npm), a CalDAV client for browsers and Node: from the origin and an application
 * password it discovers the calendar, creates an event, fetches it in a time range, sees an
 * event made through the API in a sync by token, updates and deletes.
 */
import { DAVClient } from 'tsdav';
import { describe, expect, it } from 'vitest';
import { davUser } from './helpers.js';

const EVENT = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//tsdav//EN',
  'BEGIN:VEVENT',
  'UID:tsdav-1',
  'DTSTAMP:20260601T000000Z',
  'DTSTART:20260705T090000Z',
  'DTEND:20260705T100000Z',
  'SUMMARY:Made with tsdav',
  'X-TSDAV:kept',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('tsdav', () => {
  it('discovers, creates, fetches, syncs, updates and deletes', async () => {
    const { server, login, password } = await davUser();
    const client = new DAVClient({
      serverUrl: server.url,
      credentials: { username: login, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    const calendars = await client.fetchCalendars();
    expect(calendars.map((c) => [c.displayName, c.components])).toEqual([['Almanac', ['VEVENT']]]);
    const calendar = calendars[0]!;

    const created = await client.createCalendarObject({
      calendar,
      filename: 'tsdav-1.ics',
      iCalString: EVENT,
    });
    expect(created.status).toBe(201);
    const fetched = await client.fetchCalendarObjects({
      calendar,
      timeRange: { start: '2026-07-01T00:00:00Z', end: '2026-08-01T00:00:00Z' },
    });
    expect(fetched.map((o) => o.url)).toEqual([`${calendar.url}tsdav-1.ics`]);
    expect(fetched[0]!.data).toContain('X-TSDAV:kept');

    const made = await server.call('POST', '/api/calendar/events/v1/events', {
      auth: server.admin,
      body: {
        title: 'From the API',
        start_date: '2026-07-06 09:00:00',
        end_date: '2026-07-06 10:00:00',
        status: 'publish',
      },
    });
    const synced = await client.smartCollectionSyncDetailed({
      // The client's own multiget, which signs in, fetches what the sync names.
      collection: {
        ...calendar,
        objects: fetched,
        objectMultiGet: client.calendarMultiGet.bind(client),
      },
      method: 'webdav',
    });
    expect(synced.objects.created.map((o) => o.data)).toEqual([
      expect.stringContaining('SUMMARY:From the API'),
    ]);

    const updated = await client.updateCalendarObject({
      calendarObject: {
        ...fetched[0]!,
        data: fetched[0]!.data.replace('SUMMARY:Made with tsdav', 'SUMMARY:Renamed by tsdav'),
      },
    });
    expect(updated.status).toBe(204);
    const read = await server.call('GET', `/api/calendar/events/v1/events`, {
      query: { start_date: '2026-07-05', end_date: '2026-07-05' },
    });
    expect((read.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual([
      'Renamed by tsdav',
    ]);

    const [again] = await client.fetchCalendarObjects({
      calendar,
      objectUrls: [`${calendar.url}tsdav-1.ics`],
    });
    const deleted = await client.deleteCalendarObject({ calendarObject: again! });
    expect(deleted.status).toBe(204);
    const after = await client.fetchCalendarObjects({ calendar });
    expect(after.map((o) => o.url)).toEqual([`${calendar.url}almanac-${String(made.body.id)}.ics`]);
  }, 120_000);
});
