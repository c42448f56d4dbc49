import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { createEvent, NS } from '../../helpers/fixtures.js';

describe('method override (WordPress: ?_method= and X-HTTP-Method-Override)', () => {
  it('POST with X-HTTP-Method-Override: DELETE trashes the event', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { status: 'publish' });
    const res = await server.call('POST', `${NS}/events/${event.id}`, {
      auth: server.admin,
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('trash');
    // Really in the trash: deleting it again is the reference's 410.
    const again = await server.call('DELETE', `${NS}/events/${event.id}`, { auth: server.admin });
    expect(again.status).toBe(410);
  });

  it('POST with ?_method=delete (any case) trashes the event; the query wins over the header', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { status: 'publish' });
    const res = await server.call('POST', `${NS}/events/${event.id}`, {
      auth: server.admin,
      query: { _method: 'delete' },
      headers: { 'x-http-method-override': 'PATCH' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('trash');
  });

  it('PUT and PATCH through the override update with the body, as the real methods do', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Before' });
    for (const method of ['PUT', 'PATCH']) {
      const res = await server.call('POST', `${NS}/events/${event.id}`, {
        auth: server.admin,
        headers: { 'x-http-method-override': method },
        body: { title: `After ${method}` },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.title).toBe(`After ${method}`);
    }
  });

  it('checks the permission of the overriding method: anonymous DELETE is 401, nothing changes', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { status: 'publish' });
    const res = await server.call('POST', `${NS}/events/${event.id}`, {
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_forbidden');
    const after = await server.call('GET', `${NS}/events/${event.id}`);
    expect(after.body.status).toBe('publish');
  });

  it('overriding to a method the route lacks is rest_no_route, not an update', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      headers: { 'x-http-method-override': 'DELETE' },
      body: { title: 'x', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:00' },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
    const list = await server.call('GET', `${NS}/events`, { auth: server.admin });
    expect(list.body.total).toBe(0);
  });

  it('refuses an override that is not a method with a 400 naming _method', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    for (const override of [
      { query: { _method: 'TRACE' } },
      { headers: { 'x-http-method-override': '' } },
    ]) {
      const res = await server.call('POST', `${NS}/events/${event.id}`, {
        auth: server.admin,
        ...override,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({
        code: 'rest_invalid_method_override',
        message: expect.stringMatching(/is not one of GET, POST, PUT, PATCH, DELETE/),
        data: { status: 400, params: ['_method'] },
      });
    }
  });

  it('never overrides a GET: a followed link cannot write', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { status: 'publish' });
    const res = await server.call('GET', `${NS}/events/${event.id}`, {
      auth: server.admin,
      query: { _method: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('publish');
  });
});

describe('bodies that are not JSON objects', () => {
  for (const [label, body] of [
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"x"'],
    ['a number', '42'],
  ] as const) {
    it(`an update whose body is ${label} is a 400 and changes nothing`, async () => {
      const server = await startTestServer();
      const event = await createEvent(server);
      const before = await server.call('GET', `${NS}/events/${event.id}`, { auth: server.admin });
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const res = await server.call(method, `${NS}/events/${event.id}`, {
          auth: server.admin,
          body,
        });
        expect(res.status, `${method} ${res.text}`).toBe(400);
        expect(res.json).toEqual({
          code: 'rest_invalid_json',
          message: 'Invalid JSON body passed.',
          data: {
            status: 400,
            json_error_message: 'The body must be a JSON object of named parameters.',
          },
        });
      }
      const after = await server.call('GET', `${NS}/events/${event.id}`, { auth: server.admin });
      expect(after.json).toEqual(before.json);
    });

    it(`a create whose body is ${label} is a 400 and creates nothing`, async () => {
      const server = await startTestServer();
      const res = await server.call('POST', `${NS}/venues`, { auth: server.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_json');
      const list = await server.call('GET', `${NS}/venues`, { auth: server.admin });
      expect(list.body.total).toBe(0);
    });
  }

  it('a request without a body still reads its query parameters', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      query: { venue: 'From the query' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.venue).toBe('From the query');
  });
});
