/** Compat audit of event create and update (docs/contract/compat-notes.md §4.4, §7, §9 Insertion/Update, §11). */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { EVENTS } from '../server/resources/events/helpers.js';
import { createEvent } from '../helpers/fixtures.js';

const ROOT = '/api/calendar/events/v1/';
const base = {
  title: 'An event',
  start_date: '2026-07-01 10:00:00',
  end_date: '2026-07-01 12:00:00',
};

describe('EventInsertionCest', () => {
  it('reports missing and empty required fields with the exact messages', async () => {
    const server = await startTestServer();
    const none = await server.call('POST', EVENTS, { auth: server.admin, body: {} });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start_date, end_date',
      data: { status: 400, params: ['title', 'start_date', 'end_date'] },
    });
    const some = await server.call('POST', EVENTS, { auth: server.admin, body: { title: 'x' } });
    expect(some.body.message).toBe('Missing parameter(s): start_date, end_date');
    for (const name of ['title', 'start_date', 'end_date']) {
      const empty = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { ...base, [name]: '' },
      });
      expect(empty.status, name).toBe(400);
      expect(empty.body.code).toBe('rest_invalid_param');
      expect(empty.body.message).toBe(`Invalid parameter(s): ${name}`);
      const data = empty.body.data as { status: number; params: Record<string, string> };
      expect(data.status).toBe(400);
      expect(Object.keys(data.params)).toEqual([name]);
    }
    const anon = await server.call('POST', EVENTS, { body: base });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
  });

  it('rejects bad author, date, date_utc, website, image and start values', async () => {
    const server = await startTestServer();
    const cases: Record<string, unknown>[] = [
      { author: 23 },
      { author: '' },
      { author: 'foo' },
      { date: 'foo' },
      { date_utc: 'foo' },
      { website: 'foo' },
      { image: 'foo bar' },
      { image: '23' },
      { start_date: 'before my birthday' },
      { end_date: 'after my birthday' },
      { status: 'kinda_thinking_about_it' },
      { timezone: 'Mars/Olympus' },
    ];
    for (const extra of cases) {
      const response = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { ...base, ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.message).toBe(`Invalid parameter(s): ${Object.keys(extra)[0]}`);
    }
    const contributor = await server.userWith('contributor');
    const url = await server.call('POST', EVENTS, {
      auth: contributor.auth,
      body: { ...base, image: 'http://example.localhost/some-image.png' },
    });
    expect(url.status).toBe(400);
    expect(url.body.code).toBe('rest_invalid_param');
  });

  it('reads natural language dates in the site zone, and date / date_utc', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const event = await createEvent(server, {
      start_date: 'tomorrow 9am',
      end_date: 'next wednesday 4pm',
      date: 'tomorrow 9am',
    });
    expect(event.start_date).toBe('2026-06-16 09:00:00');
    expect(event.utc_start_date).toBe('2026-06-16 13:00:00');
    expect(event.end_date).toBe('2026-06-17 16:00:00');
    expect(event.utc_end_date).toBe('2026-06-17 20:00:00');
    expect(event.date).toBe('2026-06-16 09:00:00');
    expect(event.date_utc).toBe('2026-06-16 13:00:00');
    const utc = await createEvent(server, { date_utc: 'tomorrow 9am' });
    expect(utc.date_utc).toBe('2026-06-16 09:00:00');
    expect(utc.date).toBe('2026-06-16 05:00:00');
  });

  it('reads wall times in the given zone on a Darwin site', async () => {
    const server = await startTestServer({ settings: { timezone: 'Australia/Darwin' } });
    const expectations: [string, string, string][] = [
      ['America/New_York', '2026-07-01 14:00:00', 'EDT'],
      ['UTC', '2026-07-01 10:00:00', 'UTC'],
      ['Asia/Hong_Kong', '2026-07-01 02:00:00', 'HKT'],
      ['Europe/Rome', '2026-07-01 08:00:00', 'CEST'],
    ];
    for (const [timezone, utcStart, abbr] of expectations) {
      const event = await createEvent(server, { timezone });
      expect(event.timezone).toBe(timezone);
      expect(event.start_date).toBe('2026-07-01 10:00:00');
      expect(event.utc_start_date).toBe(utcStart);
      expect(event.timezone_abbr).toBe(abbr);
    }
    const site = await createEvent(server);
    expect(site.timezone).toBe('Australia/Darwin');
    expect(site.utc_start_date).toBe('2026-07-01 00:30:00');
  });

  it('ignores read-only fields', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      url: 'http://example.com/x',
      rest_url: 'http://example.com/y',
      utc_start_date: '2001-01-01 00:00:00',
      start_date_details: { year: '2001' },
      timezone_abbr: 'XYZ',
      cost_details: { currency_symbol: '£' },
    });
    expect(event.url).not.toBe('http://example.com/x');
    expect(event.rest_url).not.toBe('http://example.com/y');
    expect(event.utc_start_date).toBe('2026-07-01 10:00:00');
    expect(event.timezone_abbr).toBe('UTC');
    expect((event.cost_details as { currency_symbol: string }).currency_symbol).toBe('');
  });

  it('snaps all-day natural language dates to whole days', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const event = await createEvent(server, {
      all_day: true,
      start_date: 'tomorrow 9am',
      end_date: '+5 days 11am',
    });
    expect(event.all_day).toBe(true);
    expect(event.start_date).toBe('2026-06-16 00:00:00');
    expect(event.end_date).toBe('2026-06-20 23:59:59');
    expect(event.utc_start_date).toBe('2026-06-16 04:00:00');
  });

  it('formats costs as the reference and decisions.md 14 say', async () => {
    const server = await startTestServer();
    const postfix = await createEvent(server, { cost: '20$' });
    expect(postfix.cost).toBe('20$');
    expect(postfix.cost_details).toEqual({
      currency_symbol: '$',
      currency_code: 'USD',
      currency_position: 'postfix',
      values: ['20'],
    });
    const range = await createEvent(server, { cost: ['0$', '20$', '30$'] });
    expect(range.cost).toBe('Free – 30$');
    expect((range.cost_details as { values: string[] }).values.map(Number)).toEqual([0, 20, 30]);
    const zero = await createEvent(server, { cost: '0' });
    expect(zero.cost).toBe('Free');
    expect((zero.cost_details as { values: string[] }).values).toEqual(['0']);
    const plain = await createEvent(server, { cost: '25' });
    expect(plain.cost).toBe('$25');
    expect(plain.cost_details).toMatchObject({ currency_symbol: '', currency_position: '' });
    const none = await createEvent(server);
    expect(none.cost).toBe('');
    expect(none.cost_details).toEqual({
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: [],
    });
  });

  it('website: echoed, permalink when absent or empty; flags false by default', async () => {
    const server = await startTestServer();
    const given = await createEvent(server, { website: 'http://example.com' });
    expect(given.website).toBe('http://example.com');
    const absent = await createEvent(server, { title: 'No site' });
    expect(absent.website).toBe(absent.url);
    expect(absent.url).toBe(`${server.url}/event/no-site/`);
    const empty = await createEvent(server, { title: 'Empty site', website: '' });
    expect(empty.website).toBe(empty.url);
    for (const flag of ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured']) {
      expect(absent[flag], flag).toBe(false);
    }
    const hidden = await createEvent(server, { hide_from_listings: 'false' });
    expect(hidden.hide_from_listings).toBe(false);
    const shown = await createEvent(server, { hide_from_listings: 'true' });
    expect(shown.hide_from_listings).toBe(true);
  });

  it('scales back a contributor publish to pending and keeps real dates on drafts', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const event = await createEvent(server, { status: 'publish' }, contributor.auth);
    expect(event.status).toBe('pending');
    expect(event.author).toBe(String(contributor.id));
    expect(event.date_utc).toBe('2026-06-15 12:00:00');
    expect(event.modified_utc).toBe('2026-06-15 12:00:00');
    const author = await server.userWith('author');
    const published = await createEvent(server, { status: 'publish' }, author.auth);
    expect(published.status).toBe('publish');
  });

  it('categories and tags: ids in order, names created, "" empty, existing names reused', async () => {
    const server = await startTestServer();
    const cat = await server.call('POST', `${ROOT}categories`, {
      auth: server.admin,
      body: { name: 'Existing' },
    });
    const tag = await server.call('POST', `${ROOT}tags`, {
      auth: server.admin,
      body: { name: 'Old tag' },
    });
    const created = await createEvent(server, { categories: 'cat1,cat2', tags: 'tag1,tag2' });
    expect((created.categories as { name: string }[]).map((t) => t.name)).toEqual(['cat1', 'cat2']);
    expect((created.tags as { name: string }[]).map((t) => t.name)).toEqual(['tag1', 'tag2']);
    const empty = await createEvent(server, { categories: '', tags: '' });
    expect(empty.categories).toEqual([]);
    expect(empty.tags).toEqual([]);
    const mixed = await createEvent(server, {
      categories: [cat.body.id, 'cat3'],
      tags: [tag.body.id, 'tag3'],
    });
    expect((mixed.categories as { id: number }[])[0]!.id).toBe(cat.body.id);
    expect((mixed.categories as unknown[]).length).toBe(2);
    expect((mixed.tags as { id: number }[])[0]!.id).toBe(tag.body.id);
    const byName = await createEvent(server, { tags: ['Old tag'], categories: ['Existing'] });
    expect((byName.tags as { id: number }[]).map((t) => t.id)).toEqual([tag.body.id]);
    expect((byName.categories as { id: number }[]).map((t) => t.id)).toEqual([cat.body.id]);
  });

  it('accepts inline venue data and derives stateprovince', async () => {
    const server = await startTestServer();
    const us = await createEvent(server, {
      venue: {
        venue: 'US venue',
        address: '1 Main',
        city: 'Washington',
        country: 'US',
        state: 'DC',
        zip: '20001',
      },
    });
    expect(us.venue).toMatchObject({ venue: 'US venue', state: 'DC', stateprovince: 'DC' });
    const ca = await createEvent(server, {
      venue: { venue: 'CA venue', city: 'Toronto', country: 'Canada', province: 'ON' },
    });
    expect(ca.venue).toMatchObject({ province: 'ON', stateprovince: 'ON' });
  });
});

