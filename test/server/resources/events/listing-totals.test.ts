/**
 * Listing totals are remembered while nothing they count has changed
 * (server/resources/events/listing-totals.ts): every write that changes a total shows at once.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
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

/**
 * Makes an event a draft on a connection of its own to the server's database, as another process
 * on the SQLite file or another node on the PostgreSQL database would.
 */
async function unpublishElsewhere(server: TestServer, id: number) {
  if (server.databaseUrl === undefined) {
    const other = new Database(server.dbPath);
    try {
      other.prepare("UPDATE events SET status = 'draft' WHERE id = ?").run(id);
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: server.databaseUrl });
  await other.connect();
  try {
    await other.query("UPDATE events SET status = 'draft' WHERE id = $1", [id]);
  } finally {
    await other.end();
  }
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

  it('follow what another process or node wrote straight into the database', async () => {
    const server = await startTestServer({ file: true });
    const event = await createEvent(server);
    await createEvent(server, { title: 'Second' });
    expect(await total(server)).toBe(2);

    await unpublishElsewhere(server, event.id);
    expect(await total(server)).toBe(1);
  });
});
