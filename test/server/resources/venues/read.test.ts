/** GET /venues/{id} and /venues/by-slug/{slug} (docs/contract/compat-notes.md §1.4, §4.4, §5.1; VenueSingleCest). */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { VENUES } from '../linked-posts/helpers.js';
import { create, venueKeys } from '../../../helpers/fixtures.js';

describe('GET /venues/{id}', () => {
  it('returns the venue with json_ld before the flags', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', {
      venue: 'Venue 01',
      description: 'Venue 01 description',
      address: '1 Main St',
      city: 'Boston',
      country: 'US',
      state: 'MA',
      zip: '02108',
      phone: '555',
      website: 'http://tri.be',
      geo_lat: 42.36,
      geo_lng: -71.06,
      image: 'https://img.example.org/v.jpg',
    });
    const res = await server.call('GET', `${VENUES}/${venue.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(venueKeys(['excerpt', 'province']));
    expect(res.body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Place',
      name: 'Venue 01',
      description: 'Venue 01 description',
      image: 'https://img.example.org/v.jpg',
      url: `${server.url}/venue/venue-01/`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Main St',
        addressLocality: 'Boston',
        addressRegion: 'MA',
        postalCode: '02108',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 42.36, longitude: -71.06 },
      telephone: '555',
      sameAs: 'http://tri.be',
    });
    const { json_ld: _ld, ...rest } = res.body;
    expect(rest).toEqual(venue);
  });

  it('answers under /wp-json and the reference namespace too', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Aliased' });
    const wp = await server.call('GET', `/wp-json/tribe/events/v1/venues/${venue.id}`);
    expect(wp.status).toBe(200);
    expect(wp.body.venue).toBe('Aliased');
  });

  it('is 404 rest_no_route for a non-numeric id and 400 for an unknown one or another type', async () => {
    const server = await startTestServer();
    for (const path of ['foo', 'foo%20bar', 'foo-bar']) {
      const res = await server.call('GET', `${VENUES}/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    }
    const unknown = await server.call('GET', `${VENUES}/23`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { id: expect.any(String) } },
    });
    const organizer = await create(server, 'organizers', { organizer: 'Not a venue' });
    expect((await server.call('GET', `${VENUES}/${organizer.id}`)).status).toBe(400);
  });

  it('hides unpublished venues from those who may not read them (403 venue-not-accessible)', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const other = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    const draft = await create(server, 'venues', { venue: 'Draft' }, contributor.auth);
    const anon = await server.call('GET', `${VENUES}/${draft.id}`);
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({
      code: 'venue-not-accessible',
      message: 'The requested venue is not accessible',
      data: { status: 403 },
    });
    expect((await server.call('GET', `${VENUES}/${draft.id}`, { auth: other.auth })).status).toBe(
      403,
    );
    expect(
      (await server.call('GET', `${VENUES}/${draft.id}`, { auth: contributor.auth })).status,
    ).toBe(200);
    expect((await server.call('GET', `${VENUES}/${draft.id}`, { auth: editor.auth })).status).toBe(
      200,
    );
  });

  it('shows trashed venues to editors and not to anonymous users', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Binned' });
    await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: server.admin });
    expect((await server.call('GET', `${VENUES}/${venue.id}`)).status).toBe(403);
    const admin = await server.call('GET', `${VENUES}/${venue.id}`, { auth: server.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.status).toBe('trash');
  });
});

describe('GET /venues/by-slug/{slug}', () => {
  it('reads by slug with the same body as by id', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Slugged Venue' });
    const bySlug = await server.call('GET', `${VENUES}/by-slug/slugged-venue`);
    expect(bySlug.status).toBe(200);
    const byId = await server.call('GET', `${VENUES}/${venue.id}`);
    expect(bySlug.json).toEqual(byId.json);
    expect(bySlug.body.json_ld).toBeDefined();
  });

  it('is 400 for an unknown slug, 404 without one, 403 for anonymous on a draft', async () => {
    const server = await startTestServer();
    const unknown = await server.call('GET', `${VENUES}/by-slug/nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { slug: expect.any(String) } },
    });
    expect((await server.call('GET', `${VENUES}/by-slug/`)).status).toBe(404);
    await create(server, 'venues', { venue: 'Hidden', status: 'draft' });
    expect((await server.call('GET', `${VENUES}/by-slug/hidden`)).status).toBe(403);
    expect(
      (await server.call('GET', `${VENUES}/by-slug/hidden`, { auth: server.admin })).status,
    ).toBe(200);
  });
});
