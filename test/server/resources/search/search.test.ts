/** GET /api/calendar/admin/v1/search: the console's one search box (docs/api/admin.md). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent } from '../../../helpers/fixtures.js';
import { searchAnswer } from '../../../../shared/schemas/wire/admin.js';
import { ADMIN_SEARCH_CANDIDATES } from '../../../../shared/search.js';

const SEARCH = '/api/calendar/admin/v1/search';

async function search(server: TestServer, q: string, auth?: string, extra = {}) {
  return server.call('GET', SEARCH, { auth, query: { q, ...extra } });
}

/** The titles found per type. */
function titles(body: unknown): Record<string, string[]> {
  const answer = searchAnswer.parse(body);
  return Object.fromEntries(answer.groups.map((g) => [g.type, g.items.map((i) => i.title)]));
}

describe('admin search', () => {
  it('finds every type, grouped, with console links', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Harbour jazz night' });
    const venue = await create(server, 'venues', { venue: 'Harbour Hall' });
    const organizer = await create(server, 'organizers', { organizer: 'Harbour Society' });
    const category = await create(server, 'categories', { name: 'Harbour walks' });
    const tag = await create(server, 'tags', { name: 'harbourside' });
    await createEvent(server, { title: 'Something else' });
    const res = await search(server, 'harbour', server.admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      groups: [
        {
          type: 'event',
          items: [
            {
              type: 'event',
              id: event.id,
              title: 'Harbour jazz night',
              status: 'publish',
              link: `/console/events/${event.id}`,
            },
          ],
        },
        {
          type: 'venue',
          items: [
            {
              type: 'venue',
              id: venue.id,
              title: 'Harbour Hall',
              status: 'publish',
              link: `/console/venues/${venue.id}`,
            },
          ],
        },
        {
          type: 'organizer',
          items: [
            {
              type: 'organizer',
              id: organizer.id,
              title: 'Harbour Society',
              status: 'publish',
              link: `/console/organizers/${organizer.id}`,
            },
          ],
        },
        {
          type: 'category',
          items: [
            {
              type: 'category',
              id: category.id,
              title: 'Harbour walks',
              status: 'publish',
              link: `/console/categories/${category.id}`,
            },
          ],
        },
        {
          type: 'tag',
          items: [
            {
              type: 'tag',
              id: tag.id,
              title: 'harbourside',
              status: 'publish',
              link: `/console/tags/${tag.id}`,
            },
          ],
        },
      ],
    });
  });

  it('finds past events too, newest first, at most per_type of each', async () => {
    const server = await startTestServer();
    const made: number[] = [];
    for (let i = 1; i <= 4; i++)
      made.push(
        (
          await createEvent(server, {
            title: `Quiz ${i}`,
            start_date: `2020-0${i}-01 10:00:00`,
            end_date: `2020-0${i}-01 11:00:00`,
          })
        ).id,
      );
    const res = await search(server, 'quiz', server.admin, { per_type: 2 });
    expect(res.status).toBe(200);
    expect(titles(res.body).event).toEqual(['Quiz 4', 'Quiz 3']);
  });

  it('hides drafts and trash from roles that may not read them', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor', 'carla');
    const subscriber = await server.userWith('subscriber', 'sam');
    await createEvent(server, { title: 'Secret gala', status: 'draft' });
    await createEvent(server, { title: 'Secret picnic' });
    await createEvent(server, { title: 'Secret rehearsal', status: 'draft' }, contributor.auth);
    const trashed = await createEvent(server, { title: 'Secret binned' });
    await server.call('DELETE', `/api/calendar/events/v1/events/${trashed.id}`, {
      auth: server.admin,
    });
    await create(server, 'venues', { venue: 'Secret cellar', status: 'draft' });
    await create(server, 'organizers', { organizer: 'Secret club', status: 'private' });

    const admin = titles((await search(server, 'secret', server.admin)).body);
    expect(admin.event!.sort()).toEqual(['Secret gala', 'Secret picnic', 'Secret rehearsal']);
    expect(admin.venue).toEqual(['Secret cellar']);
    expect(admin.organizer).toEqual(['Secret club']);

    const mine = titles((await search(server, 'secret', contributor.auth)).body);
    expect(mine.event!.sort()).toEqual(['Secret picnic', 'Secret rehearsal']);
    expect(mine.venue).toEqual([]);
    expect(mine.organizer).toEqual([]);

    const reader = titles((await search(server, 'secret', subscriber.auth)).body);
    expect(reader.event).toEqual(['Secret picnic']);
    expect(reader.venue).toEqual([]);
  });

  it('considers only the newest matches, so a word in many unreadable drafts is answered at once', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber', 'sam');
    const contributor = await server.userWith('contributor', 'carla');
    await createEvent(server, { title: 'Gala opening' });
    const draft = await createEvent(server, { title: 'Gala rehearsal', status: 'draft' });
    // Copies of the draft (the full-text index follows through its triggers): the published
    // gala is then older than every candidate the search considers.
    const columns = (
      await server.sql<{ name: string }>(
        server.databaseUrl === undefined
          ? "SELECT name FROM pragma_table_info('events') WHERE name <> 'id'"
          : "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'events' AND table_schema = current_schema() AND column_name <> 'id'",
      )
    )
      .map((column) => column.name)
      .join(', ');
    const copies = ADMIN_SEARCH_CANDIDATES - 1;
    const posts = await server.sql<{ id: number }>(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies})
       INSERT INTO posts (kind) SELECT 'event' FROM n RETURNING id`,
    );
    expect(posts).toHaveLength(copies);
    await server.sql(
      `INSERT INTO events (id, ${columns})
       SELECT posts.id, ${columns.replace(/(\w+)/g, 'events.$1')} FROM posts, events
       WHERE events.id = ? AND posts.id > ? AND posts.kind = 'event'`,
      draft.id,
      draft.id,
    );

    for (const auth of [subscriber.auth, contributor.auth]) {
      const res = await search(server, 'gala', auth);
      expect(res.status, res.text).toBe(200);
      expect(titles(res.body).event).toEqual([]);
    }
    expect(titles((await search(server, 'gala', server.admin)).body).event).toEqual(
      Array(5).fill('Gala rehearsal'),
    );
    // One candidate fewer: the published gala is considered again.
    await server.sql('DELETE FROM events WHERE id = ?', draft.id);
    const res = await search(server, 'gala', subscriber.auth);
    expect(titles(res.body).event).toEqual(['Gala opening']);
  });

  it('refuses anonymous callers with 401', async () => {
    const server = await startTestServer();
    const res = await search(server, 'anything');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ data: { status: 401 } });
  });

  it('refuses a missing, empty, too long or too wide search with a 400 naming it', async () => {
    const server = await startTestServer();
    const missing = await server.call('GET', SEARCH, { auth: server.admin });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param' });
    const bad = await search(server, 'x'.repeat(201), server.admin, { per_type: 21 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: {
          q: expect.stringContaining('200 characters'),
          per_type: expect.stringContaining('at most 20'),
        },
      },
    });
    expect((await search(server, '', server.admin)).status).toBe(400);
  });
});
