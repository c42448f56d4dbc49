/** `GET /calendar.ics` and `/events/?ical=1` (docs/contract/extensions.md §E2) over HTTP. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../../../../server/clock.js';
import { testConfig } from '../../../../server/config.js';
import { createLinks } from '../../../../server/http/links.js';
import { start, type RunningServer } from '../../../../server/start.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent, createId } from '../../../helpers/fixtures.js';
import { unfold, vevents, propertyOf } from './ics.js';
import { countQueries } from '../../../helpers/queries.js';

async function feed(server: TestServer, path = '/calendar.ics', auth?: string) {
  const res = await server.call('GET', path, { auth });
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('the whole-calendar feed', () => {
  it('is an RFC 5545 calendar with every property of §E2', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const venue = await create(server, 'venues', {
      venue: 'Salle Pleyel',
      address: '252 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      zip: '75008',
      country: 'France',
      geo_lat: 48.8771,
      geo_lng: 2.3007,
    });
    const organizer = await create(server, 'organizers', {
      organizer: 'Jazz Club',
      email: 'jazz@example.org',
    });
    const event = await createEvent(server, {
      title: 'Concert, jazz; night',
      description: `<p>First <b>paragraph</b> &amp; more</p><ul><li>one</li><li>two</li></ul><p>${'Long text é '.repeat(20)}</p>`,
      start_date: '2026-07-01 20:00:00',
      end_date: '2026-07-01 23:00:00',
      timezone: 'Europe/Paris',
      venue: venue.id,
      organizer: [organizer.id],
      categories: ['Music', 'Jazz'],
    });

    const res = await feed(server);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(Date.parse(res.headers.get('last-modified')!)).not.toBeNaN();

    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // CRLF only, and no line over 75 octets.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(text);
    for (const expected of [
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Almanac',
      'X-WR-TIMEZONE:Europe/Paris',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines.find((l) => l.startsWith('PRODID:'))).toBe(
      'PRODID:-//Almanac//Almanac calendar feed//EN',
    );
    expect(lines.filter((l) => l === 'TZID:Europe/Paris')).toHaveLength(1);

    const [vevent] = vevents(text);
    expect(vevent).toBeDefined();
    const prop = propertyOf(vevent!);
    expect(prop('UID')).toMatch(new RegExp(`^event-${event.id}-[0-9a-f]{16}@almanac$`));
    expect(prop('DTSTAMP')).toBe('20260615T120000Z');
    expect(prop('DTSTART;TZID=Europe/Paris')).toBe('20260701T200000');
    expect(prop('DTEND;TZID=Europe/Paris')).toBe('20260701T230000');
    expect(prop('SUMMARY')).toBe('Concert\\, jazz\\; night');
    expect(prop('DESCRIPTION')).toBe(
      `First paragraph & more\\n\\n• one\\n• two\\n\\n${'Long text é '.repeat(20).trim()}`,
    );
    expect(prop('URL')).toBe(`${server.url}/event/concert-jazz-night/`);
    expect(prop('LOCATION')).toBe(
      'Salle Pleyel\\, 252 rue du Faubourg Saint-Honoré\\, 75008 Paris\\, France',
    );
    expect(prop('GEO')).toBe('48.8771;2.3007');
    expect(prop('ORGANIZER;CN=Jazz Club')).toBe('mailto:jazz@example.org');
    expect(prop('CATEGORIES')).toBe('Music,Jazz');
    expect(prop('LAST-MODIFIED')).toBe('20260615T120000Z');
    expect(prop('SEQUENCE')).toBe('0');
  });

  it('has one VTIMEZONE per zone used, from the zone’s real transitions', async () => {
    const server = await startTestServer();
    await createEvent(server, { timezone: 'America/New_York' });
    await createEvent(server, { timezone: 'America/New_York', start_date: '2026-12-01 10:00' });
    await createEvent(server, { timezone: 'Australia/Sydney' });
    await createEvent(server, { timezone: 'Asia/Kolkata' });
    await createEvent(server, { all_day: true, timezone: 'Europe/Berlin' });
    const lines = unfold((await feed(server)).text);
    const zones = lines.filter((l) => l.startsWith('TZID:'));
    expect(zones).toEqual(['TZID:America/New_York', 'TZID:Asia/Kolkata', 'TZID:Australia/Sydney']);
    const text = lines.join('\n');
    // New York in 2026: daylight time from 8 March 02:00, standard time from 1 November 02:00.
    expect(text).toContain(
      'BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nTZNAME:EDT\nEND:DAYLIGHT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST\nEND:STANDARD',
    );
    // Sydney: standard time from 5 April 03:00 (+11 → +10).
    expect(text).toContain('DTSTART:20260405T030000\nTZOFFSETFROM:+1100\nTZOFFSETTO:+1000');
  });

  it('writes all-day events as dates with the day after the last day as DTEND', async () => {
    const server = await startTestServer();
    await createEvent(server, {
      title: 'Festival',
      all_day: true,
      start_date: '2026-07-03',
      end_date: '2026-07-05',
    });
    const prop = propertyOf(vevents((await feed(server)).text)[0]!);
    expect(prop('DTSTART;VALUE=DATE')).toBe('20260703');
    expect(prop('DTEND;VALUE=DATE')).toBe('20260706');
  });

  it('holds every event of the window, with no cap, in start order', async () => {
    const server = await startTestServer();
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Created latest first: the feed's order is the events' order, not the ids'.
      const day = new Date(Date.UTC(2026, 8, 1) - i * 86_400_000).toISOString().slice(0, 10);
      ids.unshift(
        await createId(server, 'events', {
          title: `Event ${i}`,
          start_date: `${day} 10:00:00`,
          end_date: `${day} 11:00:00`,
        }),
      );
    }
    const uids = vevents((await feed(server)).text).map((v) => propertyOf(v)('UID'));
    expect(uids).toHaveLength(60);
    expect(uids.map((uid) => Number(/^event-(\d+)-/.exec(uid!)![1]))).toEqual(ids);
  });

  it('keeps events that ended at most 90 days ago and every later one; dates override', async () => {
    const server = await startTestServer(); // now: 2026-06-15 12:00 UTC
    const titles = async (query = '') =>
      vevents((await feed(server, `/calendar.ics${query}`)).text).map((v) =>
        propertyOf(v)('SUMMARY'),
      );
    await createEvent(server, {
      title: 'Old',
      start_date: '2026-03-15 10:00',
      end_date: '2026-03-16 10:00',
    });
    await createEvent(server, {
      title: 'Recent',
      start_date: '2026-03-18 10:00',
      end_date: '2026-03-18 11:00',
    });
    await createEvent(server, {
      title: 'Far',
      start_date: '2031-01-01 10:00',
      end_date: '2031-01-01 11:00',
    });
    expect(await titles()).toEqual(['Recent', 'Far']);
    expect(await titles('?start_date=2026-01-01&end_date=2026-03-17')).toEqual(['Old']);
    expect(await titles('?start_date=2026-03-17')).toEqual(['Recent', 'Far']);
  });
});

describe('filters', () => {
  it('apply as in the listing, with ids or slugs; unknown values are a 400', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Blue Hall' });
    const organizer = await create(server, 'organizers', { organizer: 'Friends' });
    await createEvent(server, { title: 'Jazz at the hall', categories: ['Jazz'], venue: venue.id });
    await createEvent(server, { title: 'Rock', categories: ['Rock'], tags: ['loud'] });
    await createEvent(server, {
      title: 'Featured talk',
      featured: true,
      organizer: [organizer.id],
    });
    const titles = async (query: string) =>
      vevents((await feed(server, `/events/?ical=1&${query}`)).text).map((v) =>
        propertyOf(v)('SUMMARY'),
      );
    expect(await titles('categories=jazz')).toEqual(['Jazz at the hall']);
    expect(await titles('tags=loud')).toEqual(['Rock']);
    expect(await titles(`venue=${venue.id}`)).toEqual(['Jazz at the hall']);
    expect(await titles('venue=blue-hall')).toEqual(['Jazz at the hall']);
    expect(await titles('organizer=friends')).toEqual(['Featured talk']);
    expect(await titles('featured=1')).toEqual(['Featured talk']);
    expect(await titles('search=talk')).toEqual(['Featured talk']);

    const bad = await server.call('GET', '/calendar.ics?categories=nope&venue=nowhere');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): categories, venue',
      data: {
        status: 400,
        params: {
          categories: 'categories not found: nope.',
          venue: 'venue nowhere: not an existing venue.',
        },
        details: {
          categories: {
            code: 'rest_invalid_param',
            message: 'categories not found: nope.',
            data: null,
          },
          venue: {
            code: 'rest_invalid_param',
            message: 'venue nowhere: not an existing venue.',
            data: null,
          },
        },
      },
    });
    expect((await server.call('GET', '/calendar.ics?start_date=someday-maybe')).status).toBe(400);
    expect((await server.call('GET', '/calendar.ics?status=draft')).status).toBe(400);
  });
});

describe('what a feed shows', () => {
  it('publicly: published, listed events, and never an unpublished venue or organizer', async () => {
    const server = await startTestServer();
    const draftVenue = await create(server, 'venues', { venue: 'Secret Bunker', status: 'draft' });
    const draftOrganizer = await create(server, 'organizers', {
      organizer: 'Hidden Society',
      email: 'secret@example.org',
      status: 'draft',
    });
    await createEvent(server, {
      title: 'Public',
      venue: draftVenue.id,
      organizer: [draftOrganizer.id],
    });
    await createEvent(server, { title: 'Draft', status: 'draft' });
    await createEvent(server, { title: 'Private', status: 'private' });
    await createEvent(server, { title: 'Hidden', hide_from_listings: true });
    const text = (await feed(server)).text;
    expect(vevents(text).map((v) => propertyOf(v)('SUMMARY'))).toEqual(['Public']);
    expect(text).not.toMatch(/Secret Bunker|Hidden Society|secret@example\.org/);
    // Naming an unpublished venue or organizer is the same 400 as naming none.
    expect((await server.call('GET', `/calendar.ics?venue=${draftVenue.id}`)).status).toBe(400);
    expect((await server.call('GET', '/calendar.ics?organizer=hidden-society')).status).toBe(400);
  });

  it('privately: with credentials and status=any, what that user may read', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const subscriber = await server.userWith('subscriber');
    await createEvent(server, { title: 'Published' });
    await createEvent(server, { title: 'Admin draft', status: 'draft' });
    await createEvent(server, { title: 'Author draft', status: 'draft' }, author.auth);
    const titles = async (auth: string) =>
      vevents((await feed(server, '/calendar.ics?status=any', auth)).text)
        .map((v) => propertyOf(v)('SUMMARY'))
        .sort();
    expect(await titles(server.admin)).toEqual(['Admin draft', 'Author draft', 'Published']);
    expect(await titles(author.auth)).toEqual(['Author draft', 'Published']);
    expect(await titles(subscriber.auth)).toEqual(['Published']);

    const anonymous = await server.call('GET', '/calendar.ics?status=any');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="Almanac"/);
    expect((anonymous.json as { code: string }).code).toBe('rest_forbidden');
    const wrong = await server.call('GET', '/calendar.ics?status=any', {
      auth: `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
  });
});

describe('versions and validators', () => {
  it('SEQUENCE grows with each update; the ETag changes with the data, 304 otherwise', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Talk' });
    const first = await feed(server);
    const etag = first.headers.get('etag')!;
    const again = await server.call('GET', '/calendar.ics', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const since = await server.call('GET', '/calendar.ics', {
      headers: { 'if-modified-since': first.headers.get('last-modified')! },
    });
    expect(since.status).toBe(304);

    for (const title of ['Talk (moved)', 'Talk (moved again)']) {
      const res = await server.call('POST', `/api/calendar/events/v1/events/${event.id}`, {
        auth: server.admin,
        body: { title },
      });
      expect(res.status).toBe(200);
    }
    const changed = await server.call('GET', '/calendar.ics', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const prop = propertyOf(vevents(changed.text)[0]!);
    expect(prop('SEQUENCE')).toBe('2');
    expect(prop('SUMMARY')).toBe('Talk (moved again)');
  });

  it('lets shared caches keep an anonymous feed, never one asked for with credentials', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'Open', slug: 'open' });
    for (const path of ['/calendar.ics', '/events/?ical=1', '/event/open/ical/']) {
      const anonymous = await feed(server, path);
      expect(anonymous.headers.get('cache-control'), path).toBe('public, no-cache');
      expect(anonymous.headers.get('vary'), path).toMatch(/\bAuthorization\b/);
      const revalidated = await server.call('GET', path, {
        headers: { 'if-none-match': anonymous.headers.get('etag')! },
      });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get('cache-control'), path).toBe('public, no-cache');
      const signedIn = await feed(server, path, server.admin);
      expect(signedIn.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(signedIn.headers.get('vary'), path).toMatch(/\bAuthorization\b/);
    }
    const own = await feed(server, '/calendar.ics?status=any', server.admin);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('a venue renamed changes the feed (and its ETag)', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Old name' });
    await createEvent(server, { venue: venue.id });
    const first = await feed(server);
    await server.call('POST', `/api/calendar/events/v1/venues/${venue.id}`, {
      auth: server.admin,
      body: { venue: 'New name' },
    });
    const second = await feed(server);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(propertyOf(vevents(second.text)[0]!)('LOCATION')).toBe('New name');
  });
});

describe('one event', () => {
  it('is served at /event/<slug>/ical/ and /event/<slug>/?ical=1', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await createEvent(server, { title: 'Solo', timezone: 'Europe/Paris' });
    await createEvent(server, { title: 'Other' });
    for (const path of ['/event/solo/ical/', '/event/solo/?ical=1', '/event/solo/ical']) {
      const res = await feed(server, path);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('inline; filename="solo.ics"');
      const events = vevents(res.text);
      expect(events.map((v) => propertyOf(v)('SUMMARY'))).toEqual(['Solo']);
      expect(unfold(res.text).filter((l) => l.startsWith('TZID:'))).toEqual(['TZID:Europe/Paris']);
      const etag = res.headers.get('etag')!;
      expect((await server.call('GET', path, { headers: { 'if-none-match': etag } })).status).toBe(
        304,
      );
    }
    // The page itself is still HTML.
    const page = await server.call('GET', '/event/solo/');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('is a 404 for an unknown, draft or trashed event', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'Draft', status: 'draft', slug: 'draft' });
    const trashed = await createEvent(server, { title: 'Gone' });
    await server.call('DELETE', `/api/calendar/events/v1/events/${trashed.id}`, {
      auth: server.admin,
    });
    for (const path of ['/event/nothing/ical/', '/event/draft/ical/', '/event/gone/?ical=1']) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBe(404);
      expect((res.json as { code: string }).code).toBe('rest-event-not-found');
    }
    // Its author reads it with credentials.
    expect((await server.call('GET', '/event/draft/ical/', { auth: server.admin })).status).toBe(
      200,
    );
  });
});

describe('UIDs', () => {
  it('stay the same across restarts, ports and host names; two installations differ', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-feed-'));
    const config = testConfig({ dbPath: join(dir, 'almanac.db'), dataDir: dir, mediaDir: '' });
    const uidsOf = async (running: RunningServer, origin = running.url) => {
      const res = await fetch(`${running.url}/calendar.ics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain(`URL:${origin}/event/`);
      return vevents(text).map((v) => propertyOf(v)('UID'));
    };
    try {
      const first = await start(config, { clock: fixedClock('2026-06-15T12:00:00Z') });
      const admin = await first.services.users.create({
        login: 'owner',
        password: 'owner-password',
        role: 'administrator',
      });
      await first.services.events.submit.create(
        { title: 'Kept', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:00' },
        { id: admin.id, role: 'administrator' },
        createLinks(first.url, 'api', 'calendar/events/v1'),
      );
      const before = await uidsOf(first);
      await first.close();

      const second = await start(config, { clock: fixedClock('2026-06-15T12:00:00Z') });
      await second.services.settings.update({ public_url: 'https://calendar.example.org' });
      expect(await uidsOf(second, 'https://calendar.example.org')).toEqual(before);
      await second.close();

      const other = await startTestServer();
      await createEvent(other, { title: 'Kept' });
      const [otherUid] = await uidsOf(other);
      expect(otherUid).not.toBe(before[0]);
      expect(before[0]!.replace(/-[0-9a-f]{16}@/, '')).toBe(
        otherUid!.replace(/-[0-9a-f]{16}@/, ''),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the feed made ahead of its first request', () => {
  it('answers the first request from VEVENTs made in the background', async () => {
    const count = async (warm: boolean) => {
      const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
      for (let i = 0; i < 5; i++) {
        await createEvent(server, {
          title: `Concert ${i}`,
          venue: { venue: `Hall ${i}` },
          organizer: [{ organizer: `Band ${i}` }],
          categories: ['Music'],
        });
      }
      if (warm) await server.services.feeds.warm(server.url);
      let text = '';
      const queries = await countQueries(server, async () => {
        text = (await feed(server)).text;
      });
      return { queries, events: vevents(text).length };
    };
    const cold = await count(false);
    const warmed = await count(true);
    expect(warmed.events).toBe(5);
    expect(cold.events).toBe(5);
    // Rows, SEQUENCEs, categories, organizers and venues are not read again.
    expect(warmed.queries).toBeLessThanOrEqual(cold.queries - 5);
  });

  it('decides whether to make them by counting published events up to its limit only', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 3; i++) await createEvent(server, { title: `Talk ${i}` });
    await createEvent(server, { title: 'Draft', status: 'draft' });
    const feeds = server.services.storage.read.feeds;
    expect(await Promise.all([0, 2, 3, 4].map((limit) => feeds.publishedMoreThan(limit)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
