/**
 * Lost updates between server processes, made deterministic: another process takes the write
 * lock and changes one field of an object while this server handles an update of another field
 * of the same object. The update must wait for the lock and then build on the other process's
 * change (updates merge, docs/contract/decisions.md 1), not write back the row it read before waiting.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { holdWriteLock } from '../helpers/reliability.js';

const EV = '/api/calendar/events/v1';

describe('an update racing with another process’s write to the same object', () => {
  it('keeps the other process’s change to an event', async () => {
    const server = await startTestServer({ file: true });
    const created = await server.call('POST', `${EV}/events`, {
      auth: server.admin,
      body: { title: 'Before', start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00:00' },
    });
    const id = created.body.id as number;
    const other = await holdWriteLock(
      server.services.config.dbPath,
      `UPDATE events SET excerpt = 'Written elsewhere' WHERE id = ${id}`,
      400,
    );
    const res = await server.call('PATCH', `${EV}/events/${id}`, {
      auth: server.admin,
      body: { title: 'Written here' },
    });
    await other.done;
    expect(res.status).toBe(200);
    const after = await server.call('GET', `${EV}/events/${id}`, { auth: server.admin });
    expect(after.body.title).toBe('Written here');
    expect(String(after.body.excerpt)).toContain('Written elsewhere');
  });
});

describe('venue updates between processes', () => {
  it('keeps the other process’s change to a venue', async () => {
    const server = await startTestServer({ file: true });
    const created = await server.call('POST', `${EV}/venues`, {
      auth: server.admin,
      body: { venue: 'Hall' },
    });
    const id = created.body.id as number;
    const other = await holdWriteLock(
      server.services.config.dbPath,
      `UPDATE venues SET city = 'Elsewhere' WHERE id = ${id}`,
      400,
    );
    const res = await server.call('PATCH', `${EV}/venues/${id}`, {
      auth: server.admin,
      body: { phone: '123' },
    });
    await other.done;
    expect(res.status).toBe(200);
    const after = await server.call('GET', `${EV}/venues/${id}`, { auth: server.admin });
    expect(after.body).toMatchObject({ phone: '123', city: 'Elsewhere' });
  });
});
