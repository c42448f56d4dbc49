/**
 * Listing totals are remembered while nothing they count has changed
 * (server/resources/events/listing-totals.ts): every write that changes a total shows at once.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { create, createEvent } from '../../../helpers/fixtures.js';
import { EVENTS } from './helpers.js';

async function total(server: TestServer, query: Record<string, string | number> = {}) {
  const response = await server.call('GET', EVENTS, { query: { per_page: 1, ...query } });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('x-wp-total')).toBe(String(response.body.total));
  return response.body.total;
}

describe('listing totals', () => {
  it('follow creates, status changes, trashing and links', async () => {
    const server = await startTestServer();
    const category = await create(server, 'categories', { name: 'Talks' });
    const first = await createEvent(server, { categories: [category.id] });
    await createEvent(server, { title: 'Second' });
    expect(await total(server)).toBe(2);
    expect(await total(server, { categories: category.id })).toBe(1);

    const third = await createEvent(server, { title: 'Third' });
    expect(await total(server)).toBe(3);
    await server.call('PATCH', `${EVENTS}/${third.id}`, {
      auth: server.admin,
      body: { categories: [category.id] },
    });
    expect(await total(server, { categories: category.id })).toBe(2);
    await server.call('PATCH', `${EVENTS}/${third.id}`, {
      auth: server.admin,
      body: { status: 'draft' },
    });
    expect(await total(server)).toBe(2);
    expect(await total(server, { categories: category.id })).toBe(1);
    const trashed = await server.call('DELETE', `${EVENTS}/${first.id}`, { auth: server.admin });
    expect(trashed.status).toBe(200);
    expect(await total(server)).toBe(1);
    expect(await total(server, { categories: category.id })).toBe(0);
  });

  it('follow what another process wrote straight into the database', async () => {
    const server = await startTestServer({ file: true });
    const event = await createEvent(server);
    await createEvent(server, { title: 'Second' });
    expect(await total(server)).toBe(2);

    const other = new Database(server.dbPath);
    try {
      other.prepare("UPDATE events SET status = 'draft' WHERE id = ?").run(event.id);
    } finally {
      other.close();
    }
    expect(await total(server)).toBe(1);
  });
});
