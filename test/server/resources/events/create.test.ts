import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../server/clock.js';
import { startTestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent, EVENT_KEYS } from '../../../helpers/fixtures.js';

const valid = {
  title: 'An event',
  start_date: '2026-07-01 10:00:00',
  end_date: '2026-07-01 12:00:00',
};

describe('POST /events', () => {
  it('creates an event with every field of the reference, in its order', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: { ...valid, slug: 'an-event', description: 'The description', excerpt: 'Short' },
    });
    expect(response.status).toBe(201);
    const event = response.body;
    expect(Object.keys(event)).toEqual(EVENT_KEYS);
    const origin = server.url.replace(/\/$/, '');
    expect(event).toMatchObject({
      global_id: `127.0.0.1?id=${event.id}`,
      global_id_lineage: [`127.0.0.1?id=${event.id}`],
      author: '1',
      status: 'publish',
      date: '2026-06-15 12:00:00',
      date_utc: '2026-06-15 12:00:00',
      url: `${origin}/event/an-event/`,
      rest_url: `${origin}/api/calendar/events/v1/events/${event.id}`,
      title: 'An event',
      description: '<p>The description</p>',
      excerpt: '<p>Short</p>',
      slug: 'an-event',
      image: false,
      all_day: false,
      start_date: '2026-07-01 10:00:00',
      start_date_details: {
        year: '2026',
        month: '07',
        day: '01',
        hour: '10',
        minutes: '00',
        seconds: '00',
      },
      end_date: '2026-07-01 12:00:00',
      utc_start_date: '2026-07-01 10:00:00',
      utc_end_date_details: {
        year: '2026',
        month: '07',
        day: '01',
        hour: '12',
        minutes: '00',
        seconds: '00',
      },
      timezone: 'UTC',
      timezone_abbr: 'UTC',
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
      website: `${origin}/event/an-event/`,
      // REST create writes the flags, so they are false when omitted (docs/contract/compat-notes.md §11.6).
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
    });
    expect(event).not.toHaveProperty('json_ld');
  });

  it('accepts form-encoded bodies and the reference namespace', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', '/wp-json/tribe/events/v1/events', {
      auth: server.admin,
      form: { ...valid, featured: 'true', sticky: '1' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ featured: true, sticky: true });
    expect(response.body.rest_url).toContain('/wp-json/tribe/events/v1/events/');
  });

  it('answers 401 to anonymous and 403 to subscribers, after validation', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    expect((await server.call('POST', EVENTS, { body: valid })).status).toBe(401);
    const forbidden = await server.call('POST', EVENTS, { auth: subscriber.auth, body: valid });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('rest_forbidden');
    const invalid = await server.call('POST', EVENTS, { body: { ...valid, start_date: 'foo' } });
    expect(invalid.status).toBe(400);
  });

  it('requires title, start_date and end_date', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', EVENTS, { auth: server.admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start_date, end_date',
      data: { status: 400, params: ['title', 'start_date', 'end_date'] },
    });
    for (const field of ['title', 'start_date', 'end_date']) {
      const empty = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { ...valid, [field]: '' },
      });
      expect(empty.status, field).toBe(400);
      expect(empty.body.code).toBe('rest_invalid_param');
      expect(Object.keys((empty.body.data as { params: object }).params)).toEqual([field]);
    }
  });

  it('rejects bad values, naming every bad parameter at once', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: {
        ...valid,
        start_date: 'before my birthday',
        date: 'foo',
        date_utc: 'foo',
        website: 'foo',
        timezone: 'Mars/Olympus',
        status: 'kinda_thinking_about_it',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(Object.keys((response.body.data as { params: object }).params).sort()).toEqual(
      ['date', 'date_utc', 'start_date', 'status', 'timezone', 'website'].sort(),
    );
    for (const author of [23, '', 'foo']) {
      const bad = await server.call('POST', EVENTS, {
        auth: server.admin,
        body: { ...valid, author },
      });
      expect(bad.status, String(author)).toBe(400);
    }
  });

  it('sets the author, the publication dates and the website', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const editor = await server.userWith('editor');
    const event = await createEvent(server, {
      author: editor.id,
      date: 'tomorrow 9am',
      website: 'http://example.com',
      status: 'draft',
    });
    expect(event).toMatchObject({
      author: String(editor.id),
      date: '2026-06-16 09:00:00',
      date_utc: '2026-06-16 13:00:00',
      website: 'http://example.com',
    });
    const utc = await createEvent(server, { date_utc: 'tomorrow 9am', status: 'draft' });
    expect(utc.date_utc).toBe('2026-06-16 09:00:00');
    expect(utc.date).toBe('2026-06-16 05:00:00');
  });

  it('ignores read-only and unknown fields', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      url: 'http://elsewhere/',
      rest_url: 'http://elsewhere/',
      utc_start_date: '2030-01-01 00:00:00',
      start_date_details: { year: '1999' },
      timezone_abbr: 'XYZ',
      cost_details: { values: ['5'] },
      whatever: 1,
    });
    expect(event.url).not.toBe('http://elsewhere/');
    expect(event.utc_start_date).toBe('2026-07-01 10:00:00');
    expect(event.timezone_abbr).toBe('UTC');
    expect(event.cost).toBe('');
  });

  it('scales the status back for users who cannot publish', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    expect((await createEvent(server, { status: 'publish' }, contributor.auth)).status).toBe(
      'pending',
    );
    expect((await createEvent(server, {}, contributor.auth)).status).toBe('draft');
    expect((await createEvent(server, { status: 'draft' }, contributor.auth)).status).toBe('draft');
    for (const role of ['author', 'editor'] as const) {
      const user = await server.userWith(role);
      expect((await createEvent(server, { status: 'publish' }, user.auth)).status).toBe('publish');
    }
  });

  it('lets authors and editors set every presentation flag', async () => {
    const server = await startTestServer();
    for (const role of ['author', 'editor'] as const) {
      const user = await server.userWith(role);
      const flags = {
        show_map: true,
        show_map_link: true,
        hide_from_listings: 'true',
        sticky: true,
        featured: '1',
      };
      expect(await createEvent(server, flags, user.auth)).toMatchObject({
        show_map: true,
        show_map_link: true,
        hide_from_listings: true,
        sticky: true,
        featured: true,
      });
    }
    expect((await createEvent(server, { hide_from_listings: 'false' })).hide_from_listings).toBe(
      false,
    );
  });

  it('schedules a publication dated in the future', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { date: '2026-08-01 10:00:00' });
    expect(event.status).toBe('future');
    expect(event.url).toBe(
      `${server.url.replace(/\/$/, '')}/?post_type=tribe_events&p=${event.id}`,
    );
    expect(event.website).toBe(event.url);
    expect((await server.call('GET', `${EVENTS}/${event.id}`)).status).toBe(403);
  });

  it('publishes a scheduled event once its date has come', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const event = await createEvent(server, { date: '2026-06-20 08:00:00', slug: 'later' });
    expect(event).toMatchObject({ status: 'future', slug: 'later' });
    clock.set('2026-06-20T08:00:01Z');
    const read = await server.call('GET', `${EVENTS}/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      status: 'publish',
      url: expect.stringMatching(/\/event\/later\/$/),
    });
  });

  it('makes slugs from titles, unique, and leaves drafts without one', async () => {
    const server = await startTestServer();
    expect((await createEvent(server, { title: 'Summer Fête & Party!' })).slug).toBe(
      'summer-fete-party',
    );
    expect((await createEvent(server, { title: 'Summer Fête & Party!' })).slug).toBe(
      'summer-fete-party-2',
    );
    expect((await createEvent(server, { slug: 'summer-fete-party' })).slug).toBe(
      'summer-fete-party-3',
    );
    const draft = await createEvent(server, { status: 'draft' });
    expect(draft.slug).toBe('');
    expect(draft.url).toContain(`p=${draft.id}`);
    expect((await createEvent(server, { status: 'draft', slug: 'My Draft' })).slug).toBe(
      'my-draft',
    );
  });

  it('sanitises HTML in the description and keeps titles as text', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, {
      title: '<b>Bold</b> title',
      description:
        '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
    });
    expect(event.title).toBe('Bold title');
    expect(event.description).toBe('<p>Hi <a>link</a></p>');
  });

  it('moves an end before the start to the start', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { end_date: '2026-06-30 09:00:00' });
    expect(event.end_date).toBe('2026-07-01 10:00:00');
  });
});
