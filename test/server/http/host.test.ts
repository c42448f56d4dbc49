/**
 * The Host header is parsed strictly (a malformed one is a 400, never a 500 and never echoed
 * into links), and the public URL setting only takes values every link and header can carry.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { fixedClock } from '../../../server/clock.js';
import { startTestServer } from '../../helpers/server.js';

const SETTINGS = '/api/calendar/admin/v1/settings';

function rawGet(
  url: string,
  host: string,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // HTML pages
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header', () => {
  it('answers 400 almanac_bad_host to malformed hosts on every kind of path', async () => {
    const server = await startTestServer();
    const malformed = [
      '::1',
      '127.0.0.1:abc',
      '127.0.0.1:99999',
      '127.0.0.1:0',
      '127.0.0.1:',
      '[::1]evil',
      '[::1',
      '[::1]:',
      '[not-ipv6]',
      `127.0.0.1:${server.port}@evil.example`,
      `localhost:${server.port}:80`,
      'local host',
      'localhost/evil',
      '-localhost',
      'a'.repeat(64),
    ];
    for (const host of malformed) {
      for (const path of ['/api/', '/api/calendar/events/v1/events', '/console/', '/nothing']) {
        const res = await rawGet(`${server.url}${path}`, host);
        expect(res.status, `${path} Host: ${host}`).toBe(400);
        expect(res.body).toMatchObject({ code: 'almanac_bad_host', data: { status: 400 } });
        expect(res.text).not.toContain('evil');
      }
    }
  });

  it('accepts every form of the machine’s own names and builds links on them', async () => {
    const server = await startTestServer();
    for (const host of [
      `127.0.0.1:${server.port}`,
      `LOCALHOST:${server.port}`,
      'localhost',
      `[::1]:${server.port}`,
      '[::1]',
    ]) {
      const res = await rawGet(`${server.url}/api/calendar/events/v1/events`, host);
      expect(res.status, host).toBe(200);
      const link = new URL(res.body.rest_url as string);
      expect(link.host, host).toBe(host.toLowerCase());
      expect(link.pathname).toBe('/api/calendar/events/v1/events/');
    }
  });
});

describe('the public_url setting', () => {
  it('refuses values that cannot be a link or a header', async () => {
    const server = await startTestServer();
    for (const value of [
      'http://exämple.org',
      'http://example.org/\u0001',
      'http://example.org/a\u007fb',
      'https://user:secret@example.org',
      'https://example.org/?a=1',
      'https://example.org/#top',
      'ftp://example.org',
      'http://',
      'example.org',
    ]) {
      const res = await server.call('POST', SETTINGS, {
        auth: server.admin,
        body: { public_url: value },
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys((res.body.data as { params: object }).params)).toEqual(['public_url']);
    }
    for (const value of ['http://xn--exmple-cua.org', 'https://example.org/calendar/', '']) {
      const res = await server.call('POST', SETTINGS, {
        auth: server.admin,
        body: { public_url: value },
      });
      expect(res.status, value).toBe(200);
    }
  });

  it('ignores a stored value that is no longer valid, and only that one', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ file: true, clock, settings: { per_page: 7 } });
    // As an older version could have stored it.
    await server.sql("DELETE FROM settings WHERE key = 'public_url'");
    await server.sql(
      "INSERT INTO settings (key, value) VALUES ('public_url', ?)",
      JSON.stringify('http://exämple.org'),
    );
    clock.set('2026-06-15T12:00:05Z');
    for (const path of ['/api/calendar/events/v1/events', '/', '/events/']) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBeLessThan(500);
    }
    const settings = await server.call('GET', SETTINGS, { auth: server.admin });
    expect(settings.body).toMatchObject({ public_url: '', per_page: 7 });
  });
});
