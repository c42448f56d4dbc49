import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestServer } from '../../helpers/server.js';
import { buildRegistry, NAMESPACE } from '../../../server/routes.js';
import { docPath } from '../../../server/openapi/document.js';

type Doc = {
  openapi: string;
  info: Record<string, string>;
  servers: { url: string }[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, unknown>>;
};

describe('GET /calendar/events/v1/doc', () => {
  it('answers an OpenAPI 3.0 document with the reference top-level keys in order', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/events/v1/doc');
    expect(res.status).toBe(200);
    const doc = res.json as Doc;
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(doc.openapi).toBe('3.0.0');
    expect(Object.keys(doc.info)).toEqual(['version', 'title', 'description']);
    expect(doc.servers).toEqual([{ url: `${server.url}/api/calendar/events/v1/` }]);
    expect(doc.servers[0]!.url).toMatch(/:\d+\/api\//);
  });

  it('validates against the OpenAPI 3.0 schema', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every registered route and method of the namespace', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    const registry = buildRegistry();
    const expected: string[] = [];
    for (const route of registry.routesOf(NAMESPACE)) {
      for (const e of route.endpoints) {
        for (const method of e.methods)
          expected.push(`${method.toLowerCase()} ${docPath(route.path)}`);
      }
    }
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(expected.sort());
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as { operationId: string }).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getEventsById');
  });

  it('answers the reference test checklist: /events get, /events/{id} get, info keys', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    expect(doc.info).toEqual({
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description:
        'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    });
    expect(Object.keys(doc.paths).slice(0, 4)).toEqual([
      '/doc',
      '/events',
      '/events/{id}',
      '/events/by-slug/{slug}',
    ]);
    expect(Object.keys(doc.paths).at(-1)).toBe('/');
    expect(doc.paths['/events']?.get).toBeDefined();
    expect(doc.paths['/events/{id}']?.get).toBeDefined();
    expect(Object.keys(doc.components.schemas).slice(0, 8)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
  });

  it('describes the real payload types and the error envelope (decisions.md 17)', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    type Schema = { type?: string; properties?: Record<string, Schema>; $ref?: string };
    const schemas = doc.components.schemas as Record<string, Schema>;
    const eventProps = schemas.Event!.properties!;
    expect(eventProps.author!.type).toBe('string');
    expect(eventProps.start_date_details).toEqual({ $ref: '#/components/schemas/DateDetails' });
    expect(eventProps.cost_details).toEqual({ $ref: '#/components/schemas/CostDetails' });
    expect(schemas.DateDetails!.properties!.month!.type).toBe('string');
    expect(schemas.CostDetails!.type).toBe('object');
    expect(Object.keys(schemas.CostDetails!.properties!)).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
    const single = doc.paths['/events/{id}'] as Record<
      string,
      { responses: Record<string, unknown> }
    >;
    expect(single.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
    });
    expect(single.get!.responses['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(Object.keys(single.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '410']),
    );
  });

  it('documents every shape an event accepts for venue and organizer', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    type Form = { type?: string; enum?: unknown[]; required?: string[]; items?: unknown };
    type Body = { properties: Record<string, { anyOf: Form[] }> };
    const post = doc.paths['/events'] as {
      post: { requestBody: { content: Record<string, { schema: Body }> } };
    };
    const body = post.post.requestBody.content['application/json']!.schema;
    const venue = body.properties.venue!.anyOf;
    expect(venue.map((form) => form.type)).toEqual(['integer', 'object', 'object', 'string']);
    expect(venue[1]!.required).toEqual(['id']);
    expect(venue[2]!.required).toEqual(['venue']);
    expect(venue[3]!.enum).toEqual(['']);
    const organizer = body.properties.organizer!.anyOf;
    expect(organizer.map((form) => form.type)).toEqual([
      'integer',
      'object',
      'object',
      'array',
      'string',
      'string',
    ]);
    expect(organizer[2]!.required).toEqual(['organizer']);
    expect(organizer[3]!.items).toMatchObject({ anyOf: [{ type: 'integer' }, {}, {}] });
    // The namespace index keeps the reference's one-word types.
    const index = (await server.call('GET', '/api/calendar/events/v1')).json as {
      routes: Record<string, { endpoints: Array<{ args: Record<string, { type?: unknown }> }> }>;
    };
    const create = index.routes['/calendar/events/v1/events']!.endpoints[1]!.args;
    expect(create.venue!.type).toBe('integer');
    expect(create.organizer!.type).toBe('array');
  });

  it('documents writes with JSON and form bodies and lists as CSV query parameters', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    type Op = {
      parameters?: { name: string; in: string; required: boolean; style?: string }[];
      requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
      responses: Record<string, unknown>;
    };
    const create = doc.paths['/events']!.post as Op;
    expect(Object.keys(create.requestBody!.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(create.requestBody!.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['title', 'start_date', 'end_date']),
    );
    expect(Object.keys(create.responses)[0]).toBe('201');
    const update = doc.paths['/events/{id}']!.patch as Op;
    expect(update.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
    ]);
    const list = doc.paths['/events']!.get as Op;
    const categories = list.parameters!.find((p) => p.name === 'categories')!;
    expect(categories).toMatchObject({
      in: 'query',
      required: false,
      style: 'form',
      explode: false,
    });
  });

  it('validates in French too, with the same structure', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    expect(doc.info.title).toBe('API REST de The Events Calendar');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });
});

