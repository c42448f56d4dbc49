import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import {
  insertPost,
  insertTerm,
  insertTrashed,
  postIds,
  rowCount,
  rowOf,
  termCount,
} from './fixtures.js';

const TRASH = '/api/calendar/admin/v1/trash';

describe('GET /trash', () => {
  it('lists trashed events, venues and organizers, most recently trashed first', async () => {
    const server = await startTestServer();
    const venue = await insertTrashed(server, 'venue', 'Hall', {
      trashed_utc: '2026-06-12 09:00:00',
    });
    const event = await insertTrashed(server, 'event', 'Concert', {
      previous_status: 'draft',
      trashed_utc: '2026-06-14 09:00:00',
    });
    const organizer = await insertTrashed(server, 'organizer', 'Team', {
      trashed_utc: '2026-06-13 09:00:00',
    });
    await insertPost(server, { kind: 'event', title: 'Live', slug: 'live', status: 'publish' });

    const res = await server.call('GET', TRASH, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      items: [
        {
          id: event,
          kind: 'event',
          title: 'Concert',
          slug: 'concert',
          trashed_utc: '2026-06-14 09:00:00',
          previous_status: 'draft',
        },
        {
          id: organizer,
          kind: 'organizer',
          title: 'Team',
          slug: 'team',
          trashed_utc: '2026-06-13 09:00:00',
          previous_status: 'publish',
        },
        {
          id: venue,
          kind: 'venue',
          title: 'Hall',
          slug: 'hall',
          trashed_utc: '2026-06-12 09:00:00',
          previous_status: 'publish',
        },
      ],
      total: 3,
    });
    expect(Object.keys((res.json as { items: object[] }).items[0]!)).toEqual([
      'id',
      'kind',
      'title',
      'slug',
      'trashed_utc',
      'previous_status',
    ]);
    expect(res.headers.get('x-wp-total')).toBe('3');
    expect(res.headers.get('x-wp-totalpages')).toBe('1');
  });

  it('pages, filters by kind, and keeps the total of the whole trash', async () => {
    const server = await startTestServer();
    for (let i = 1; i <= 5; i++)
      await insertTrashed(server, 'event', `Event ${i}`, { trashed_utc: `2026-06-0${i} 00:00:00` });
    await insertTrashed(server, 'venue', 'Hall');

    const page2 = await server.call('GET', TRASH, {
      auth: server.admin,
      query: { per_page: 2, page: 2, kind: 'event' },
    });
    expect(page2.status).toBe(200);
    expect((page2.body.items as { title: string }[]).map((i) => i.title)).toEqual([
      'Event 3',
      'Event 2',
    ]);
    expect(page2.body.total).toBe(5);
    expect(page2.headers.get('x-wp-totalpages')).toBe('3');

    const both = await server.call('GET', `${TRASH}?kind=venue,event&per_page=100`, {
      auth: server.admin,
    });
    expect(both.body.total).toBe(6);

    const past = await server.call('GET', TRASH, { auth: server.admin, query: { page: 9 } });
    expect(past.json).toEqual({ items: [], total: 6 });
  });

  it('shows authors their own items and contributors their own unpublished ones', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const contributor = await server.userWith('contributor');
    const editor = await server.userWith('editor');
    await insertTrashed(server, 'event', 'By admin', { author: 1 });
    const own = await insertTrashed(server, 'event', 'By author', { author: author.id });
    const draft = await insertTrashed(server, 'event', 'Contrib draft', {
      author: contributor.id,
      previous_status: 'pending',
    });
    await insertTrashed(server, 'event', 'Contrib published', { author: contributor.id });

    const ids = async (auth: string) =>
      ((await server.call('GET', TRASH, { auth })).body.items as { id: number }[]).map((i) => i.id);
    expect(await ids(author.auth)).toEqual([own]);
    expect(await ids(contributor.auth)).toEqual([draft]);
    expect(await ids(editor.auth)).toHaveLength(4);
  });

  it('refuses anonymous users and subscribers, and bad parameters', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const anonymous = await server.call('GET', TRASH);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    expect((await server.call('GET', TRASH, { auth: subscriber.auth })).status).toBe(403);

    const bad = await server.call('GET', TRASH, {
      auth: server.admin,
      query: { page: 0, kind: 'media' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(Object.keys((bad.body.data as { params: object }).params)).toEqual(['page', 'kind']);
  });
});

