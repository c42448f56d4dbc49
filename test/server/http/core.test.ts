import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';

describe('REST core', () => {
  it('answers the root index with every namespace', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Almanac');
    expect(res.body.namespaces).toEqual(
      expect.arrayContaining(['calendar/events/v1', 'calendar/admin/v1', 'tribe/events/v1']),
    );
    expect(Object.keys(res.body.routes as object)).toContain('/calendar/admin/v1/users');
  });

  it('gives rest_no_route for unknown paths, namespaces and methods', async () => {
    const server = await startTestServer();
    const noRoute = {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    };
    for (const [method, path] of [
      ['GET', '/api/calendar/events/v1/nothing-here'],
      ['GET', '/api/unknown/v9/things'],
      ['GET', '/wp-json/calendar/admin/v1/users/abc'],
      ['PATCH', '/api/calendar/admin/v1/me'],
      ['DELETE', '/api/'],
    ] as const) {
      const res = await server.call(method, path, { auth: server.admin });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual(noRoute);
    }
  });

  it('reports a missing parameter with rest_missing_callback_param and its names', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', '/api/calendar/admin/v1/users', {
      auth: server.admin,
      body: { role: 'editor' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): login, password',
      data: { status: 400, params: ['login', 'password'] },
    });
  });

  it('reports every invalid parameter at once with rest_invalid_param', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', '/api/calendar/admin/v1/users', {
      auth: server.admin,
      body: { login: 'ok', password: 'short', role: 'boss' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.message).toBe('Invalid parameter(s): password, role');
    const data = res.body.data as {
      status: number;
      params: Record<string, string>;
      details: Record<string, { message: string }>;
    };
    expect(data.status).toBe(400);
    expect(Object.keys(data.params)).toEqual(['password', 'role']);
    expect(data.params.password).toMatch(/at least 8 characters/);
    expect(data.details.role!.message).toMatch(/must be one of administrator/);
  });

  it('answers malformed JSON with rest_invalid_json', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', '/api/calendar/admin/v1/users', {
      auth: server.admin,
      body: '{"login": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_json');
    expect((res.body.data as { status: number }).status).toBe(400);
  });

  it('refuses bodies over the limit with 413 in the error shape', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', '/api/calendar/admin/v1/users', {
      auth: server.admin,
      body: JSON.stringify({ login: 'big', password: 'x'.repeat(2 * 1024 * 1024), role: 'editor' }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('rest_payload_too_large');
    expect(res.body.data).toEqual({ status: 413 });
  });

  it('accepts form-encoded bodies', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', '/api/calendar/admin/v1/users', {
      auth: server.admin,
      form: { login: 'formuser', password: 'form-password', role: 'author' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ login: 'formuser', role: 'author' });
  });

  it('serves the same API under /wp-json/ and ?rest_route=', async () => {
    const server = await startTestServer();
    const canonical = await server.call('GET', '/api/calendar/admin/v1/me', { auth: server.admin });
    const wpJson = await server.call('GET', '/wp-json/calendar/admin/v1/me', {
      auth: server.admin,
    });
    const restRoute = await server.call('GET', '/?rest_route=/calendar/admin/v1/me', {
      auth: server.admin,
    });
    expect(canonical.status).toBe(200);
    expect(wpJson.json).toEqual(canonical.json);
    expect(restRoute.json).toEqual(canonical.json);
  });

  it('sends browsers from the site root on to the console', async () => {
    const server = await startTestServer();
    const res = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/console/">');
    expect(html).toContain('<a href="/console/">Open the console</a>');
  });
});
