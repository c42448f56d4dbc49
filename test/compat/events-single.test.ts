/** Compat audit of single event reads, deletes and permissions (docs/contract/compat-notes.md §1, §4, §5, §6, §9). */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { EVENTS } from '../server/resources/events/helpers.js';
import {
  createEvent,
  EVENT_KEYS,
  DATE_DETAILS_KEYS,
  COST_DETAILS_KEYS,
  EMBEDDED_TERM_KEYS,
} from '../helpers/fixtures.js';

const ROOT = '/api/calendar/events/v1/';
const FORBIDDEN = 'Sorry, you are not allowed to do that.';

describe('SingleEventCest / SingleEventSlugCest', () => {
  it('has every key in the reference order, with sub-shapes', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const venue = await server.call('POST', `${ROOT}venues`, {
      auth: server.admin,
      body: { venue: 'Venue 01', address: '1 Main St', city: 'Town' },
    });
    const organizer = await server.call('POST', `${ROOT}organizers`, {
      auth: server.admin,
      body: { organizer: 'Organizer 01', email: 'o@example.com' },
    });
    const event = await createEvent(server, {
      title: 'Event 01',
      description: 'Event 01 description',
      excerpt: 'Event 01 excerpt',
      start_date: '2027-01-05 14:23:36',
      end_date: '2027-01-05 16:23:36',
      cost: '$23',
      website: 'http://tri.be',
      venue: venue.body.id,
      organizer: organizer.body.id,
      categories: 'cat1',
      tags: 'tag1',
    });
    const response = await server.call('GET', `${EVENTS}/${event.id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual([...EVENT_KEYS, 'json_ld']);
    expect(response.body).toMatchObject({
      author: '1',
      status: 'publish',
      url: `${server.url}/event/event-01/`,
      rest_url: `${server.url}${ROOT}events/${event.id}`,
      title: 'Event 01',
      description: '<p>Event 01 description</p>',
      excerpt: '<p>Event 01 excerpt</p>',
      start_date: '2027-01-05 14:23:36',
      start_date_details: {
        year: '2027',
        month: '01',
        day: '05',
        hour: '14',
        minutes: '23',
        seconds: '36',
      },
      utc_start_date: '2027-01-05 19:23:36',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
      cost: '$23',
      website: 'http://tri.be',
      show_map: false,
      show_map_link: false,
    });
    expect(Object.keys(response.body.cost_details as object)).toEqual(COST_DETAILS_KEYS);
    expect(Object.keys(response.body.start_date_details as object)).toEqual(DATE_DETAILS_KEYS);
    const term = (response.body.categories as Record<string, unknown>[])[0]!;
    expect(Object.keys(term)).toEqual(EMBEDDED_TERM_KEYS);
    expect(term).toMatchObject({
      name: 'cat1',
      slug: 'cat1',
      taxonomy: 'tribe_events_cat',
      filter: 'raw',
    });
    expect(term.urls).toEqual({
      self: `${server.url}${ROOT}categories/${term.id as number}`,
      collection: `${server.url}${ROOT}categories`,
    });
    const tag = (response.body.tags as Record<string, unknown>[])[0]!;
    expect(tag).toMatchObject({ taxonomy: 'post_tag' });
    expect((tag.urls as { self: string }).self).toBe(
      `${server.url}${ROOT}tags/${tag.id as number}`,
    );
    const embeddedVenue = response.body.venue as Record<string, unknown>;
    expect(embeddedVenue).toMatchObject({
      id: venue.body.id,
      venue: 'Venue 01',
      url: `${server.url}/venue/venue-01/`,
    });
    expect(Object.keys(embeddedVenue).slice(-5)).toEqual([
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(Array.isArray(response.body.organizer)).toBe(true);
    const org = (response.body.organizer as Record<string, unknown>[])[0]!;
    expect(org).toMatchObject({
      id: organizer.body.id,
      url: `${server.url}/organizer/organizer-01/`,
    });
    expect(Object.keys(org).slice(-3)).toEqual(['json_ld', 'global_id', 'global_id_lineage']);
    expect(response.body.image).toBe(false);
    expect(response.body.custom_fields).toEqual([]);
    expect(response.body.global_id).toBe(`127.0.0.1?id=${event.id}`);
  });

  it('answers by-slug/ with rest_no_route and its message; unknown slugs 400', async () => {
    const server = await startTestServer();
    const empty = await server.call('GET', `${EVENTS}/by-slug/`);
    expect(empty.status).toBe(404);
    expect(empty.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    const unknown = await server.call('GET', `${EVENTS}/by-slug/non-existing-event`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect(unknown.body.message).toBe('Invalid parameter(s): slug');
    const venue = await server.call('POST', `${ROOT}venues`, {
      auth: server.admin,
      body: { venue: 'A place' },
    });
    const notEvent = await server.call('GET', `${EVENTS}/by-slug/${venue.body.slug as string}`);
    expect(notEvent.status).toBe(400);
    const byId = await server.call('GET', `${EVENTS}/${venue.body.id as number}`);
    expect(byId.status).toBe(400);
    expect(byId.body).toEqual({
      code: 'rest-invalid-event-id',
      message: 'The specified ID is not a valid event.',
      data: { status: 400 },
    });
    const noRoute = await server.call('GET', `${EVENTS}/foo`);
    expect(noRoute.status).toBe(404);
    expect(noRoute.body.code).toBe('rest_no_route');
  });

  it('forbids drafts to anonymous users with the exact message', async () => {
    const server = await startTestServer();
    const draft = await createEvent(server, { status: 'draft', slug: 'draft-one' });
    const response = await server.call('GET', `${EVENTS}/${draft.id}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'event-not-accessible',
      message: 'The requested event is not accessible',
      data: { status: 403 },
    });
    const bySlug = await server.call('GET', `${EVENTS}/by-slug/draft-one`);
    expect([400, 403]).toContain(bySlug.status);
  });

  it('answers trashed events 403 event-no-longer-available, admins included', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    for (const auth of [undefined, server.admin]) {
      const response = await server.call('GET', `${EVENTS}/${event.id}`, { auth });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'event-no-longer-available',
        message: 'This event is no longer available',
        data: { status: 403 },
      });
    }
  });
});

