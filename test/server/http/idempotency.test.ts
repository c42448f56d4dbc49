/**
 * `Idempotency-Key` on writes (docs/api/idempotency.md): a retried create never makes a second
 * event, a key is the caller's own, and a failed write leaves the key free.
 */
import { describe, expect, it } from 'vitest';
import { NS } from '../../helpers/fixtures.js';
import { startTestServer } from '../../helpers/server.js';
import { pngBytes } from '../resources/media/helpers.js';

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

  it('takes the key in the unit of work of a write behind the storage ports (a venue)', async () => {
    const server = await startTestServer();
    const headers = { 'idempotency-key': 'venue-twice' };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        server.call('POST', `${NS}/venues`, {
          auth: server.admin,
          body: { venue: 'Hall' },
          headers,
        }),
      ),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const again = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: 'Hall' },
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(answers.find((a) => a.status === 201)!.json);
    const list = await server.call('GET', `${NS}/venues`, { auth: server.admin });
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
    expect((elsewhere.json as { code: string }).code).toBe('rest_idempotency_key_reused');
  });

  it('refuses the same key with another body, method or URL with 422, and writes nothing', async () => {
    const server = await startTestServer();
    const headers = { 'idempotency-key': 'one-request-only' };
    const first = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: EVENT,
      headers,
    });
    expect(first.status).toBe(201);
    const id = (first.json as { id: number }).id;
    const refusal = {
      code: 'rest_idempotency_key_reused',
      message:
        'This Idempotency-Key was used for another request (another method, URL or body); nothing was changed. Send this request with a new key.',
      data: { status: 422 },
    };
    const attempts = [
      { method: 'POST', path: `${NS}/events`, body: { ...EVENT, title: 'Another concert' } },
      { method: 'POST', path: `${NS}/events`, body: { ...EVENT, description: 'More' } },
      { method: 'POST', path: `${NS}/events`, form: { ...EVENT, title: 'Another concert' } },
      { method: 'PUT', path: `${NS}/events/${id}`, body: EVENT },
      { method: 'POST', path: `${NS}/events?status=draft`, body: EVENT },
    ];
    for (const { method, path, ...payload } of attempts) {
      const res = await server.call(method, path, { auth: server.admin, headers, ...payload });
      expect(res.status, `${method} ${path} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.json).toEqual(refusal);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    const list = await server.call('GET', `${NS}/events`, { auth: server.admin });
    expect((list.json as { events: { title: string }[] }).events.map((e) => e.title)).toEqual([
      EVENT.title,
    ]);

    // The same parameters, spaced otherwise or sent as a form, are the same request.
    for (const payload of [{ body: JSON.stringify(EVENT, null, 2) }, { form: EVENT }]) {
      const again = await server.call('POST', `${NS}/events`, {
        auth: server.admin,
        headers,
        ...payload,
      });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(first.json);
    }
  });

  it('refuses the same key with another uploaded file or file name', async () => {
    const server = await startTestServer({ file: true });
    const media = `${server.url}/api/calendar/admin/v1/media`;
    const send = (bytes: Buffer, name: string) =>
      fetch(media, {
        method: 'POST',
        headers: {
          authorization: server.admin,
          'content-type': 'image/png',
          'content-disposition': `attachment; filename="${name}"`,
          'idempotency-key': 'one-upload',
        },
        body: new Uint8Array(bytes),
      });
    expect((await send(pngBytes(4, 4), 'a.png')).status).toBe(201);
    const replayed = await send(pngBytes(4, 4), 'a.png');
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await send(pngBytes(5, 5), 'a.png')).status).toBe(422);
    expect((await send(pngBytes(4, 4), 'b.png')).status).toBe(422);
    const list = await server.call('GET', '/api/calendar/admin/v1/media', { auth: server.admin });
    expect(list.body.total).toBe(1);
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
