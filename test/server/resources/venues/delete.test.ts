/** DELETE /venues/{id} (docs/contract/compat-notes.md §6, VenueDeletionCest; docs/contract/decisions.md 7). */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { insertEvent, venueOf, VENUES } from '../linked-posts/helpers.js';
import { create } from '../../../helpers/fixtures.js';

describe('DELETE /venues/{id}', () => {
  it('moves the venue to the trash: 200 with the object, status trash, slug __trashed', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'To bin', city: 'Paris' });
    const res = await server.call('DELETE', `${VENUES}/${venue.id}`, {
      auth: server.admin,
      query: { force: 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: venue.id,
      status: 'trash',
      slug: 'to-bin__trashed',
      venue: 'To bin',
      city: 'Paris',
    });
    expect(res.body).not.toHaveProperty('json_ld');
    const [meta] = await server.sql(
      'SELECT previous_status, previous_slug, trashed_utc FROM trash_meta WHERE post_id = ?',
      venue.id,
    );
    expect(meta).toEqual({
      previous_status: 'publish',
      previous_slug: 'to-bin',
      trashed_utc: '2026-06-15 12:00:00',
    });
    // force is ignored: the row is still there.
    expect((await server.call('GET', `${VENUES}/${venue.id}`, { auth: server.admin })).status).toBe(
      200,
    );
  });

  it('is 410 venue-is-in-trash the second time', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Twice' });
    await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: server.admin });
    const again = await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: server.admin });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      code: 'venue-is-in-trash',
      message: 'The venue is already trashed',
      data: { status: 410 },
    });
  });

  it("is 400 for an unknown venue even anonymous, 401 anonymous, 403 for a contributor on another user's venue", async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    expect((await server.call('DELETE', `${VENUES}/23`)).status).toBe(400);
    const venue = await create(server, 'venues', { venue: 'Guarded' });
    expect((await server.call('DELETE', `${VENUES}/${venue.id}`)).status).toBe(401);
    expect(
      (await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: contributor.auth })).status,
    ).toBe(403);
    const own = await create(server, 'venues', { venue: 'Own draft' }, contributor.auth);
    expect(
      (await server.call('DELETE', `${VENUES}/${own.id}`, { auth: contributor.auth })).status,
    ).toBe(200);
  });

  it('deletes by slug', async () => {
    const server = await startTestServer();
    await create(server, 'venues', { venue: 'By slug' });
    const res = await server.call('DELETE', `${VENUES}/by-slug/by-slug`, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trash');
    expect(
      (await server.call('DELETE', `${VENUES}/by-slug/by-slug`, { auth: server.admin })).status,
    ).toBe(400);
  });

  it('removes the venue from its events, and only from its events', async () => {
    const server = await startTestServer();
    const gone = await create(server, 'venues', { venue: 'Gone' });
    const kept = await create(server, 'venues', { venue: 'Kept' });
    const a = await insertEvent(server, { venue: gone.id });
    const b = await insertEvent(server, { venue: gone.id, status: 'draft' });
    const c = await insertEvent(server, { venue: kept.id });
    await server.call('DELETE', `${VENUES}/${gone.id}`, { auth: server.admin });
    expect([await venueOf(server, a), await venueOf(server, b), await venueOf(server, c)]).toEqual([
      null,
      null,
      kept.id,
    ]);
  });

  it('shows in the events API as venue [] once trashed', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Linked' });
    const created = await server.call('POST', '/api/calendar/events/v1/events', {
      auth: server.admin,
      body: {
        title: 'At the venue',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
        venue: venue.id,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect((created.body.venue as { id: number }).id).toBe(venue.id);
    await server.call('DELETE', `${VENUES}/${venue.id}`, { auth: server.admin });
    const event = await server.call('GET', `/api/calendar/events/v1/events/${created.body.id}`);
    expect(event.body.venue).toEqual([]);
  });
});
