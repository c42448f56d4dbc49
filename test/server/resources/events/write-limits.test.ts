/**
 * What one event write may create or claim: bounded lists of categories, tags and organizers,
 * new terms only for those who may create them directly, and another user as author only for
 * editors and administrators.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { createEvent, createId, NS } from '../../../helpers/fixtures.js';
import { MAX_TERMS_PER_EVENT } from '../../../../shared/schemas/event.js';
import { MAX_ORGANIZERS_PER_EVENT } from '../../../../shared/schemas/event-links.js';

const BODY = { title: 'x', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:00' };

// count(*) is a bigint on PostgreSQL, which its client reads as text.
const count = async (server: TestServer, sql: string) =>
  Number((await server.sql<{ n: number | string }>(sql))[0]!.n);
const terms = (server: TestServer) => count(server, 'SELECT count(*) AS n FROM terms');
const organizers = (server: TestServer) => count(server, 'SELECT count(*) AS n FROM organizers');

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

describe('items per event write', () => {
  it('accepts up to the limit of categories and tags and refuses more with a 400', async () => {
    const server = await startTestServer();
    const at = await createEvent(server, {
      categories: names(MAX_TERMS_PER_EVENT, 'Cat'),
      tags: names(MAX_TERMS_PER_EVENT, 'Tag').join(','),
    });
    expect((at.categories as unknown[]).length).toBe(MAX_TERMS_PER_EVENT);
    expect((at.tags as unknown[]).length).toBe(MAX_TERMS_PER_EVENT);
    const before = await terms(server);
    for (const field of ['categories', 'tags']) {
      for (const value of [
        names(MAX_TERMS_PER_EVENT + 1, 'More'),
        names(10_000, 'Flood').join(','),
      ]) {
        const res = await server.call('POST', `${NS}/events`, {
          auth: server.admin,
          body: { ...BODY, [field]: value },
        });
        expect(res.status, field).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(res.body.data).toMatchObject({
          params: { [field]: expect.stringContaining(`at most ${MAX_TERMS_PER_EVENT}`) },
        });
      }
      const update = await server.call('POST', `${NS}/events/${at.id}`, {
        auth: server.admin,
        body: { [field]: names(MAX_TERMS_PER_EVENT + 1, 'Upd') },
      });
      expect(update.status).toBe(400);
    }
    expect(await terms(server)).toBe(before);
  });

  it('accepts up to the limit of organizers and refuses more with a 400', async () => {
    const server = await startTestServer();
    const inline = (n: number) => names(n, 'Org').map((organizer) => ({ organizer }));
    const at = await createEvent(server, { organizer: inline(MAX_ORGANIZERS_PER_EVENT) });
    expect((at.organizer as unknown[]).length).toBe(MAX_ORGANIZERS_PER_EVENT);
    const before = await organizers(server);
    const ids = Array.from({ length: MAX_ORGANIZERS_PER_EVENT + 1 }, (_, i) => i + 1);
    for (const organizer of [inline(MAX_ORGANIZERS_PER_EVENT + 1), ids, ids.join(',')]) {
      const res = await server.call('POST', `${NS}/events`, {
        auth: server.admin,
        body: { ...BODY, organizer },
      });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({
        params: { organizer: expect.stringContaining(`at most ${MAX_ORGANIZERS_PER_EVENT}`) },
      });
    }
    expect(await organizers(server)).toBe(before);
  });
});

describe('terms created by name follow the term permissions', () => {
  it('lets contributors and authors use existing terms but create only what they may', async () => {
    const server = await startTestServer();
    const category = await createId(server, 'categories', { name: 'Concerts' });
    await createId(server, 'tags', { name: 'jazz' });
    const contributor = await server.userWith('contributor');
    const author = await server.userWith('author');
    const editor = await server.userWith('editor');
    const before = await terms(server);

    const existing = await createEvent(
      server,
      { categories: ['concerts', category], tags: ['Jazz'] },
      contributor.auth,
    );
    expect((existing.categories as { name: string }[]).map((c) => c.name)).toEqual(['Concerts']);
    expect((existing.tags as { name: string }[]).map((t) => t.name)).toEqual(['jazz']);

    const refused: Array<[string, string, Record<string, unknown>]> = [
      [contributor.auth, 'categories', { categories: ['Concerts', 'Brand new'] }],
      [contributor.auth, 'tags', { tags: 'jazz,fresh' }],
      [author.auth, 'tags', { tags: ['fresh'] }],
    ];
    for (const [auth, param, body] of refused) {
      const res = await server.call('POST', `${NS}/events`, { auth, body: { ...BODY, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data).toMatchObject({
        params: { [param]: expect.stringContaining('you may not create') },
      });
      const update = await server.call('POST', `${NS}/events/${existing.id}`, { auth, body });
      expect(update.status, `update ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await terms(server)).toBe(before);

    const byAuthor = await createEvent(server, { categories: ['Workshops'] }, author.auth);
    expect((byAuthor.categories as { name: string }[]).map((c) => c.name)).toEqual(['Workshops']);
    const byEditor = await createEvent(server, { tags: ['fresh'] }, editor.auth);
    expect((byEditor.tags as { name: string }[]).map((t) => t.name)).toEqual(['fresh']);
    expect(await terms(server)).toBe(before + 2);
  });
});

describe('author of an event', () => {
  it('may be another user only when editors and administrators set it', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author');
    const other = await server.userWith('author');
    const editor = await server.userWith('editor');

    const own = await createEvent(server, { author: author.id }, author.auth);
    expect(own.author).toBe(String(author.id));
    const claimed = await server.call('POST', `${NS}/events`, {
      auth: author.auth,
      body: { ...BODY, author: other.id },
    });
    expect(claimed.status).toBe(403);
    expect(claimed.body.code).toBe('rest_forbidden');
    for (const path of [`${NS}/events/${own.id}`, `${NS}/events/by-slug/${String(own.slug)}`]) {
      const moved = await server.call('POST', path, {
        auth: author.auth,
        body: { author: other.id },
      });
      expect(moved.status, path).toBe(403);
    }
    const kept = await server.call('GET', `${NS}/events/${own.id}`, { auth: author.auth });
    expect(kept.body.author).toBe(String(author.id));

    const given = await createEvent(server, { author: other.id }, editor.auth);
    expect(given.author).toBe(String(other.id));
    const reassigned = await server.call('POST', `${NS}/events/${own.id}`, {
      auth: editor.auth,
      body: { author: other.id },
    });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.author).toBe(String(other.id));
  });
});