describe('EventDeletionCest', () => {
  it('404 unknown (admin), 401 anon, 200 trash, 410 again, all with exact bodies', async () => {
    const server = await startTestServer();
    const unknown = await server.call('DELETE', `${EVENTS}/23`, { auth: server.admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 23 does not exist.',
      data: { status: 404 },
    });
    const event = await createEvent(server);
    const anon = await server.call('DELETE', `${EVENTS}/${event.id}`);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden',
      message: FORBIDDEN,
      data: { status: 401 },
    });
    const anonUnknown = await server.call('DELETE', `${EVENTS}/23`);
    expect(anonUnknown.status).toBe(401);
    const deleted = await server.call('DELETE', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      query: { force: 'true' },
    });
    expect(deleted.status).toBe(200);
    expect(Object.keys(deleted.body)).toEqual(EVENT_KEYS);
    expect(deleted.body).toMatchObject({ id: event.id, status: 'trash' });
    const again = await server.call('DELETE', `${EVENTS}/${event.id}`, { auth: server.admin });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    });
  });
});

describe('AuthorizationCest', () => {
  it('applies object-level rights by id and by slug, with rest_forbidden bodies', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    const adminEvent = await createEvent(server, { title: 'Admin event', slug: 'admin-event' });
    const ownPublished = await createEvent(server, { author: contributor.id });
    const ownDraft = await createEvent(
      server,
      { title: 'Draft', status: 'draft' },
      contributor.auth,
    );
    const forbidden = { code: 'rest_forbidden', message: FORBIDDEN, data: { status: 403 } };
    for (const id of [adminEvent.id, ownPublished.id]) {
      const put = await server.call('PUT', `${EVENTS}/${id}`, {
        auth: contributor.auth,
        body: { title: 'x' },
      });
      expect(put.status).toBe(403);
      expect(put.body).toEqual(forbidden);
      const del = await server.call('DELETE', `${EVENTS}/${id}`, {
        auth: contributor.auth,
        query: { force: 'true' },
      });
      expect(del.status).toBe(403);
      expect(del.body).toEqual(forbidden);
    }
    // docs/contract/decisions.md 4: by-slug writes check the event itself.
    const bySlug = await server.call('POST', `${EVENTS}/by-slug/admin-event`, {
      auth: contributor.auth,
      body: { title: 'x' },
    });
    expect(bySlug.status).toBe(403);
    expect(bySlug.body).toEqual(forbidden);
    const anonDraft = await server.call('PUT', `${EVENTS}/${ownDraft.id}`, {
      body: { title: 'y' },
    });
    expect(anonDraft.status).toBe(401);
    const own = await server.call('PUT', `${EVENTS}/${ownDraft.id}`, {
      auth: contributor.auth,
      body: { title: 'Mine' },
    });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('draft');
    const ownDel = await server.call('DELETE', `${EVENTS}/${ownDraft.id}`, {
      auth: contributor.auth,
    });
    expect(ownDel.status).toBe(200);
    const edPut = await server.call('PATCH', `${EVENTS}/${adminEvent.id}`, {
      auth: editor.auth,
      body: { title: 'Ed' },
    });
    expect(edPut.status).toBe(200);
    const edDel = await server.call('DELETE', `${EVENTS}/${adminEvent.id}`, { auth: editor.auth });
    expect(edDel.status).toBe(200);
  });

  it('reports validation before permission, and 404 for unknown ids after it', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const anonBad = await server.call('POST', `${EVENTS}/${event.id}`, { body: { author: 23 } });
    expect(anonBad.status).toBe(400);
    const anonCreate = await server.call('POST', EVENTS, {
      body: { title: 't', start_date: 'tomorrow 9am', end_date: 'tomorrow 11am' },
    });
    expect(anonCreate.status).toBe(401);
    const missing = await server.call('POST', `${EVENTS}/2389`, {
      auth: server.admin,
      body: { title: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 2389 does not exist.',
      data: { status: 404 },
    });
  });
});
