import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENTS, ids } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

async function weekly(server: TestServer, count: number): Promise<number[]> {
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const day = String(i + 1).padStart(2, '0');
    const event = await createEvent(server, {
      title: `Event ${day}`,
      start_date: `2026-07-${day} 10:00:00`,
      end_date: `2026-07-${day} 12:00:00`,
    });
    made.push(event.id);
  }
  return made;
}

describe('GET /events paging', () => {
  it('answers an empty page 1 with zero totals and no links to other pages', async () => {
    const server = await startTestServer();
    const response = await server.call('GET', EVENTS);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(response.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
    expect(response.headers.get('x-tec-total')).toBe('0');
    expect(response.headers.get('x-tec-totalpages')).toBe('0');
  });

  it('pages with the default per_page from the settings', async () => {
    const server = await startTestServer({ settings: { per_page: 5 } });
    const made = await weekly(server, 7);
    const first = await server.call('GET', EVENTS);
    expect(Object.keys(first.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'total',
      'total_pages',
    ]);
    expect(ids(first)).toEqual(made.slice(0, 5));
    expect(first.body).toMatchObject({ total: 7, total_pages: 2 });
    expect(first.headers.get('x-tec-total')).toBe('7');
    expect(first.headers.get('x-tec-totalpages')).toBe('2');
    const rest = new URL(first.body.rest_url as string);
    expect(rest.pathname).toBe('/api/calendar/events/v1/events/');
    expect(rest.searchParams.get('per_page')).toBe('5');
    expect(rest.searchParams.get('status')).toBe('publish');
    const next = first.body.next_rest_url as string;
    expect(new URL(next).searchParams.get('page')).toBe('2');
    const second = await server.call('GET', next);
    expect(ids(second)).toEqual(made.slice(5));
    expect(Object.keys(second.body)).toEqual([
      'events',
      'rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
    // Page 2's previous page is the first page: no `page` argument at all.
    expect(new URL(second.body.previous_rest_url as string).searchParams.has('page')).toBe(false);
    expect((await server.call('GET', EVENTS, { query: { per_page: 10 } })).body.total_pages).toBe(
      1,
    );
  });

  it('links a middle page both ways', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await weekly(server, 9);
    const third = await server.call('GET', EVENTS, { query: { page: 2 } });
    expect(new URL(third.body.previous_rest_url as string).searchParams.has('page')).toBe(false);
    expect(new URL(third.body.next_rest_url as string).searchParams.get('page')).toBe('3');
    const last = await server.call('GET', EVENTS, { query: { page: 3 } });
    expect(new URL(last.body.previous_rest_url as string).searchParams.get('page')).toBe('2');
    expect(last.body).not.toHaveProperty('next_rest_url');
  });

  it('sends WordPress paging headers: X-WP-Total(Pages) and Link rel prev/next as in the body', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await weekly(server, 9);
    const first = await server.call('GET', EVENTS);
    expect(first.headers.get('x-wp-total')).toBe('9');
    expect(first.headers.get('x-wp-totalpages')).toBe('3');
    expect(first.headers.get('link')).toBe(`<${first.body.next_rest_url as string}>; rel="next"`);
    const middle = await server.call('GET', EVENTS, { query: { page: 2 } });
    expect(middle.headers.get('link')).toBe(
      `<${middle.body.previous_rest_url as string}>; rel="prev", <${middle.body.next_rest_url as string}>; rel="next"`,
    );
    const last = await server.call('GET', EVENTS, { query: { page: 3 } });
    expect(last.headers.get('link')).toBe(`<${last.body.previous_rest_url as string}>; rel="prev"`);
    const alone = await server.call('GET', EVENTS, { query: { per_page: 50 } });
    expect(alone.headers.get('link')).toBeNull();
  });

  it('answers 404 for a page past the end', async () => {
    const server = await startTestServer({ settings: { per_page: 3 } });
    await weekly(server, 3);
    const response = await server.call('GET', EVENTS, { query: { page: 2 } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
  });

  it('rejects bad page and per_page values and clamps per_page at 50', async () => {
    const server = await startTestServer();
    for (const value of ['foo', '-1', '0', 'foo bar']) {
      for (const name of ['page', 'per_page']) {
        const response = await server.call('GET', EVENTS, { query: { [name]: value } });
        expect(response.status, `${name}=${value}`).toBe(400);
        expect(response.body.code).toBe('rest_invalid_param');
      }
    }
    // Written behind the API, on either engine: 51 creates through it take much longer.
    for (let i = 0; i < 51; i++) {
      const [post] = await server.sql<{ id: number }>(
        "INSERT INTO posts (kind) VALUES ('event') RETURNING id",
      );
      await server.sql(
        `INSERT INTO events (id, author, status, slug, title, date_utc, modified_utc, timezone,
          start_local, end_local, start_utc, end_utc)
         VALUES (?, 1, 'publish', ?, 'Bulk', '2026-06-01 00:00:00', '2026-06-01 00:00:00', 'UTC',
          '2026-07-01 10:00:00', '2026-07-01 11:00:00', '2026-07-01 10:00:00', '2026-07-01 11:00:00')`,
        post!.id,
        `bulk-${i}`,
      );
    }
    const response = await server.call('GET', EVENTS, { query: { per_page: 100 } });
    expect(ids(response)).toHaveLength(50);
    expect(response.body).toMatchObject({ total: 51, total_pages: 2 });
    expect(new URL(response.body.rest_url as string).searchParams.get('per_page')).toBe('50');
  });

  it('keeps the root and namespace the client used in every link', async () => {
    const server = await startTestServer({ settings: { per_page: 1 } });
    await weekly(server, 2);
    const response = await server.call('GET', '/?rest_route=/tribe/events/v1/events');
    expect(response.status).toBe(200);
    expect(response.body.next_rest_url).toMatch(
      /\/\?rest_route=\/tribe\/events\/v1\/events\/&page=2&/,
    );
    const event = (response.body.events as Array<{ rest_url: string }>)[0]!;
    expect(event.rest_url).toMatch(/\/\?rest_route=\/tribe\/events\/v1\/events\/\d+$/);
  });
});
