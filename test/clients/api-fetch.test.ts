/**
 * @wordpress/api-fetch, the block editor's REST client, with its default middlewares: every
 * PUT, PATCH and DELETE leaves it as a POST with `X-HTTP-Method-Override`, and `_locale=user`
 * rides on every request. The real methods must happen, not a silent empty update.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { startTestServer, type TestServer } from '../helpers/server.js';

type EventItem = { id: number; title: string; status: string };

/** The server the calls go to and the credentials they carry, for the current test. */
let target: { root: string; auth?: string } = { root: '' };
/** What api-fetch actually sent, after its middlewares. */
const sent: APIFetchOptions[] = [];

apiFetch.use((options, next) => apiFetch.createRootURLMiddleware(target.root)(options, next));
apiFetch.use((options, next) =>
  next(
    target.auth
      ? { ...options, headers: { ...options.headers, Authorization: target.auth } }
      : options,
  ),
);
apiFetch.setFetchHandler((options) => {
  sent.push(options);
  return apiFetch.defaultFetchHandler(options);
});

beforeEach(() => {
  sent.length = 0;
});

async function serve(): Promise<TestServer> {
  const server = await startTestServer();
  target = { root: `${server.url}/wp-json/`, auth: server.admin };
  return server;
}

const create = (title: string) =>
  apiFetch<EventItem>({
    path: '/tribe/events/v1/events',
    method: 'POST',
    data: { title, start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00:00' },
  });

describe('@wordpress/api-fetch', () => {
  it('lists and creates through its middlewares (_locale=user is ignored)', async () => {
    await serve();
    const made = await create('From api-fetch');
    expect(made).toMatchObject({ title: 'From api-fetch', status: 'publish' });
    const list = await apiFetch<{ events: EventItem[]; total: number }>({
      path: '/tribe/events/v1/events?per_page=5',
    });
    expect(list.total).toBe(1);
    expect(list.events[0]!.id).toBe(made.id);
    expect(sent.at(-1)!.url).toMatch(
      /\/wp-json\/tribe\/events\/v1\/events\?per_page=5&_locale=user$/,
    );
  });

  for (const method of ['PUT', 'PATCH']) {
    it(`${method} goes through the method override and really updates`, async () => {
      await serve();
      const made = await create('Before');
      const updated = await apiFetch<EventItem>({
        path: `/tribe/events/v1/events/${made.id}`,
        method,
        data: { title: `After ${method}` },
      });
      expect(sent.at(-1)).toMatchObject({
        method: 'POST',
        headers: expect.objectContaining({ 'X-HTTP-Method-Override': method }),
      });
      expect(updated.title).toBe(`After ${method}`);
      const read = await apiFetch<EventItem>({ path: `/tribe/events/v1/events/${made.id}` });
      expect(read.title).toBe(`After ${method}`);
    });
  }

  it('DELETE goes through the method override and really trashes', async () => {
    await serve();
    const made = await create('Doomed');
    const deleted = await apiFetch<EventItem>({
      path: `/tribe/events/v1/events/${made.id}`,
      method: 'DELETE',
    });
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      headers: expect.objectContaining({ 'X-HTTP-Method-Override': 'DELETE' }),
    });
    expect(deleted.status).toBe('trash');
    await expect(
      apiFetch({ path: `/tribe/events/v1/events/${made.id}`, method: 'DELETE' }),
    ).rejects.toMatchObject({ code: 'event-is-in-trash', data: { status: 410 } });
    const list = await apiFetch<{ total: number }>({ path: '/tribe/events/v1/events' });
    expect(list.total).toBe(0);
  });

  it('rejects with the API’s error when the caller may not delete, and nothing changes', async () => {
    const server = await serve();
    const made = await create('Kept');
    target = { root: `${server.url}/wp-json/` };
    await expect(
      apiFetch({ path: `/tribe/events/v1/events/${made.id}`, method: 'DELETE' }),
    ).rejects.toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    const read = await apiFetch<EventItem>({ path: `/tribe/events/v1/events/${made.id}` });
    expect(read.status).toBe('publish');
  });

  it('reads the paging headers with parse: false', async () => {
    await serve();
    await create('One');
    await create('Two');
    const response = await apiFetch<Response, false>({
      path: '/calendar/events/v1/events?per_page=1',
      parse: false,
    });
    expect(response.headers.get('X-WP-Total')).toBe('2');
    expect(response.headers.get('X-WP-TotalPages')).toBe('2');
    expect(response.headers.get('Link')).toMatch(/; rel="next"$/);
  });
});
