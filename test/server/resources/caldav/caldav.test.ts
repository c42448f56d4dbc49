/**
 * CalDAV over HTTP (docs/contract/extensions.md §E6): discovery, authentication, objects read
 * and written with their preconditions, reports, the API and CalDAV seeing each other's writes,
 * the change feed carrying CalDAV writes, and the XML and size limits.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { calendarOf, CAL_NS, dav, hrefs, ics, put, query, tokenOf } from './helpers.js';

const EVENTS = '/api/calendar/events/v1/events';
const WEEKLY = [
  'UID:weekly-1',
  'DTSTAMP:20260601T000000Z',
  'DTSTART:20260701T170000Z',
  'DTEND:20260701T180000Z',
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'SUMMARY:Choir',
];

describe('discovery', () => {
  it('redirects the well-known address and names the principal, home and calendar', async () => {
    const server = await startTestServer();
    const wellKnown = await fetch(`${server.url}/.well-known/caldav`, {
      method: 'PROPFIND',
      redirect: 'manual',
    });
    expect([wellKnown.status, wellKnown.headers.get('location')]).toEqual([301, '/dav/']);

    const anonymous = await server.call('PROPFIND', '/dav/', { headers: { depth: '0' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="Almanac"/);

    const origin = await dav(server, 'PROPFIND', '/', {
      body: `<d:propfind ${CAL_NS}><d:prop><d:current-user-principal/></d:prop></d:propfind>`,
      headers: { depth: '0' },
    });
    expect(origin.status).toBe(207);
    expect(origin.text).toContain(
      '<d:current-user-principal><d:href>/dav/principals/1/</d:href></d:current-user-principal>',
    );
    const principal = await dav(server, 'PROPFIND', '/dav/principals/1/', {
      body: `<d:propfind ${CAL_NS}><d:prop><c:calendar-home-set/></d:prop></d:propfind>`,
    });
    expect(principal.text).toContain(
      '<c:calendar-home-set><d:href>/dav/calendars/1/</d:href></c:calendar-home-set>',
    );
    const home = await dav(server, 'PROPFIND', '/dav/calendars/1/', {
      body: `<d:propfind ${CAL_NS} xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:resourcetype/><c:supported-calendar-component-set/><d:supported-report-set/><cs:getctag/><d:sync-token/></d:prop></d:propfind>`,
      headers: { depth: '1' },
    });
    expect(hrefs(home.text)).toEqual(['/dav/calendars/1/', '/dav/calendars/1/events/']);
    expect(home.text).toContain('<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>');
    expect(home.text).toContain('<c:comp name="VEVENT"/>');
    expect(home.text).toContain('<d:report><d:sync-collection/></d:report>');
    expect(home.text).toMatch(/<d:sync-token>urn:almanac:sync:[0-9a-f]{8}-\d+<\/d:sync-token>/);

    const options = await server.call('OPTIONS', '/dav/calendars/1/events/');
    expect(options.headers.get('dav')).toBe('1, 3, calendar-access');
  });

  it('refuses Depth: infinity, document type declarations and bodies over the limit', async () => {
    const server = await startTestServer();
    const infinite = await dav(server, 'PROPFIND', calendarOf(1), {
      headers: { depth: 'infinity' },
    });
    expect(infinite.status).toBe(403);
    expect(infinite.text).toContain('<d:propfind-finite-depth/>');

    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>`;
    const external = await dav(server, 'PROPFIND', calendarOf(1), { body: xxe });
    expect(external.status).toBe(400);
    expect(external.text).not.toContain('root:');

    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><c:calendar-query ${CAL_NS}><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="&lol2;"/></c:filter></c:calendar-query>`;
    const expansion = await dav(server, 'REPORT', calendarOf(1), { body: laughs });
    expect(expansion.status).toBe(400);

    const undeclared = await dav(server, 'REPORT', calendarOf(1), {
      body: `<c:calendar-query ${CAL_NS}><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="&lol;"/></c:filter></c:calendar-query>`,
    });
    expect(undeclared.status).toBe(400);

    const huge = await put(
      server,
      `${calendarOf(1)}big.ics`,
      ics(['UID:big', 'DTSTART:20260701T170000Z', `DESCRIPTION:${'x'.repeat(1_100_000)}`]),
    );
    expect(huge.status).toBe(413);
  });

  it('keeps the Host rules and refuses wrong credentials', async () => {
    const server = await startTestServer();
    // fetch() does not let a caller set Host; a rebinding attacker's browser sends its own name.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/dav/`, {
        method: 'PROPFIND',
        headers: { host: 'attacker.example', authorization: server.admin, depth: '0' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(rebound).toBe(403);
    const wrong = await dav(server, 'PROPFIND', '/dav/', {
      auth: `Basic ${Buffer.from('admin:not-the-password').toString('base64')}`,
      headers: { depth: '0' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('answers only to its own user', async () => {
    const server = await startTestServer();
    const { auth } = await server.userWith('author', 'someone');
    const other = await dav(server, 'PROPFIND', calendarOf(1), { auth });
    expect(other.status).toBe(403);
  });
});

describe('objects', () => {
  it('creates, reads, updates with If-Match and deletes; keeps what it does not map', async () => {
    const server = await startTestServer();
    const path = `${calendarOf(1)}weekly-1.ics`;
    const body = ics([
      ...WEEKLY,
      'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
      'ATTENDEE;CN=Ann;PARTSTAT=ACCEPTED:mailto:ann@example.org',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'DESCRIPTION:Soon',
      'END:VALARM',
    ]);
    const created = await put(server, path, body, { 'if-none-match': '*' });
    expect(created.status).toBe(201);
    const etag = created.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await put(server, path, body, { 'if-none-match': '*' });
    expect(again.status).toBe(412);

    const read = await server.call('GET', path, { auth: server.admin });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe(etag);
    expect(read.headers.get('content-type')).toMatch(/^text\/calendar/);
    for (const line of [
      'UID:weekly-1',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Choir',
      'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
      'ATTENDEE;CN=Ann;PARTSTAT=ACCEPTED:mailto:ann@example.org',
      'BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Soon\r\nEND:VALARM',
    ]) {
      expect(read.text).toContain(line);
    }
    expect(read.text).not.toContain('METHOD:');

    const stale = await put(server, path, body.replace('SUMMARY:Choir', 'SUMMARY:Band'), {
      'if-match': '"not-the-tag"',
    });
    expect(stale.status).toBe(412);
    const renamed = await put(server, path, body.replace('SUMMARY:Choir', 'SUMMARY:Band'), {
      'if-match': etag,
    });
    expect(renamed.status).toBe(204);
    expect(renamed.headers.get('etag')).not.toBe(etag);

    const listed = await server.call('GET', EVENTS, {
      query: { start_date: '2026-07-01', end_date: '2026-07-31' },
    });
    expect((listed.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual([
      'Band',
      'Band',
      'Band',
      'Band',
    ]);

    const removed = await server.call('DELETE', path, { auth: server.admin });
    expect(removed.status).toBe(204);
    expect((await server.call('GET', path, { auth: server.admin })).status).toBe(404);
    const after = await server.call('GET', EVENTS, {
      query: { start_date: '2026-07-01', end_date: '2026-07-31' },
    });
    expect(after.body.events).toEqual([]);
  });

  it('changes one occurrence with RECURRENCE-ID and trashes one with EXDATE', async () => {
    const server = await startTestServer();
    const path = `${calendarOf(1)}weekly-1.ics`;
    expect((await put(server, path, ics(WEEKLY))).status).toBe(201);
    const changed = await put(
      server,
      path,
      ics(
        [...WEEKLY, 'EXDATE:20260715T170000Z'],
        [
          'UID:weekly-1',
          'DTSTAMP:20260601T000000Z',
          'RECURRENCE-ID:20260708T170000Z',
          'DTSTART:20260708T190000Z',
          'DTEND:20260708T200000Z',
          'SUMMARY:Choir, later',
        ],
      ),
    );
    expect(changed.status).toBe(204);
    const listed = await server.call('GET', EVENTS, {
      query: { start_date: '2026-07-01', end_date: '2026-07-31' },
    });
    expect(
      (listed.body.events as Array<{ title: string; start_date: string }>).map((e) => [
        e.start_date,
        e.title,
      ]),
    ).toEqual([
      ['2026-07-01 17:00:00', 'Choir'],
      ['2026-07-08 19:00:00', 'Choir, later'],
      ['2026-07-22 17:00:00', 'Choir'],
    ]);
    const read = await server.call('GET', path, { auth: server.admin });
    expect(read.text).toContain('RECURRENCE-ID;TZID=UTC:20260708T170000');
    expect(read.text).toContain('EXDATE;TZID=UTC:20260715T170000');
  });

  it('maps STATUS to the event status both ways (§E7)', async () => {
    const server = await startTestServer();
    const event = ['UID:st', 'DTSTART:20260701T100000Z', 'DTEND:20260701T110000Z', 'SUMMARY:S'];
    const path = `${calendarOf(1)}st.ics`;
    const statusOf = async () => {
      const listed = await server.call('GET', EVENTS, { query: { start_date: '2026-07-01' } });
      return (listed.body.events as Array<{ event_status: string }>).map((e) => e.event_status);
    };
    await put(server, path, ics([...event, 'STATUS:CANCELLED']));
    expect(await statusOf()).toEqual(['canceled']);
    expect((await server.call('GET', path, { auth: server.admin })).text).toContain(
      'STATUS:CANCELLED',
    );
    await put(server, path, ics([...event, 'STATUS:TENTATIVE']));
    expect(await statusOf()).toEqual(['postponed']);
    expect((await server.call('GET', path, { auth: server.admin })).text).toContain(
      'STATUS:TENTATIVE',
    );
    await put(server, path, ics([...event, 'STATUS:CONFIRMED']));
    expect(await statusOf()).toEqual(['scheduled']);
  });

  it('writes with the role of the user: a contributor’s new event is pending', async () => {
    const server = await startTestServer();
    const { id, auth } = await server.userWith('contributor', 'helper');
    const created = await put(
      server,
      `${calendarOf(id)}mine.ics`,
      ics(['UID:mine', 'DTSTART:20260701T100000Z', 'DTEND:20260701T110000Z', 'SUMMARY:Mine']),
      {},
      auth,
    );
    expect(created.status).toBe(201);
    const listed = await server.call('GET', EVENTS, {
      auth: server.admin,
      query: { start_date: '2026-07-01', status: 'pending' },
    });
    expect((listed.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual(['Mine']);

    const subscriber = await server.userWith('subscriber', 'reader');
    const refused = await put(
      server,
      `${calendarOf(subscriber.id)}x.ics`,
      ics(['UID:x', 'DTSTART:20260701T100000Z', 'SUMMARY:X']),
      {},
      subscriber.auth,
    );
    expect(refused.status).toBe(403);
  });

  it('refuses a second object with a UID the calendar holds, and components other than VEVENT', async () => {
    const server = await startTestServer();
    const event = ['UID:same', 'DTSTART:20260701T100000Z', 'SUMMARY:One'];
    expect((await put(server, `${calendarOf(1)}a.ics`, ics(event))).status).toBe(201);
    const second = await put(server, `${calendarOf(1)}b.ics`, ics(event));
    expect(second.status).toBe(403);
    expect(second.text).toContain('<c:no-uid-conflict/>');
    const todo = await put(
      server,
      `${calendarOf(1)}t.ics`,
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:t\r\nSUMMARY:T\r\nEND:VTODO\r\nEND:VCALENDAR\r\n',
    );
    expect(todo.status).toBe(403);
    expect(todo.text).toContain('<c:supported-calendar-component/>');
  });
});

describe('reports', () => {
  it('queries a time range, expands, multigets and tells free and busy time', async () => {
    const server = await startTestServer();
    await put(server, `${calendarOf(1)}weekly-1.ics`, ics(WEEKLY));
    await put(
      server,
      `${calendarOf(1)}august.ics`,
      ics(['UID:aug', 'DTSTART:20260805T100000Z', 'DTEND:20260805T110000Z', 'SUMMARY:August']),
    );
    const july = await dav(server, 'REPORT', calendarOf(1), {
      headers: { depth: '1' },
      body: query(
        '<d:getetag/>',
        '<c:comp-filter name="VEVENT"><c:time-range start="20260710T000000Z" end="20260801T000000Z"/></c:comp-filter>',
      ),
    });
    expect(july.status).toBe(207);
    expect(hrefs(july.text)).toEqual([`${calendarOf(1)}weekly-1.ics`]);

    const expanded = await dav(server, 'REPORT', calendarOf(1), {
      headers: { depth: '1' },
      body: query(
        '<c:calendar-data><c:expand start="20260701T000000Z" end="20260801T000000Z"/></c:calendar-data>',
        '<c:comp-filter name="VEVENT"><c:time-range start="20260701T000000Z" end="20260801T000000Z"/></c:comp-filter>',
      ),
    });
    const starts = [...expanded.text.matchAll(/DTSTART:(\d{8}T\d{6}Z)/g)].map((m) => m[1]);
    expect(starts).toEqual([
      '20260701T170000Z',
      '20260708T170000Z',
      '20260715T170000Z',
      '20260722T170000Z',
    ]);
    expect(expanded.text).not.toContain('RRULE');

    const multiget = await dav(server, 'REPORT', calendarOf(1), {
      body: `<c:calendar-multiget ${CAL_NS}><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${calendarOf(1)}august.ics</d:href><d:href>${calendarOf(1)}missing.ics</d:href></c:calendar-multiget>`,
    });
    expect(hrefs(multiget.text)).toEqual([
      `${calendarOf(1)}august.ics`,
      `${calendarOf(1)}missing.ics`,
    ]);
    expect(multiget.text).toContain('SUMMARY:August');
    expect(multiget.text).toContain('<d:status>HTTP/1.1 404 Not Found</d:status>');

    const busy = await dav(server, 'REPORT', calendarOf(1), {
      body: `<c:free-busy-query ${CAL_NS}><c:time-range start="20260801T000000Z" end="20260901T000000Z"/></c:free-busy-query>`,
    });
    expect(busy.status).toBe(200);
    expect(busy.text).toContain('FREEBUSY:20260805T100000Z/20260805T110000Z');
  });

  it('finds a series by occurrences far from its start, and expands them', async () => {
    const server = await startTestServer();
    await put(
      server,
      `${calendarOf(1)}long.ics`,
      ics([
        'UID:long',
        'DTSTART:20260107T080000Z',
        'DTEND:20260107T083000Z',
        'RRULE:FREQ=WEEKLY',
        'SUMMARY:Standup',
      ]),
    );
    const july = await dav(server, 'REPORT', calendarOf(1), {
      headers: { depth: '1' },
      body: query(
        '<d:getetag/><c:calendar-data><c:expand start="20270701T000000Z" end="20270801T000000Z"/></c:calendar-data>',
        '<c:comp-filter name="VEVENT"><c:time-range start="20270701T000000Z" end="20270801T000000Z"/></c:comp-filter>',
      ),
    });
    expect(hrefs(july.text)).toEqual([`${calendarOf(1)}long.ics`]);
    expect([...july.text.matchAll(/DTSTART:(\d{8})T/g)].map((m) => m[1])).toEqual([
      '20270707',
      '20270714',
      '20270721',
      '20270728',
    ]);
  });

  it('syncs by token: the API’s writes show in CalDAV and CalDAV’s in the change feed', async () => {
    const server = await startTestServer();
    const initial = await dav(server, 'REPORT', calendarOf(1), {
      body: `<d:sync-collection ${CAL_NS}><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    expect(initial.status).toBe(207);
    const token = tokenOf(initial.text);

    const made = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: {
        title: 'From the console',
        start_date: '2026-07-02 10:00:00',
        end_date: '2026-07-02 11:00:00',
        status: 'publish',
      },
    });
    expect(made.status).toBe(201);
    const feed = await server.call('GET', '/api/calendar/sync/v1/changes', { auth: server.admin });
    const since = feed.body.next_sync_token as string;
    await put(
      server,
      `${calendarOf(1)}from-dav.ics`,
      ics(['UID:from-dav', 'DTSTART:20260703T100000Z', 'DTEND:20260703T110000Z', 'SUMMARY:DAV']),
    );

    const changed = await dav(server, 'REPORT', calendarOf(1), {
      body: `<d:sync-collection ${CAL_NS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>`,
    });
    expect(hrefs(changed.text)).toEqual([
      `${calendarOf(1)}almanac-${String(made.body.id)}.ics`,
      `${calendarOf(1)}from-dav.ics`,
    ]);
    expect(changed.text).toContain('SUMMARY:From the console');
    expect(tokenOf(changed.text)).not.toBe(token);

    const carried = await server.call('GET', '/api/calendar/sync/v1/changes', {
      auth: server.admin,
      query: { sync_token: since },
    });
    expect((carried.body.events as Array<{ title: string }>).map((e) => e.title)).toEqual(['DAV']);

    await server.call('DELETE', `${EVENTS}/${String(made.body.id)}`, { auth: server.admin });
    const gone = await dav(server, 'REPORT', calendarOf(1), {
      body: `<d:sync-collection ${CAL_NS}><d:sync-token>${tokenOf(changed.text)}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    expect(gone.text).toContain(
      `<d:response><d:href>${calendarOf(1)}almanac-${String(made.body.id)}.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );

    const bad = await dav(server, 'REPORT', calendarOf(1), {
      body: `<d:sync-collection ${CAL_NS}><d:sync-token>urn:almanac:sync:00000000-1</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    expect(bad.status).toBe(403);
    expect(bad.text).toContain('<d:valid-sync-token/>');
  });
});