describe('EventUpdateCest', () => {
  it('clears venue with 0 and organizers with [], keeps them when omitted', async () => {
    const server = await startTestServer();
    const venue = await server.call('POST', `${ROOT}venues`, {
      auth: server.admin,
      body: { venue: 'V' },
    });
    const organizer = await server.call('POST', `${ROOT}organizers`, {
      auth: server.admin,
      body: { organizer: 'O' },
    });
    const event = await createEvent(server, { venue: venue.body.id, organizer: organizer.body.id });
    const kept = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'T' },
    });
    expect((kept.body.venue as { id: number }).id).toBe(venue.body.id);
    expect((kept.body.organizer as unknown[]).length).toBe(1);
    const cleared = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { venue: 0, organizer: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.venue).toEqual([]);
    expect(cleared.body.organizer).toEqual([]);
  });

  it('clears terms with "", updates by slug, re-reads wall times in a new zone', async () => {
    const server = await startTestServer({ settings: { timezone: 'Australia/Darwin' } });
    const event = await createEvent(server, {
      categories: 'cat1',
      tags: 'tag1',
      timezone: 'Australia/Sydney',
    });
    const cleared = await server.call('PUT', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      form: { categories: '', tags: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.categories).toEqual([]);
    expect(cleared.body.tags).toEqual([]);
    const slug = await server.call('PATCH', `${EVENTS}/by-slug/${event.slug as string}`, {
      auth: server.admin,
      body: { timezone: 'Europe/Paris' },
    });
    expect(slug.status).toBe(200);
    expect(slug.body.start_date).toBe('2026-07-01 10:00:00');
    expect(slug.body.utc_start_date).toBe('2026-07-01 08:00:00');
    expect(slug.body.timezone_abbr).toBe('CEST');
    const renamed = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { slug: 'an-interesting-event' },
    });
    expect(renamed.body.slug).toBe('an-interesting-event');
    expect(Object.keys(renamed.body)).not.toContain('json_ld');
  });

  it('rejects empty title and bad fields on update', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    for (const extra of [
      { title: '' },
      { author: 23 },
      { date: 'foo' },
      { date_utc: 'foo' },
      { website: 'foo' },
    ]) {
      const response = await server.call('POST', `${EVENTS}/${event.id}`, {
        auth: server.admin,
        body: extra,
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.message).toBe(`Invalid parameter(s): ${Object.keys(extra)[0]}`);
    }
  });
});
