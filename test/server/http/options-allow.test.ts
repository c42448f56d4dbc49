import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { createEvent, NS } from '../../helpers/fixtures.js';

describe('OPTIONS (WordPress rest_handle_options_request)', () => {
  it('describes the route: namespace, methods and endpoints with their arguments', async () => {
    const server = await startTestServer();
    const res = await server.call('OPTIONS', `${NS}/events`);
    expect(res.status).toBe(200);
    const index = await server.call('GET', NS);
    const { _links: _omitted, ...expected } = (
      index.body.routes as Record<string, Record<string, unknown>>
    )['/calendar/events/v1/events']!;
    expect(res.json).toEqual(expected);
    expect(res.body).toMatchObject({ namespace: 'calendar/events/v1', methods: ['GET', 'POST'] });
    const endpoints = res.body.endpoints as { methods: string[]; args: Record<string, unknown> }[];
    expect(endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST']]);
    expect(endpoints[1]!.args.title).toMatchObject({ required: true, type: 'string' });
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('describes routes with parameters, aliases and the REST root', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const single = await server.call('OPTIONS', `/wp-json/tribe/events/v1/events/${event.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({
      namespace: 'tribe/events/v1',
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
    expect(single.body).not.toHaveProperty('_links');
    const root = await server.call('OPTIONS', '/api/');
    expect(root.status).toBe(200);
    expect(root.json).toEqual({
      namespace: '',
      methods: ['GET'],
      endpoints: [
        { methods: ['GET'], args: { context: expect.objectContaining({ default: 'view' }) } },
      ],
    });
    const none = await server.call('OPTIONS', `${NS}/nothing-here`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('rest_no_route');
  });

  it('answers a plain OPTIONS from another origin, and keeps preflights to the CORS guard', async () => {
    const server = await startTestServer();
    const plain = await fetch(`${server.url}${NS}/events`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { namespace: string }).namespace).toBe('calendar/events/v1');
    const preflight = await fetch(`${server.url}${NS}/events`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(await preflight.text()).toBe('');
  });
});

describe('Allow (WordPress rest_send_allow_header)', () => {
  it('lists the methods this caller may use on this object', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const adminEvent = await createEvent(server, { status: 'publish' });
    const own = await server.call('POST', `${NS}/events`, {
      auth: contributor.auth,
      body: { title: 'Mine', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:00' },
    });
    expect(own.status).toBe(201);
    const allow = async (path: string, auth?: string) => {
      const res = await server.call('GET', path, { auth });
      return res.headers.get('allow');
    };
    const all = 'GET, POST, PUT, PATCH, DELETE';
    expect(await allow(`${NS}/events/${adminEvent.id}`)).toBe('GET');
    expect(await allow(`${NS}/events/${adminEvent.id}`, contributor.auth)).toBe('GET');
    expect(await allow(`${NS}/events/${adminEvent.id}`, server.admin)).toBe(all);
    expect(await allow(`${NS}/events/${own.body.id as number}`, contributor.auth)).toBe(all);
    expect(await allow(`${NS}/events`)).toBe('GET');
    expect(await allow(`${NS}/events`, contributor.auth)).toBe('GET, POST');
    expect(await allow('/api/calendar/admin/v1/users', contributor.auth)).toBeNull();
    expect(await allow('/api/calendar/admin/v1/users', server.admin)).toBe('GET, POST');
  });

  it('comes with errors of a matched route too', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const res = await server.call('PATCH', `${NS}/events/${event.id}`, {
      auth: server.admin,
      body: { status: 'nonsense' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
  });
});
