/**
 * Every feed read by a second, independent iCalendar parser (node-ical, not the ical.js that
 * writes them) and checked against the API's own data for the same events.
 */
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { NS, create, createEvent } from '../../../helpers/fixtures.js';
import { fixture, importIcs } from './ics.js';

interface EventJson {
  id: number;
  title: string;
  slug: string;
  url: string;
  all_day: boolean;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  venue: { venue: string; geo_lat?: number; geo_lng?: number } | [];
  organizer: Array<{ organizer: string; email?: string }>;
  categories: Array<{ name: string }>;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? '');

function parsed(feed: string): VEvent[] {
  return Object.values(ical.sync.parseICS(feed)).filter(
    (c): c is VEvent => (c as { type?: string } | undefined)?.type === 'VEVENT',
  );
}

async function apiEvents(server: TestServer): Promise<EventJson[]> {
  const res = await server.call('GET', `${NS}/events`, {
    query: { per_page: 50, start_date: '2000-01-01' },
  });
  return (res.json as { events: EventJson[] }).events;
}

/** What the API says of an event, as the feed should carry it. */
function checkAgainstApi(vevent: VEvent, event: EventJson): void {
  expect(text(vevent.summary)).toBe(event.title);
  expect(vevent.url).toBe(event.url);
  if (event.all_day) {
    expect(vevent.datetype).toBe('date');
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(day(vevent.start)).toBe(event.start_date.slice(0, 10));
    // The exclusive end: the day after the last day.
    const last = new Date(vevent.end!.getTime() - 86_400_000);
    expect(day(last)).toBe(event.end_date.slice(0, 10));
  } else {
    expect(vevent.datetype).toBe('date-time');
    expect(vevent.start.tz).toBe(event.timezone);
    expect(vevent.start.toISOString()).toBe(`${event.utc_start_date.replace(' ', 'T')}.000Z`);
    expect(vevent.end!.toISOString()).toBe(`${event.utc_end_date.replace(' ', 'T')}.000Z`);
  }
  if (Array.isArray(event.venue)) expect(vevent.location).toBeUndefined();
  else {
    expect(text(vevent.location)).toContain(event.venue.venue);
    if (event.venue.geo_lat !== undefined) {
      expect(vevent.geo).toEqual({ lat: event.venue.geo_lat, lon: event.venue.geo_lng });
    }
  }
  const first = event.organizer[0];
  if (first) {
    expect(vevent.organizer).toMatchObject({ params: { CN: first.organizer } });
    if (first.email) expect(text(vevent.organizer)).toBe(`mailto:${first.email}`);
  }
  const categories = event.categories.map((c) => c.name);
  if (categories.length > 0) expect(vevent.categories).toEqual(categories);
}

describe('feeds read by an independent parser', () => {
  it('match the API for every event of the whole calendar, a filtered feed and one event', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const venue = await create(server, 'venues', {
      venue: 'Salle Pleyel',
      address: '252 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      geo_lat: 48.8771,
      geo_lng: 2.3007,
    });
    await createEvent(server, {
      title: 'Concert, jazz; night — “quoted” \\ backslash',
      description: `<p>${'A long description that needs folding. '.repeat(12)}</p>`,
      timezone: 'Europe/Paris',
      venue: venue.id,
      organizer: [{ organizer: 'Jazz Club', email: 'jazz@example.org' }],
      categories: ['Music', 'Jazz'],
    });
    await createEvent(server, {
      title: 'Across the DST change',
      timezone: 'America/New_York',
      start_date: '2026-11-01 00:30',
      end_date: '2026-11-01 03:30',
    });
    await createEvent(server, {
      title: 'Festival',
      all_day: true,
      start_date: '2026-08-14',
      end_date: '2026-08-16',
      categories: ['Music'],
    });
    await importIcs(server, fixture('the-events-calendar.ics'));
    await importIcs(server, fixture('outlook.ics'));

    const events = await apiEvents(server);
    expect(events.length).toBe(8);
    const whole = parsed((await server.call('GET', '/calendar.ics?start_date=2000-01-01')).text);
    expect(whole).toHaveLength(events.length);
    const byUrl = new Map(whole.map((v) => [v.url, v]));
    for (const event of events) checkAgainstApi(byUrl.get(event.url)!, event);

    const music = parsed((await server.call('GET', '/events/?ical=1&categories=music')).text);
    expect(music.map((v) => text(v.summary)).sort()).toEqual([
      'Concert, jazz; night — “quoted” \\ backslash',
      'Festival',
    ]);

    const single = events.find((e) => e.title === 'Across the DST change')!;
    const one = parsed((await server.call('GET', `/event/${single.slug}/ical/`)).text);
    expect(one).toHaveLength(1);
    checkAgainstApi(one[0]!, single);
    // 00:30 EDT to 03:30 EST is four hours, not three: the VTIMEZONE carries the change.
    expect(one[0]!.end!.getTime() - one[0]!.start.getTime()).toBe(4 * 3_600_000);
  });
});
