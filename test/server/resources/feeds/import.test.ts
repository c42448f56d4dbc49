/** `POST /api/calendar/admin/v1/import/ics` (docs/contract/extensions.md §E2, Import) over HTTP. */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { fixture, importIcs, IMPORT } from './ics.js';
import { NS, createEvent } from '../../../helpers/fixtures.js';
import { propertyOf, vevents } from './ics.js';

interface EventJson {
  id: number;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  all_day: boolean;
  timezone: string;
  utc_start_date: string;
  website: string;
  status: string;
  event_status: string;
  event_status_reason: string;
  venue: { id: number; venue: string; address?: string; geo_lat?: number; geo_lng?: number } | [];
  organizer: Array<{ organizer: string; email?: string }>;
  categories: Array<{ name: string }>;
}

const readEvents = (server: TestServer, ids: number[]) =>
  Promise.all(ids.map((id) => readEvent(server, id)));

async function readEvent(server: TestServer, id: number): Promise<EventJson> {
  const res = await server.call('GET', `${NS}/events/${id}`, { auth: server.admin });
  expect(res.status).toBe(200);
  return res.json as EventJson;
}

describe('importing an iCalendar file', () => {
  it('writes The Events Calendar’s export as events, venues, organizers and categories', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const res = await importIcs(server, fixture('the-events-calendar.ics'));
    expect(res.status, res.text).toBe(200);
    const report = res.json as { events: number[] };
    expect(res.json).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: [],
      errors: [],
      events: [expect.any(Number), expect.any(Number)],
      items: [
        expect.objectContaining({
          action: 'created',
          kind: 'event',
          title: 'Autumn craft fair',
          start_date: '2026-10-10 14:00:00',
          occurrences: 1,
        }),
        expect.objectContaining({
          action: 'created',
          kind: 'event',
          title: 'Bonfire weekend',
          start_date: '2026-11-01 00:00:00',
          all_day: true,
        }),
      ],
    });
    const [fair, bonfire] = (await readEvents(server, report.events)) as [EventJson, EventJson];
    expect(fair).toMatchObject({
      title: 'Autumn craft fair',
      start_date: '2026-10-10 14:00:00',
      end_date: '2026-10-10 17:00:00',
      timezone: 'Europe/London',
      utc_start_date: '2026-10-10 13:00:00',
      all_day: false,
      website: 'https://example.org/event/autumn-craft-fair/',
      status: 'publish',
      venue: {
        venue: 'Town Hall',
        address: '1 High Street, London, SW1A 1AA, United Kingdom',
        geo_lat: 51.5007,
        geo_lng: -0.1246,
      },
      organizer: [{ organizer: 'Craft Guild', email: 'guild@example.org' }],
    });
    expect(fair.description).toContain('Forty stalls of local makers: pottery, woodwork');
    expect(fair.categories.map((c) => c.name)).toEqual(['Crafts', 'Markets']);
    // The second event reuses the venue and the organizer by name and email.
    expect(bonfire).toMatchObject({
      title: 'Bonfire weekend',
      all_day: true,
      start_date: '2026-11-01 00:00:00',
      end_date: '2026-11-02 23:59:59',
    });
    expect(bonfire.venue).toMatchObject({ id: (fair.venue as { id: number }).id });
    expect(bonfire.organizer).toEqual([expect.objectContaining({ organizer: 'Craft Guild' })]);

    // The same file again changes nothing; a newer version updates.
    const again = await importIcs(server, fixture('the-events-calendar.ics'));
    expect(again.json).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      skipped: [],
      errors: [],
      events: report.events,
      items: [
        expect.objectContaining({
          action: 'unchanged',
          kind: 'event',
          title: 'Autumn craft fair',
          start_date: '2026-10-10 14:00:00',
          occurrences: 1,
        }),
        expect.objectContaining({
          action: 'unchanged',
          kind: 'event',
          title: 'Bonfire weekend',
          start_date: '2026-11-01 00:00:00',
          all_day: true,
        }),
      ],
    });
    const newer = fixture('the-events-calendar.ics')
      .replace('SUMMARY:Autumn craft fair', 'SUMMARY:Autumn craft fair (moved)')
      .replace('LAST-MODIFIED:20260820T083000Z', 'LAST-MODIFIED:20260901T083000Z');
    const updated = await importIcs(server, newer);
    expect(updated.json).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await readEvent(server, report.events[0]!)).title).toBe('Autumn craft fair (moved)');
    // An older version does not win over a newer one.
    const older = await importIcs(server, fixture('the-events-calendar.ics'));
    expect(older.json).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('reads Google Calendar’s export: UTC times in the calendar’s zone, folded text, all day', async () => {
    const server = await startTestServer();
    const res = await importIcs(server, fixture('google.ics'));
    expect(res.status, res.text).toBe(200);
    const report = res.json as {
      created: number;
      updated: number;
      skipped: Array<{ uid: string }>;
      events: number[];
    };
    // The weekly series, the camp, the concert; then the series' moved and cancelled occurrences.
    expect(report).toMatchObject({ created: 3, updated: 2, skipped: [], errors: [] });
    const [series, camp, concert] = (await readEvents(server, report.events.slice(0, 3))) as [
      EventJson,
      EventJson,
      EventJson,
    ];
    expect(camp).toMatchObject({
      title: 'Summer camp',
      all_day: true,
      start_date: '2026-08-10 00:00:00',
      end_date: '2026-08-12 23:59:59',
      venue: { venue: 'Chalet des Alpes', address: '1 route du Col, 74400 Chamonix, France' },
    });
    expect(camp.description).toContain(
      'a concert for the village on the last evening. Bring walking shoes, a warm jacket',
    );
    expect(camp.description).toContain('The bus leaves at 8:00 from the square.');
    expect(concert).toMatchObject({
      title: 'Autumn concert',
      timezone: 'Europe/Paris',
      start_date: '2026-09-15 19:00:00',
      end_date: '2026-09-15 21:00:00',
      organizer: [{ organizer: 'Choir and friends', email: 'choir@example.org' }],
    });
    expect(series).toMatchObject({
      title: 'Choir rehearsal',
      start_date: '2026-07-07 19:00:00',
      recurrence: [
        'RRULE:FREQ=WEEKLY;UNTIL=20260825T170000Z;BYDAY=TU;WKST=MO',
        'EXDATE;TZID=Europe/Paris:20260714T190000',
      ],
    });
    // The EXDATE is gone, the cancelled occurrence is canceled, the moved one is on Wednesday.
    const listed = await server.call('GET', `${NS}/events`, {
      query: { start_date: '2026-07-01', end_date: '2026-09-01', search: 'rehearsal' },
    });
    const occurrences = (listed.json as { events: EventJson[] }).events;
    expect(occurrences.map((o) => [o.start_date.slice(0, 10), o.title, o.event_status])).toEqual([
      ['2026-07-07', 'Choir rehearsal', 'scheduled'],
      ['2026-07-22', 'Choir rehearsal (Wednesday)', 'scheduled'],
      ['2026-07-28', 'Choir rehearsal', 'canceled'],
      ['2026-08-04', 'Choir rehearsal', 'scheduled'],
      ['2026-08-11', 'Choir rehearsal', 'scheduled'],
      ['2026-08-18', 'Choir rehearsal', 'scheduled'],
      ['2026-08-25', 'Choir rehearsal', 'scheduled'],
    ]);
    // Importing the same file again changes nothing.
    const again = await importIcs(server, fixture('google.ics'));
    expect(again.json).toMatchObject({ created: 0, updated: 0, unchanged: 5, skipped: [] });
  });

  it('reads Outlook’s export: Windows zone names, custom zones, HTML descriptions', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const res = await importIcs(server, fixture('outlook.ics'));
    expect(res.status, res.text).toBe(200);
    const report = res.json as { created: number; events: number[] };
    expect(report.created).toBe(3);
    const [review, fair, call] = (await readEvents(server, report.events)) as [
      EventJson,
      EventJson,
      EventJson,
    ];
    expect(review).toMatchObject({
      title: 'Quarterly review',
      timezone: 'Europe/Berlin',
      start_date: '2026-09-02 09:00:00',
      end_date: '2026-09-02 11:00:00',
      organizer: [{ organizer: 'Anna Schmidt', email: 'anna.schmidt@example.com' }],
    });
    // The HTML version is kept, sanitised: formatting stays, the script does not.
    expect(review.description).toContain("<b>next quarter's plan</b>");
    expect(review.description).not.toMatch(/script|alert/);
    expect(fair).toMatchObject({
      title: 'Trade fair',
      all_day: true,
      start_date: '2026-09-17 00:00:00',
      end_date: '2026-09-18 23:59:59',
    });
    // "Customized Time Zone" (+05:30, no name): the instant is kept, in the site's zone.
    expect(call).toMatchObject({
      title: 'Call with the Bangalore office',
      timezone: 'Europe/Paris',
      utc_start_date: '2026-09-21 04:30:00',
      start_date: '2026-09-21 06:30:00',
      end_date: '2026-09-21 08:00:00',
    });
  });

  it('reads Apple Calendar’s export: DURATION, private events, multi-line locations', async () => {
    const server = await startTestServer();
    const res = await importIcs(server, fixture('apple.ics'));
    expect(res.status, res.text).toBe(200);
    const report = res.json as { created: number; events: number[] };
    expect(report.created).toBe(3);
    const [club, dentist, thanksgiving] = (await readEvents(server, report.events)) as [
      EventJson,
      EventJson,
      EventJson,
    ];
    expect(club).toMatchObject({
      title: 'Book club',
      timezone: 'America/New_York',
      start_date: '2026-09-18 18:30:00',
      end_date: '2026-09-18 20:00:00',
      venue: { venue: 'Public Library', address: '476 5th Ave, New York, NY 10018, United States' },
    });
    expect(club.description).toBe('<p>This month: "The Left Hand of Darkness".</p>');
    expect(dentist).toMatchObject({
      status: 'private',
      start_date: '2026-10-03 10:00:00',
      end_date: '2026-10-03 11:30:00',
    });
    expect(thanksgiving).toMatchObject({
      all_day: true,
      start_date: '2026-11-26 00:00:00',
      end_date: '2026-11-27 23:59:59',
    });
  });

  it('dry run reports exactly what the import would do, and writes nothing', async () => {
    const server = await startTestServer();
    const dry = await importIcs(server, fixture('the-events-calendar.ics'), { dry_run: 'true' });
    expect(dry.json).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: [],
      errors: [],
      events: [],
      items: [
        expect.objectContaining({
          action: 'created',
          kind: 'event',
          title: 'Autumn craft fair',
          start_date: '2026-10-10 14:00:00',
          occurrences: 1,
        }),
        expect.objectContaining({
          action: 'created',
          kind: 'event',
          title: 'Bonfire weekend',
          start_date: '2026-11-01 00:00:00',
          all_day: true,
        }),
      ],
    });
    const listing = await server.call('GET', `${NS}/events`, { auth: server.admin });
    expect((listing.json as { total: number }).total).toBe(0);
    const venues = await server.call('GET', `${NS}/venues`, { auth: server.admin });
    expect((venues.json as { total: number }).total).toBe(0);
  });

  it('reports events it cannot use with their line, and imports cancelled ones as canceled', async () => {
    const server = await startTestServer();
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:no-start@example.org',
      'SUMMARY:No start',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:cancelled@example.org',
      'DTSTART:20260701T100000Z',
      'STATUS:CANCELLED',
      'SUMMARY:Cancelled',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fine@example.org',
      'DTSTART:20260701T100000Z',
      'SUMMARY:Fine',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await importIcs(server, text);
    expect(res.json).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: [],
      errors: [{ uid: 'no-start@example.org', line: 4, message: 'The event has no DTSTART.' }],
      events: [expect.any(Number), expect.any(Number)],
      // Named by its title even though it could not be read.
      items: [
        {
          action: 'error',
          kind: 'event',
          title: 'No start',
          start_date: '',
          all_day: false,
          occurrences: 1,
          reason: 'The event has no DTSTART.',
          line: 4,
        },
        expect.objectContaining({ action: 'created', title: 'Cancelled' }),
        expect.objectContaining({ action: 'created', title: 'Fine' }),
      ],
    });
    const [cancelledId, fineId] = (res.json as { events: number[] }).events as [number, number];
    expect(await readEvent(server, cancelledId)).toMatchObject({
      title: 'Cancelled',
      status: 'publish',
      event_status: 'canceled',
      event_status_reason: '',
    });
    expect(await readEvent(server, fineId)).toMatchObject({ event_status: 'scheduled' });
    // Cancelled later, with nothing else changed: the imported event becomes canceled.
    const cancelled = await importIcs(
      server,
      text.replace(
        'UID:fine@example.org\r\nDTSTART',
        'UID:fine@example.org\r\nSTATUS:CANCELLED\r\nDTSTART',
      ),
    );
    expect(cancelled.json).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(await readEvent(server, fineId)).toMatchObject({
      status: 'publish',
      event_status: 'canceled',
    });
  });

  it('undoes an event that fails after some of its writes, and imports the others', async () => {
    const server = await startTestServer();
    const vevent = (uid: string, location: string, extra: string[] = []) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART:20260701T100000Z',
      'DTEND:20260701T110000Z',
      `SUMMARY:${uid}`,
      `LOCATION:${location}`,
      ...extra,
      'END:VEVENT',
    ];
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      ...vevent('before', 'Hall A'),
      // Its row and its new venue are written before its series is refused (an EXDATE of its
      // own first occurrence): the savepoint undoes both.
      ...vevent('refused', 'Hall B', ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:20260701T100000Z']),
      ...vevent('after', 'Hall A'),
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await importIcs(server, text);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      created: 2,
      errors: [{ uid: 'refused', line: 11 }],
      events: [expect.any(Number), expect.any(Number)],
    });
    const venues = await server.call('GET', `${NS}/venues`, { auth: server.admin });
    expect((venues.body.venues as Array<{ venue: string }>).map((v) => v.venue)).toEqual([
      'Hall A',
    ]);
    const events = await server.call('GET', `${NS}/events`, {
      auth: server.admin,
      query: {
        start_date: '2026-06-01',
        end_date: '2026-08-01',
        status: 'publish,draft,pending,private',
      },
    });
    expect((events.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual([
      'before',
      'after',
    ]);
  });

  it('is for editors and administrators', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const text = fixture('apple.ics');
    expect((await importIcs(server, text, {}, author.auth)).status).toBe(403);
    const anonymous = await server.call('POST', IMPORT, {
      body: text,
      headers: { 'content-type': 'text/calendar' },
    });
    expect(anonymous.status).toBe(401);
    const editor = await server.userWith('editor');
    expect((await importIcs(server, text, {}, editor.auth)).status).toBe(200);
  });

  it('refuses what is not iCalendar, and files over its limits', async () => {
    const server = await startTestServer();
    const notIcs = await importIcs(server, 'hello world');
    expect(notIcs.status).toBe(400);
    expect((notIcs.json as { code: string }).code).toBe('rest_invalid_ics');
    const empty = await importIcs(server, '');
    expect((empty.json as { code: string }).code).toBe('rest_import_no_data');
    const json = await server.call('POST', IMPORT, { auth: server.admin, body: { a: 1 } });
    expect((json.json as { code: string }).code).toBe('rest_import_no_data');

    const event = (i: number) =>
      `BEGIN:VEVENT\r\nUID:${i}@x\r\nDTSTART:20260701T100000Z\r\nSUMMARY:E\r\nEND:VEVENT\r\n`;
    const many = `BEGIN:VCALENDAR\r\n${Array.from({ length: 10_001 }, (_, i) => event(i)).join('')}END:VCALENDAR\r\n`;
    const tooMany = await importIcs(server, many);
    expect(tooMany.status).toBe(413);
    expect((tooMany.json as { code: string }).code).toBe('rest_import_too_large');

    const huge = `BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(21 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n`;
    const tooBig = await importIcs(server, huge);
    expect(tooBig.status).toBe(413);
    expect((tooBig.json as { code: string }).code).toBe('rest_payload_too_large');
    // The JSON body limit elsewhere is unchanged.
    const bigJson = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: { title: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(bigJson.status).toBe(413);
  });
});

describe('round trip', () => {
  it('export → import into an empty calendar → export gives the same events', async () => {
    const source = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await importIcs(source, fixture('the-events-calendar.ics'));
    await createEvent(source, {
      title: 'Talk; with, punctuation',
      description: '<p>Line one</p><p>Line two &amp; three</p>',
      timezone: 'America/New_York',
      categories: ['Talks'],
      venue: {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
        geo_lat: 40,
        geo_lng: -75,
      },
      organizer: [{ organizer: 'Friends', email: 'friends@example.org' }],
    });
    const exported = (await source.call('GET', '/calendar.ics')).text;

    const target = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const res = await importIcs(target, exported);
    expect(res.json).toMatchObject({ created: 3, errors: [], skipped: [] });
    const again = (await target.call('GET', '/calendar.ics')).text;

    // Everything but the URL's origin (another server) and its slug-derived path is the same.
    const comparable = (text: string) =>
      vevents(text).map((lines) => lines.filter((l) => !l.startsWith('URL:')).sort());
    expect(comparable(again)).toEqual(comparable(exported));
    expect(vevents(again).map((v) => propertyOf(v)('UID'))).toEqual(
      vevents(exported).map((v) => propertyOf(v)('UID')),
    );
  });
});