describe('POST /trash/{id}/restore', () => {
  it('gives back the previous status and slug and forgets the trash record', async () => {
    const server = await startTestServer();
    const term = await insertTerm(server, 'Jazz');
    const id = await insertTrashed(server, 'event', 'Concert', { terms: [term] });
    expect(await termCount(server, term)).toBe(0);

    const res = await server.call('POST', `${TRASH}/${id}/restore`, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id,
      kind: 'event',
      title: 'Concert',
      slug: 'concert',
      status: 'publish',
    });
    expect(await rowOf(server, 'event', id)).toEqual({
      status: 'publish',
      slug: 'concert',
      modified_utc: '2026-06-15 12:00:00',
    });
    expect(await rowCount(server, 'trash_meta')).toBe(0);
    expect(await termCount(server, term)).toBe(1);
    expect((await server.call('GET', TRASH, { auth: server.admin })).body.total).toBe(0);
  });

  it('restores an object trashed without a record as a draft, without __trashed', async () => {
    const server = await startTestServer();
    const id = await insertPost(server, {
      kind: 'venue',
      title: 'Old',
      slug: 'old__trashed',
      status: 'trash',
    });
    const res = await server.call('POST', `${TRASH}/${id}/restore`, { auth: server.admin });
    expect(res.json).toEqual({ id, kind: 'venue', title: 'Old', slug: 'old', status: 'draft' });
  });

  it('makes the slug unique again when another object took it meanwhile', async () => {
    const server = await startTestServer();
    const id = await insertTrashed(server, 'venue', 'Hall');
    await insertPost(server, { kind: 'venue', title: 'Hall', slug: 'hall', status: 'publish' });
    await insertPost(server, { kind: 'venue', title: 'Hall', slug: 'hall-2', status: 'draft' });
    await insertPost(server, { kind: 'event', title: 'Hall', slug: 'hall-3', status: 'draft' });

    const res = await server.call('POST', `${TRASH}/${id}/restore`, { auth: server.admin });
    expect(res.body.slug).toBe('hall-3');
    expect((await rowOf(server, 'venue', id))!.slug).toBe('hall-3');
  });

  it('answers 400 for an unknown id or an object that is not in the trash', async () => {
    const server = await startTestServer();
    const live = await insertPost(server, {
      kind: 'organizer',
      title: 'Live',
      slug: 'live',
      status: 'publish',
    });
    const unknown = await server.call('POST', `${TRASH}/999/restore`, { auth: server.admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { id: 'Invalid post ID.' } },
    });
    const notTrashed = await server.call('POST', `${TRASH}/${live}/restore`, {
      auth: server.admin,
    });
    expect(notTrashed.body.data).toMatchObject({
      params: { id: 'The post is not in the trash.' },
    });
  });

  it('lets owners restore their own, and nobody else’s', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const contributor = await server.userWith('contributor');
    const theirs = await insertTrashed(server, 'event', 'Author event', { author: author.id });
    const mine = await insertTrashed(server, 'event', 'Other', { author: 1 });
    const published = await insertTrashed(server, 'event', 'Contrib', { author: contributor.id });

    expect(
      (await server.call('POST', `${TRASH}/${mine}/restore`, { auth: author.auth })).status,
    ).toBe(403);
    expect(
      (await server.call('POST', `${TRASH}/${published}/restore`, { auth: contributor.auth }))
        .status,
    ).toBe(403);
    expect((await server.call('POST', `${TRASH}/${theirs}/restore`)).status).toBe(401);
    expect(
      (await server.call('POST', `${TRASH}/${theirs}/restore`, { auth: author.auth })).status,
    ).toBe(200);
  });
});

describe('DELETE /trash/{id}', () => {
  it('deletes the object for good with its links and trash record', async () => {
    const server = await startTestServer();
    const term = await insertTerm(server, 'Rock');
    const id = await insertTrashed(server, 'event', 'Gone', { terms: [term] });
    const res = await server.call('DELETE', `${TRASH}/${id}`, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      deleted: true,
      previous: {
        id,
        kind: 'event',
        title: 'Gone',
        slug: 'gone',
        trashed_utc: '2026-06-10 08:00:00',
        previous_status: 'publish',
      },
    });
    for (const table of ['posts', 'events', 'trash_meta', 'event_terms']) {
      expect(await rowCount(server, table), table).toBe(0);
    }
    expect(await termCount(server, term)).toBe(0);
    const again = await server.call('DELETE', `${TRASH}/${id}`, { auth: server.admin });
    expect(again.status).toBe(400);
  });

  it('unlinks a deleted venue from the events that still named it', async () => {
    const server = await startTestServer();
    const venue = await insertTrashed(server, 'venue', 'Hall');
    const event = await insertPost(server, {
      kind: 'event',
      title: 'Show',
      slug: 'show',
      status: 'draft',
    });
    await server.sql('UPDATE events SET venue_id = ? WHERE id = ?', venue, event);
    expect((await server.call('DELETE', `${TRASH}/${venue}`, { auth: server.admin })).status).toBe(
      200,
    );
    expect(await server.sql('SELECT venue_id FROM events WHERE id = ?', event)).toEqual([
      { venue_id: null },
    ]);
  });

  it('refuses a live object and users without the right', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const author = await server.userWith('author');
    const live = await insertPost(server, {
      kind: 'event',
      title: 'Live',
      slug: 'live',
      status: 'publish',
    });
    const trashed = await insertTrashed(server, 'organizer', 'Team', { author: editor.id });
    expect((await server.call('DELETE', `${TRASH}/${live}`, { auth: server.admin })).status).toBe(
      400,
    );
    expect((await server.call('DELETE', `${TRASH}/${trashed}`, { auth: author.auth })).status).toBe(
      403,
    );
    expect((await server.call('DELETE', `${TRASH}/${trashed}`)).status).toBe(401);
    expect((await server.call('DELETE', `${TRASH}/abc`, { auth: server.admin })).status).toBe(404);
    expect((await server.call('DELETE', `${TRASH}/${trashed}`, { auth: editor.auth })).status).toBe(
      200,
    );
  });
});

describe('DELETE /trash', () => {
  it('empties the trash and leaves live objects alone', async () => {
    const server = await startTestServer();
    await insertTrashed(server, 'event', 'A');
    await insertTrashed(server, 'venue', 'B');
    await insertTrashed(server, 'organizer', 'C');
    const live = await insertPost(server, {
      kind: 'event',
      title: 'Live',
      slug: 'live',
      status: 'publish',
    });

    const res = await server.call('DELETE', TRASH, { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: 3 });
    expect(await postIds(server)).toEqual([live]);
    expect((await server.call('DELETE', TRASH, { auth: server.admin })).json).toEqual({
      deleted: 0,
    });
  });

  it('is for administrators only', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    await insertTrashed(server, 'event', 'A');
    const res = await server.call('DELETE', TRASH, { auth: editor.auth });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403 },
    });
    expect((await server.call('DELETE', TRASH)).status).toBe(401);
    expect((await server.call('GET', TRASH, { auth: server.admin })).body.total).toBe(1);
  });
});
