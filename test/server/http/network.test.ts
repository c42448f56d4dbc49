import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startTestServer } from '../../helpers/server.js';

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host allow-list (DNS rebinding)', () => {
  it('answers loopback names and refuses foreign Host headers', async () => {
    const server = await startTestServer();
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, 'localhost']) {
      expect((await rawGet(`${server.url}/api/`, { host })).status).toBe(200);
    }
    const evil = await rawGet(`${server.url}/api/`, { host: 'attacker.example.com' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({
      code: 'almanac_host_not_allowed',
      data: { status: 403 },
    });
    expect((await rawGet(`${server.url}/console/`, { host: 'rebind.example:80' })).status).toBe(
      403,
    );
  });

  it('answers the configured public URL’s host', async () => {
    const server = await startTestServer({
      settings: { public_url: 'https://calendar.example.org' },
    });
    expect((await rawGet(`${server.url}/api/`, { host: 'calendar.example.org' })).status).toBe(200);
  });
});

describe('CORS (decisions.md 8)', () => {
  it('allows anonymous reads from any origin and exposes the totals headers', async () => {
    const server = await startTestServer();
    const res = await fetch(`${server.url}/api/`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toBe(
      'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, Allow, ETag',
    );
  });

  it('refuses credentialed requests from origins that are not allowed', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/admin/v1/me', {
      auth: server.admin,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden_origin');
    const preflight = await fetch(`${server.url}/api/calendar/admin/v1/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).not.toMatch(/authorization/i);
  });

  it('lets allowed origins send credentials', async () => {
    const server = await startTestServer({
      settings: { cors_origins: ['https://app.example.org'] },
    });
    const res = await server.call('GET', '/api/calendar/admin/v1/me', {
      auth: server.admin,
      headers: { origin: 'https://app.example.org' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await fetch(`${server.url}/api/calendar/admin/v1/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.org', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
  });

  it('treats the server’s own origin as allowed (the console)', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/admin/v1/me', {
      auth: server.admin,
      headers: { origin: server.url },
    });
    expect(res.status).toBe(200);
  });
});
