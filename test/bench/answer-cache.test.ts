/**
 * Remembered read answers (server/http/answer-cache.ts, a benchmark-driven optimisation)
 * are never served after a write: not after one through the API, not after one by another
 * connection to the same file (another server process), not after a direct write on the
 * server's own connection, and not across actors, roots or clock days.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.js';
import { startTestServer } from '../helpers/server.js';
import { EVENTS } from '../server/resources/events/helpers.js';
import { createEvent } from '../helpers/fixtures.js';

// Express's own ETag function: a remembered answer must carry the ETag Express would compute.
const etag = createRequire(import.meta.url)('etag') as (body: string, o: object) => string;

describe('remembered event answers', () => {
  it('are sent as Express sends JSON: same bytes, same type, same ETag', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    for (const path of [EVENTS, `${EVENTS}/${event.id}`]) {
      const first = await server.call('GET', path);
      const again = await server.call('GET', path);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // The listing's tag comes from the content version and its request (content-etag.test.ts).
      expect(again.headers.get('etag')).toBe(
        path === EVENTS ? first.headers.get('etag') : etag(first.text, { weak: false }),
      );
    }
  });

  it('see writes from the API, from another connection and from the same connection', async () => {
    const server = await startTestServer({ file: true });
    const event = await createEvent(server, { title: 'First title' });
    const read = async () => (await server.call('GET', `${EVENTS}/${event.id}`)).body;
    const total = async () => (await server.call('GET', EVENTS)).body.total;

    expect((await read()).title).toBe('First title');
    expect(await total()).toBe(1);
    expect((await read()).title).toBe('First title');

    await server.call('PATCH', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { title: 'Through the API' },
    });
    expect((await read()).title).toBe('Through the API');

    const other = new Database(server.services.config.dbPath);
    other.prepare('UPDATE events SET title = ? WHERE id = ?').run('Another process', event.id);
    expect((await read()).title).toBe('Another process');
    other.prepare(`UPDATE events SET status = 'draft' WHERE id = ?`).run(event.id);
    other.close();
    expect(await total()).toBe(0);

    server.db
      .prepare(`UPDATE events SET status = 'publish', title = 'Same connection' WHERE id = ?`)
      .run(event.id);
    expect((await read()).title).toBe('Same connection');
    expect(await total()).toBe(1);
  });

  it('are kept apart per actor, per REST root and per day', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    await createEvent(server, { status: 'draft', title: 'Draft' });
    await createEvent(server, {
      title: 'Tomorrow',
      start_date: '2026-06-16 10:00:00',
      end_date: '2026-06-16 11:00:00',
    });

    expect((await server.call('GET', EVENTS)).body.total).toBe(1);
    expect((await server.call('GET', EVENTS, { auth: server.admin })).body.total).toBe(2);
    const alias = await server.call('GET', '/wp-json/tribe/events/v1/events');
    expect(alias.body.rest_url).toContain('/wp-json/tribe/events/v1/events/');

    // Two days later the default window starts after the event: no write, a new window.
    clock.set('2026-06-18T12:00:00Z');
    expect((await server.call('GET', EVENTS)).body.total).toBe(0);
  });
});
