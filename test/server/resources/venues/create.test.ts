/** POST /venues (docs/contract/compat-notes.md §7.4, §9 VenueInsertionCest; docs/contract/decisions.md 12, 13). */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { VENUES } from '../linked-posts/helpers.js';
import { create } from '../../../helpers/fixtures.js';

const FULL = {
  venue: 'Grand Hall',
  address: '1 Main Street',
  city: 'Springfield',
  country: 'United States',
  province: '',
  state: 'IL',
  zip: '62701',
  phone: '+1 555 0100',
  website: 'https://hall.example.org',
};

describe('POST /venues', () => {
  it('creates a venue: 201 with the §1.4 shape, empty fields omitted, flags and ids appended', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', VENUES, { auth: server.admin, body: FULL });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const host = new URL(server.url).hostname;
    expect(res.json).toEqual({
      id,
      author: '1',
      status: 'publish',
      date: '2026-06-15 12:00:00',
      date_utc: '2026-06-15 12:00:00',
      modified: '2026-06-15 12:00:00',
      modified_utc: '2026-06-15 12:00:00',
      url: `${server.url}/venue/grand-hall/`,
      venue: 'Grand Hall',
      slug: 'grand-hall',
      address: '1 Main Street',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      phone: '+1 555 0100',
      website: 'https://hall.example.org',
      stateprovince: 'IL',
      show_map: true,
      show_map_link: true,
      global_id: `${host}?id=${id}`,
      global_id_lineage: [`${host}?id=${id}`],
    });
    expect(Object.keys(res.body)).toEqual(Object.keys(res.json as object));
    expect(res.body).not.toHaveProperty('json_ld');
    expect(res.body).not.toHaveProperty('rest_url');
  });

  it('needs a name: missing is rest_missing_callback_param, empty is rest_invalid_param', async () => {
    const server = await startTestServer();
    const missing = await server.call('POST', VENUES, { auth: server.admin, body: { city: 'X' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['venue'] },
    });
    const empty = await server.call('POST', VENUES, { auth: server.admin, body: { venue: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { venue: expect.any(String) } },
    });
  });

  it('is 401 for anonymous requests and 403 for subscribers', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const anon = await server.call('POST', VENUES, { body: { venue: 'A venue' } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('rest_forbidden');
    expect(
      (await server.call('POST', VENUES, { auth: subscriber.auth, body: { venue: 'A venue' } }))
        .status,
    ).toBe(403);
  });

  it('reports every bad field at once', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', VENUES, {
      auth: server.admin,
      body: {
        venue: 'V',
        date: 'foo',
        date_utc: 'foo',
        status: 'kinda_thinking_about_it',
        website: 'foo',
        geo_lat: 91,
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object)).toContain('details');
    expect(Object.keys((res.body.data as { params: object }).params).sort()).toEqual([
      'date',
      'date_utc',
      'geo_lat',
      'status',
      'website',
    ]);
  });

  it('checks websites and dates with the rules events use', async () => {
    const server = await startTestServer();
    for (const path of [VENUES, '/api/calendar/events/v1/organizers']) {
      const res = await server.call('POST', path, {
        auth: server.admin,
        body: { venue: 'V', organizer: 'O', website: 'http://v.example/a b', date: '2026-13-45' },
      });
      expect(res.status, path).toBe(400);
      expect((res.body.data as { params: object }).params, path).toEqual({
        date: 'date must be a date: YYYY-MM-DD HH:MM:SS, YYYY-MM-DD, ISO 8601, a Unix timestamp or words such as "tomorrow 9am".',
        website: 'website must be an absolute http(s) URL or empty.',
      });
    }
  });

  it.each([['23'], ['foo'], ['']])('refuses author %j', async (author) => {
    const server = await startTestServer();
    const res = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'V', author },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ params: { author: expect.any(String) } });
  });

  it('takes author, dates (timestamps and text), description and status', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const editor = await server.userWith('editor');
    const ts = Date.UTC(2026, 0, 5, 14, 23, 36) / 1000;
    const res = await server.call('POST', VENUES, {
      auth: server.admin,
      body: {
        venue: 'V',
        author: editor.id,
        date: ts,
        description: 'A fine place',
        status: 'draft',
        timezone: 'Europe/Paris',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      author: String(editor.id),
      date: '2026-01-05 09:23:36',
      date_utc: '2026-01-05 14:23:36',
      description: '<p>A fine place</p>',
      status: 'draft',
      slug: 'v',
    });
    const local = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'W', date: '2026-03-01 10:00:00' },
    });
    expect(local.body).toMatchObject({
      date: '2026-03-01 10:00:00',
      date_utc: '2026-03-01 15:00:00',
    });
    const utc = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'X', date_utc: 'tomorrow 9am' },
    });
    expect(utc.body).toMatchObject({
      date_utc: '2026-06-16 09:00:00',
      date: '2026-06-16 05:00:00',
    });
  });

  it('stores show_map flags from JSON booleans, strings and form fields', async () => {
    const server = await startTestServer();
    const json = await create(server, 'venues', {
      venue: 'A',
      show_map: false,
      show_map_link: 'no',
    });
    expect(json).toMatchObject({ show_map: false, show_map_link: false });
    const form = await server.call('POST', VENUES, {
      auth: server.admin,
      form: { venue: 'B', show_map: 'false', show_map_link: '1' },
    });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ show_map: false, show_map_link: true });
    const bad = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'C', show_map: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('derives stateprovince: state for US or country-less venues, province elsewhere', async () => {
    const server = await startTestServer();
    const us = await create(server, 'venues', {
      venue: 'DC hall',
      country: 'US',
      state: 'DC',
      province: 'Ignored',
    });
    expect(us.stateprovince).toBe('DC');
    const ca = await create(server, 'venues', {
      venue: 'Toronto hall',
      country: 'Canada',
      state: 'X',
      province: 'ON',
    });
    expect(ca.stateprovince).toBe('ON');
    const none = await create(server, 'venues', { venue: 'Somewhere', province: 'Gauteng' });
    expect(none.stateprovince).toBe('Gauteng');
    const given = await create(server, 'venues', {
      venue: 'Paris hall',
      country: 'France',
      province: 'IDF',
      stateprovince: 'Île-de-France',
    });
    expect(given.stateprovince).toBe('Île-de-France');
  });

  it('sanitises description and excerpt and wraps text in paragraphs', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', {
      venue: 'Safe',
      description:
        'Line one\nline two\n\n<strong onclick="x()">Bold</strong><script>alert(1)</script> <a href="javascript:alert(1)">link</a>',
      excerpt: 'Short',
    });
    expect(venue.description).toBe(
      '<p>Line one<br />\nline two</p>\n<p><strong>Bold</strong> <a>link</a></p>',
    );
    expect(venue.excerpt).toBe('<p>Short</p>');
    const named = await create(server, 'venues', {
      venue: 'Rock &amp; <b>Roll</b><script>x</script> Hall',
    });
    expect(named.venue).toBe('Rock & Roll Hall');
    const markupOnly = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: '<script>x</script>' },
    });
    expect(markupOnly.status).toBe(400);
  });

  it('makes slugs from the name, unique per type', async () => {
    const server = await startTestServer();
    const a = await create(server, 'venues', { venue: 'Café Rouge!', city: 'A' });
    const b = await create(server, 'venues', { venue: 'Café Rouge!', city: 'B' });
    expect(a.slug).toBe('cafe-rouge');
    expect(b.slug).toBe('cafe-rouge-2');
    const organizer = await create(server, 'organizers', {
      organizer: 'Café Rouge',
    });
    expect(organizer.slug).toBe('cafe-rouge');
  });

  it('scales back the status of users who cannot publish', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const author = await server.userWith('author');
    expect(
      (await create(server, 'venues', { venue: 'A', status: 'publish' }, contributor.auth)).status,
    ).toBe('pending');
    expect((await create(server, 'venues', { venue: 'B' }, contributor.auth)).status).toBe('draft');
    expect(
      (await create(server, 'venues', { venue: 'C', status: 'draft' }, contributor.auth)).status,
    ).toBe('draft');
    expect(
      (await create(server, 'venues', { venue: 'D', status: 'publish' }, author.auth)).status,
    ).toBe('publish');
  });

  it('lets only editors give a venue to another user', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const editor = await server.userWith('editor');
    const res = await server.call('POST', VENUES, {
      auth: author.auth,
      body: { venue: 'Mine', author: editor.id },
    });
    expect(res.status).toBe(403);
    expect(
      (await create(server, 'venues', { venue: 'Mine', author: author.id }, author.auth)).author,
    ).toBe(String(author.id));
    expect(
      (await create(server, 'venues', { venue: 'Theirs', author: author.id }, editor.auth)).author,
    ).toBe(String(author.id));
  });

  it('accepts coordinates in range, as a pair', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', {
      venue: 'Geo',
      geo_lat: '48.8566',
      geo_lng: 2.3522,
      city: 'Paris',
      country: 'France',
      province: 'IDF',
    });
    expect(venue).toMatchObject({ geo_lat: 48.8566, geo_lng: 2.3522 });
    const keys = Object.keys(venue);
    expect(keys.indexOf('geo_lat')).toBe(keys.indexOf('stateprovince') + 1);
    expect(keys.slice(-4)).toEqual(['show_map', 'show_map_link', 'global_id', 'global_id_lineage']);
    const equator = await create(server, 'venues', { venue: 'Equator', geo_lat: 0, geo_lng: 0 });
    expect(equator).toMatchObject({ geo_lat: 0, geo_lng: 0 });
    for (const body of [
      { geo_lat: 10 },
      { geo_lat: -91, geo_lng: 0 },
      { geo_lat: 0, geo_lng: 181 },
      { geo_lat: 'north', geo_lng: 1 },
    ]) {
      const res = await server.call('POST', VENUES, {
        auth: server.admin,
        body: { venue: 'Bad', ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /venues: duplicates (decisions.md 12)', () => {
  it('returns the existing venue for the same name, in any case', async () => {
    const server = await startTestServer();
    const first = await create(server, 'venues', { venue: 'A venue' });
    const again = await server.call('POST', VENUES, {
      auth: server.admin,
      body: { venue: 'a VENUE' },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.id);
    expect(again.body.venue).toBe('A venue');
  });

  it('compares every given field, case-insensitively, and only those', async () => {
    const server = await startTestServer();
    const paris = await create(server, 'venues', {
      venue: 'Hall',
      city: 'Paris',
      address: '1 Rue de Rivoli',
      zip: '75001',
    });
    const lyon = await create(server, 'venues', { venue: 'Hall', city: 'Lyon' });
    expect(lyon.id).not.toBe(paris.id);
    expect((await create(server, 'venues', { venue: 'HALL', city: 'PARIS' })).id).toBe(paris.id);
    expect(
      (
        await create(server, 'venues', {
          venue: 'hall',
          city: 'paris',
          zip: '75001',
          address: '1 rue de rivoli',
        })
      ).id,
    ).toBe(paris.id);
    expect((await create(server, 'venues', { venue: 'hall', city: 'lyon' })).id).toBe(lyon.id);
    // A subset of fields matches the first venue that has them.
    expect((await create(server, 'venues', { venue: 'Hall' })).id).toBe(paris.id);
    expect((await create(server, 'venues', { venue: 'Hall', zip: '69001' })).id).not.toBe(paris.id);
    expect(
      (await create(server, 'venues', { venue: 'Hall', city: 'Paris', phone: '01' })).id,
    ).not.toBe(paris.id);
  });

  it('compares description and website too, but never reuses a trashed venue', async () => {
    const server = await startTestServer();
    const a = await create(server, 'venues', {
      venue: 'Club',
      description: 'Jazz',
      website: 'https://club.example',
    });
    expect((await create(server, 'venues', { venue: 'club', description: 'JAZZ' })).id).toBe(a.id);
    expect((await create(server, 'venues', { venue: 'club', description: 'Rock' })).id).not.toBe(
      a.id,
    );
    expect(
      (await create(server, 'venues', { venue: 'club', website: 'https://other.example' })).id,
    ).not.toBe(a.id);
    const lone = await create(server, 'venues', { venue: 'Lone' });
    await server.call('DELETE', `${VENUES}/${lone.id}`, { auth: server.admin });
    expect((await create(server, 'venues', { venue: 'Lone' })).id).not.toBe(lone.id);
  });
});

describe('POST /venues: image', () => {
  it('takes a media id or an image URL, and needs upload rights for URLs', async () => {
    const server = await startTestServer();
    const url = 'https://img.example.org/hall.png';
    const byUrl = await create(server, 'venues', { venue: 'Pictured', image: url });
    const image = byUrl.image as { id: number; url: string; extension: string };
    expect(image).toEqual({ url, id: expect.any(Number), extension: 'png' });
    const byId = await create(server, 'venues', { venue: 'Also pictured', image: image.id });
    expect((byId.image as { id: number }).id).toBe(image.id);
    const contributor = await server.userWith('contributor');
    const refused = await server.call('POST', VENUES, {
      auth: contributor.auth,
      body: { venue: 'Mine', image: 'https://img.example.org/mine.png' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_param');
    for (const bad of [
      'foo bar',
      '23',
      String(byId.id),
      'http://example.localhost/some-image.png',
    ]) {
      const res = await server.call('POST', VENUES, {
        auth: server.admin,
        body: { venue: 'Bad', image: bad },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.data).toMatchObject({ params: { image: expect.any(String) } });
    }
    expect(
      (await create(server, 'venues', { venue: 'No picture', image: '' })).image,
    ).toBeUndefined();
  });
});