describe('what the document says about access, limits and headers', () => {
  type Op = {
    security: Record<string, string[]>[];
    responses: Record<string, { headers?: Record<string, { schema: { type: string } }> }>;
    parameters?: {
      name: string;
      in: string;
      schema: { type?: string; default?: unknown; pattern?: string };
    }[];
  };
  const load = async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc & {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    const op = (path: string, method: string) => doc.paths[path]![method] as Op;
    return { server, doc, op };
  };

  it('declares Basic and Bearer, required for guarded operations and optional for public reads', async () => {
    const { doc, op } = await load();
    expect(doc.components.securitySchemes).toMatchObject({
      basicAuth: { type: 'http', scheme: 'basic' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    const both = [{ basicAuth: [] }, { bearerAuth: [] }];
    expect(op('/events', 'post').security).toEqual(both);
    expect(op('/events/{id}', 'delete').security).toEqual(both);
    expect(op('/events', 'get').security).toEqual([{}, ...both]);
    expect(op('/doc', 'get').security).toEqual([{}, ...both]);
  });

  it('makes credentials optional on exactly the operations that answer anonymously', async () => {
    const server = await startTestServer();
    for (const namespace of ['calendar/events/v1', 'calendar/sync/v1']) {
      const doc = (await server.call('GET', `/api/${namespace}/doc`)).json as Doc;
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const optional = (operation as Op).security.some((s) => Object.keys(s).length === 0);
          // The live stream never ends; its route is covered by the sync tests.
          if (method !== 'get' || path.includes('{') || path === '/stream') continue;
          const res = await server.call('GET', `/api/${namespace}${path}`);
          expect(res.status < 300, `${namespace} ${path}: ${res.status}`).toBe(optional);
        }
        for (const [method, operation] of Object.entries(item)) {
          if (method !== 'get') expect((operation as Op).security, path).not.toContainEqual({});
        }
      }
    }
  });

  it('documents the 400 the HTTP parser answers to a header that is not valid HTTP', async () => {
    const { server, op } = await load();
    const raw = (value: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        // Written without closing our side: Node's server drops a request whose client
        // half-closed before the answer was ready (an answer that awaits storage is not).
        socket.write(
          Buffer.from(
            `GET /api/calendar/events/v1/doc HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: ${value}\r\nConnection: close\r\n\r\n`,
            'latin1',
          ),
        );
      });
    // What Schemathesis sent: a generated If-None-Match holding a control character.
    const refused = await raw('"a\x01b"');
    expect(refused).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'rest_bad_request',
      message: 'The request is not valid HTTP.',
      data: { status: 400 },
    });
    expect(await raw('"an ordinary tag é"')).toMatch(/^HTTP\/1\.1 200 /);
    const doc = op('/doc', 'get') as Op & { responses: Record<string, { description: string }> };
    expect(doc.responses['400']?.description).toMatch(/not valid HTTP/);
    const header = new RegExp(
      doc.parameters!.find((p) => p.name === 'If-None-Match')!.schema.pattern!,
    );
    expect(header.test('"a\x01b"')).toBe(false);
    expect(header.test('\x7f')).toBe(false);
    expect(header.test('W/"an ordinary tag é"\t')).toBe(true);
  });

  it('lists 400, 401 and 431 on every operation, 304 on reads, 412 and 413 on every other method', async () => {
    const { doc } = await load();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const op = operation as Op;
        const statuses = Object.keys(op.responses);
        expect(statuses, `${method} ${path}`).toEqual(
          expect.arrayContaining(['400', '401', '431']),
        );
        const read = method === 'get';
        expect(statuses.includes('304'), `${method} ${path}`).toBe(read);
        expect(statuses.includes('412'), `${method} ${path}`).toBe(!read);
        expect(statuses.includes('413'), `${method} ${path}`).toBe(!read);
        expect(op.parameters!.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
          read ? 'If-None-Match' : 'If-Match',
        ]);
        expect(statuses, `${method} ${path}: in order`).toEqual(
          [...statuses].sort((a, b) => Number(a) - Number(b)),
        );
      }
    }
  });

  it('documents the totals headers and paging links of archives, and Allow on successes', async () => {
    const { op } = await load();
    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      const headers = op(path, 'get').responses['200']!.headers!;
      expect(Object.keys(headers), path).toEqual([
        'ETag',
        'Allow',
        'X-TEC-Total',
        'X-TEC-TotalPages',
        'X-WP-Total',
        'X-WP-TotalPages',
        'Link',
      ]);
      expect(headers['X-TEC-Total']!.schema.type).toBe('integer');
    }
    expect(Object.keys(op('/events/{id}', 'get').responses['200']!.headers!)).toEqual([
      'ETag',
      'Allow',
    ]);
  });

  it('gives per_page an integer default, the deployment’s', async () => {
    const { server, op } = await load();
    await server.services.settings.update({ per_page: 7 });
    const perPage = op('/events', 'get').parameters!.find((p) => p.name === 'per_page')!;
    expect(perPage.schema).toMatchObject({ type: 'integer', default: 10 });
    const again = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    const updated = (again.paths['/events']!.get as Op).parameters!.find(
      (p) => p.name === 'per_page',
    )!;
    expect(updated.schema.default).toBe(7);
  });

  it('advertises a server URL that paths can be appended to, even when read through ?rest_route=', async () => {
    const { server } = await load();
    for (const [url, expected] of [
      ['/?rest_route=/calendar/events/v1/doc', '/wp-json/calendar/events/v1/'],
      ['/index.php?rest_route=/tribe/events/v1/doc', '/wp-json/tribe/events/v1/'],
      ['/wp-json/tribe/events/v1/doc', '/wp-json/tribe/events/v1/'],
      ['/api/calendar/events/v1/doc', '/api/calendar/events/v1/'],
    ] as const) {
      const doc = (await server.call('GET', url)).json as Doc;
      expect(doc.servers, url).toEqual([{ url: `${server.url}${expected}` }]);
      const listing = await fetch(`${doc.servers[0]!.url}events?per_page=1`);
      expect(listing.status, url).toBe(200);
    }
  });
});
