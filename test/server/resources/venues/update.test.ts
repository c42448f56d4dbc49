/** POST/PUT/PATCH /venues/{id} and by slug (docs/contract/compat-notes.md §7.4, VenueUpdateCest; docs/contract/decisions.md 1, 4, 7). */
import { describe, expect, it } from 'vitest';
import { fixedClock, type Clock } from '../../../../server/clock.js';
import { startTestServer } from '../../../helpers/server.js';
import { VENUES } from '../linked-posts/helpers.js';
import { create } from '../../../helpers/fixtures.js';

const ALL = {
  address: '10 Downing St',
  city: 'London',
  country: 'UK',
  province: 'Greater London',
  state: 'ENG',
  zip: 'SW1A',
  phone: '+44',
  website: 'https://example.co.uk',
};

describe('updating a venue', () => {
  it('renames with POST, PUT and PATCH, keeps the slug, and bumps modified', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z') as Clock & { set(at: string): void };
    const server = await startTestServer({ clock });
    const venue = await create(server, 'venues', { venue: 'Old name', city: 'Paris' });
    clock.set('2026-06-16T08:00:00Z');
    for (const [method, name] of [
      ['POST', 'One'],
      ['PUT', 'Two'],
      ['PATCH', 'Three'],
    ] as const) {
      const res = await server.call(method, `${VENUES}/${venue.id}`, {
        auth: server.admin,
        body: { venue: name },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        venue: name,
        slug: 'old-name',
        city: 'Paris',
        date_utc: '2026-06-15 12:00:00',
        modified_utc: '2026-06-16 08:00:00',
      });
      expect(res.body).not.toHaveProperty('json_ld');
    }
  });

  it('sets every field, then clears them with "" (keys disappear), keeping omitted flags', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Full' });
    const set = await server.call('POST', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: {
        ...ALL,
        show_map: 'false',
        show_map_link: false,
        description: 'Text',
        geo_lat: 51.5,
        geo_lng: -0.12,
      },
    });
    expect(set.body).toMatchObject({
      ...ALL,
      stateprovince: 'Greater London',
      show_map: false,
      show_map_link: false,
      geo_lat: 51.5,
    });
    const cleared = await server.call('POST', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: {
        ...Object.fromEntries(Object.keys(ALL).map((k) => [k, ''])),
        stateprovince: '',
        description: '',
        geo_lat: '',
        geo_lng: '',
      },
    });
    expect(cleared.status).toBe(200);
    for (const key of [...Object.keys(ALL), 'stateprovince', 'description', 'geo_lat', 'geo_lng']) {
      expect(cleared.body, key).not.toHaveProperty(key);
    }
    expect(cleared.body).toMatchObject({ show_map: false, show_map_link: false });
    const shown = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { show_map: true },
    });
    expect(shown.body).toMatchObject({ show_map: true, show_map_link: false });
  });

  it('re-derives stateprovince when the address parts change and it is not given', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Moving', country: 'US', state: 'NY' });
    const moved = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { country: 'Canada', province: 'QC' },
    });
    expect(moved.body.stateprovince).toBe('QC');
    const phoned = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { phone: '1' },
    });
    expect(phoned.body.stateprovince).toBe('QC');
  });

  it('keeps the image when omitted and removes it with ""', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', {
      venue: 'Pic',
      image: 'https://img.example.org/a.gif',
    });
    const kept = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { city: 'X' },
    });
    expect((kept.body.image as { url: string }).url).toBe('https://img.example.org/a.gif');
    const other = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { image: 'https://img.example.org/b.gif' },
    });
    expect((other.body.image as { url: string }).url).toBe('https://img.example.org/b.gif');
    const removed = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { image: '' },
    });
    expect(removed.body).not.toHaveProperty('image');
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Stable', city: 'Rome' });
    for (const body of [
      { venue: '' },
      { author: 23 },
      { date: 'foo' },
      { date_utc: 'foo' },
      { status: 'nope' },
      { website: 'foo' },
      { geo_lat: 12 },
    ]) {
      const res = await server.call('POST', `${VENUES}/${venue.id}`, {
        auth: server.admin,
        body: { city: 'Milan', ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    const after = await server.call('GET', `${VENUES}/${venue.id}`);
    expect(after.body).toMatchObject({ venue: 'Stable', city: 'Rome' });
  });

  it('is 400 for unknown ids (even anonymous), 401 anonymous, 403 without edit rights', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const admins = await create(server, 'venues', { venue: "Admin's" });
    expect((await server.call('POST', `${VENUES}/2389`, { body: { venue: 'X' } })).status).toBe(
      400,
    );
    expect(
      (await server.call('POST', `${VENUES}/2389`, { auth: server.admin, body: { venue: 'X' } }))
        .status,
    ).toBe(400);
    const anon = await server.call('PUT', `${VENUES}/${admins.id}`, { body: { venue: 'X' } });
    expect(anon.status).toBe(401);
    const foreign = await server.call('PUT', `${VENUES}/${admins.id}`, {
      auth: contributor.auth,
      body: { venue: 'X' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('rest_forbidden');
  });

  it('lets contributors edit their own drafts, not their published venues, with status scaled back', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const draft = await create(server, 'venues', { venue: 'Mine' }, contributor.auth);
    const asked = await server.call('PATCH', `${VENUES}/${draft.id}`, {
      auth: contributor.auth,
      body: { status: 'publish' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('pending');
    await server.call('PATCH', `${VENUES}/${draft.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    const published = await server.call('PATCH', `${VENUES}/${draft.id}`, {
      auth: contributor.auth,
      body: { venue: 'X' },
    });
    expect(published.status).toBe(403);
  });

  it('checks the venue itself on by-slug updates (decisions.md 4)', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    await create(server, 'venues', { venue: 'Slug target' });
    const res = await server.call('PATCH', `${VENUES}/by-slug/slug-target`, {
      auth: contributor.auth,
      body: { venue: 'Hijack' },
    });
    expect(res.status).toBe(403);
    const ok = await server.call('PATCH', `${VENUES}/by-slug/slug-target`, {
      auth: server.admin,
      body: { city: 'Oslo' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ venue: 'Slug target', city: 'Oslo' });
    expect(
      (
        await server.call('PATCH', `${VENUES}/by-slug/missing`, {
          auth: server.admin,
          body: { city: 'Oslo' },
        })
      ).status,
    ).toBe(400);
  });

  it('does not de-duplicate on update: two venues may share a name', async () => {
    const server = await startTestServer();
    const one = await create(server, 'venues', { venue: 'Venue 1' });
    const two = await create(server, 'venues', { venue: 'Venue 2' });
    const renamed = await server.call('POST', `${VENUES}/${two.id}`, {
      auth: server.admin,
      body: { venue: 'Venue 1' },
    });
    expect(renamed.body.id).toBe(two.id);
    expect((await server.call('GET', `${VENUES}/${one.id}`)).body.venue).toBe('Venue 1');
  });

  it('restores a trashed venue when an update sets another status', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Comeback', status: 'draft' });
    const trashed = await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: server.admin });
    expect(trashed.body).toMatchObject({ status: 'trash', slug: 'comeback__trashed' });
    const still = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { city: 'Bern' },
    });
    expect(still.body).toMatchObject({ status: 'trash', city: 'Bern' });
    const back = await server.call('PATCH', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      body: { status: 'publish' },
    });
    expect(back.body).toMatchObject({ status: 'publish', slug: 'comeback' });
    const [meta] = await server.sql<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM trash_meta WHERE post_id = ?',
      venue.id,
    );
    expect(Number(meta!.n)).toBe(0);
  });
});
