/**
 * `Idempotency-Key` on writes (docs/api/idempotency.md): a retried create never makes a second
 * event, a key is the caller's own, and a failed write leaves the key free.
 */
import { describe, expect, it } from 'vitest';
import { NS } from '../../helpers/fixtures.js';
import { startTestServer } from '../../helpers/server.js';

const EVENT = {
  title: 'Retried concert',
  start_date: '2026-07-01 20:00:00',
  end_date: '2026-07-01 22:00:00',
};

describe('Idempotency-Key', () => {
  it('answers a retried create with the first answer and creates nothing more', async () => {
    const server = await startTestServer();
    const headers = { 'idempotency-key': 'create-concert-1' };
    const first = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers,
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    const list = await server.call('GET', `${NS}/events`, { auth: server.admin });
    expect((list.json as { total: number }).total).toBe(1);

    // Another key is another request.
    const other = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers: { 'idempotency-key': 'create-concert-2' },
    });
    expect((other.json as { id: number }).id).not.toBe((first.json as { id: number }).id);
  });

  it('makes one event when the same key arrives twice at once', async () => {
    const server = await startTestServer();
    const headers = { 'idempotency-key': 'double-click' };
    const answers = await Promise.all(
      [1, 2].map(() =>
        server.call('POST', `${NS}/events`, { auth: server.admin, body: EVENT, headers }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const list = await server.call('GET', `${NS}/events`, { auth: server.admin });
    expect((list.json as { total: number }).total).toBe(1);
  });

  it('leaves the key free after a refused write, and refuses it for another request', async () => {
    const server = await startTestServer();
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const bad = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: { ...EVENT, title: '', start_date: 'not a date' },
      headers,
    });
    expect(bad.status).toBe(400);
    const good = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers,
    });
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();

    const elsewhere = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: 'Hall' },
      headers,
    });
    expect(elsewhere.status).toBe(422);
    expect((elsewhere.json as { code: string }).code).toBe('almanac_idempotency_key_reused');
  });

  it('is each user’s own, and must be a short visible token', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const headers = { 'idempotency-key': 'shared-name' };
    const mine = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers,
    });
    const theirs = await server.call('POST', `${NS}/events`, {
      auth: editor.auth,
      body: EVENT,
      headers,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((theirs.json as { id: number }).id).not.toBe((mine.json as { id: number }).id);

    const long = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers: { 'idempotency-key': 'x'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect((long.json as { code: string }).code).toBe('almanac_invalid_idempotency_key');
  });
});
