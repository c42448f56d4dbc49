/**
 * Black-box checks of the namespace index, the doc route, discovery headers and the error
 * envelope (docs/contract/compat-notes.md §0.1, §4.1, §4.2, §8, §9 SwaggerDocumentationCest / DiscoveryCest;
 * docs/contract/decisions.md URLs, 9, 17).
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

const NS = '/api/calendar/events/v1';

const ROUTES = [
  '',
  '/doc',
  '/events',
  '/events/(?P<id>\\d+)',
  '/events/by-slug/(?P<slug>[^/]+)',
  '/venues',
  '/venues/(?P<id>\\d+)',
  '/venues/by-slug/(?P<slug>[^/]+)',
  '/organizers',
  '/organizers/(?P<id>\\d+)',
  '/organizers/by-slug/(?P<slug>[^/]+)',
  '/categories',
  '/categories/(?P<id>\\d+)',
  '/tags',
  '/tags/(?P<id>\\d+)',
];

interface RouteEntry {
  namespace: string;
  methods: string[];
  endpoints: Array<{ methods: string[]; args: Record<string, Record<string, unknown>> }>;
  _links?: { self: Array<{ href: string }> };
}

describe('namespace index', () => {
  it('lists every route by its full regex, in order', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', NS);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['namespace', 'routes', '_links']);
    expect(res.body.namespace).toBe('calendar/events/v1');
    expect(res.body._links).toEqual({ up: [{ href: `${server.url}/api/` }] });
    const routes = res.body.routes as Record<string, RouteEntry>;
    expect(Object.keys(routes)).toEqual(ROUTES.map((r) => `/calendar/events/v1${r}`));
    const events = routes['/calendar/events/v1/events']!;
    expect(Object.keys(events)).toEqual(['namespace', 'methods', 'endpoints', '_links']);
    expect(events.namespace).toBe('calendar/events/v1');
    expect(events.methods).toEqual(['GET', 'POST']);
    expect(events.endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST']]);
    expect(events._links).toEqual({ self: [{ href: `${server.url}${NS}/events` }] });
    const create = events.endpoints[1]!.args;
    expect(create.title!.required).toBe(true);
    expect(create.start_date!.required).toBe(true);
    expect(create.description!.required).toBe(false);
    const single = routes['/calendar/events/v1/venues/(?P<id>\\d+)']!;
    expect(single).not.toHaveProperty('_links');
    expect(single.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(single.endpoints.map((e) => e.methods)).toEqual([
      ['GET'],
      ['POST', 'PUT', 'PATCH'],
      ['DELETE'],
    ]);
    expect(single.endpoints[0]!.args.id!.required).toBe(true);
    const venueCreate = routes['/calendar/events/v1/venues']!.endpoints[1]!.args;
    expect(venueCreate.venue!.required).toBe(true);
    const index = routes['/calendar/events/v1']!.endpoints[0]!.args;
    expect(index.namespace).toMatchObject({ default: 'calendar/events/v1' });
    expect(index.context).toMatchObject({ default: 'view' });
    const cats = routes['/calendar/events/v1/categories']!.endpoints[0]!.args;
    expect(Object.keys(cats)).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'search',
        'exclude',
        'include',
        'order',
        'orderby',
        'hide_empty',
        'parent',
        'post',
        'event',
        'slug',
      ]),
    );
    expect(routes['/calendar/events/v1/tags']!.endpoints[0]!.args).not.toHaveProperty('parent');
    for (const arg of Object.values(create)) {
      for (const key of Object.keys(arg)) {
        expect(['required', 'description', 'type', 'default', 'items', 'format', 'enum']).toContain(
          key,
        );
      }
    }
  });

  it('answers under the reference namespace and root', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/wp-json/tribe/events/v1');
    expect(res.status).toBe(200);
    expect(res.body.namespace).toBe('tribe/events/v1');
    expect(Object.keys(res.body.routes as object)[3]).toBe('/tribe/events/v1/events/(?P<id>\\d+)');
    expect(res.body._links).toEqual({ up: [{ href: `${server.url}/wp-json/` }] });
  });

  it('the REST root lists the namespaces', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/');
    expect(res.status).toBe(200);
    expect(res.body.namespaces).toEqual(expect.arrayContaining(['calendar/events/v1']));
    expect(Object.keys(res.body.routes as object)).toEqual(
      expect.arrayContaining(['/calendar/events/v1/events/(?P<id>\\d+)']),
    );
  });
});

describe('doc route', () => {
  it('is an OpenAPI 3.0.0 document in the reference shape', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/doc`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(res.body.openapi).toBe('3.0.0');
    expect(res.body.info).toEqual({
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description:
        'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    });
    expect((res.body.servers as Array<{ url: string }>)[0]!.url).toBe(`${server.url}${NS}/`);
    const schemas = (res.body.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas).slice(0, 8)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
    const paths = res.body.paths as Record<
      string,
      Record<string, { parameters?: unknown[]; responses: Record<string, unknown> }>
    >;
    // The index route is documented after the reference's paths, which keep their order.
    expect(Object.keys(paths).slice(0, 14)).toEqual([
      '/doc',
      '/events',
      '/events/{id}',
      '/events/by-slug/{slug}',
      '/venues',
      '/venues/{id}',
      '/venues/by-slug/{slug}',
      '/organizers',
      '/organizers/{id}',
      '/organizers/by-slug/{slug}',
      '/categories',
      '/categories/{id}',
      '/tags',
      '/tags/{id}',
    ]);
    expect(paths['/events']!.get).toBeDefined();
    expect(Object.keys(paths['/events/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'post', 'delete']),
    );
    const codes = (path: string, method: string) => Object.keys(paths[path]![method]!.responses);
    expect(codes('/venues', 'get')).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(codes('/venues/{id}', 'get')).toEqual(
      expect.arrayContaining(['200', '400', '403', '404']),
    );
    expect(codes('/venues/{id}', 'post')).toEqual(expect.arrayContaining(['200', '400', '403']));
    expect(codes('/venues/{id}', 'delete')).toEqual(
      expect.arrayContaining(['200', '400', '403', '410']),
    );
    const param = (paths['/events']!.get!.parameters as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(param)).toEqual(
      expect.arrayContaining(['name', 'in', 'description', 'schema', 'required']),
    );
  });

  it('servers[0].url follows the root the client used', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/wp-json/tribe/events/v1/doc');
    expect(res.status).toBe(200);
    expect((res.body.servers as Array<{ url: string }>)[0]!.url).toBe(
      `${server.url}/wp-json/tribe/events/v1/`,
    );
  });
});

describe('discovery headers', () => {
  it('site root, event page, category and tag pages', async () => {
    const server = await startTestServer();
    const root = `${server.url}${NS}/`;
    const home = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(home.headers.get('x-tec-api-version')).toBe('v1');
    expect(home.headers.get('x-tec-api-root')).toBe(root);
    expect(home.headers.get('x-tec-api-origin')).toBe(server.url);
    const created = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Event 01',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
        categories: 'cat1',
        tags: 'tag1',
      },
    });
    const id = created.body.id as number;
    const page = await fetch(`${server.url}/event/event-01/`, { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-tec-api-root')).toBe(`${root}events/${id}`);
    const cat = await fetch(`${server.url}/events/category/cat1/`, { method: 'HEAD' });
    expect(cat.headers.get('x-tec-api-root')).toBe(`${root}events/?categories=cat1`);
    const tag = await fetch(`${server.url}/tag/tag1/`, { method: 'HEAD' });
    expect(tag.headers.get('x-tec-api-root')).toBe(`${root}events/?tags=tag1`);
    const html = await (await fetch(`${server.url}/event/event-01/`)).text();
    expect(html).toContain('<meta name="tec-api-version" content="v1"');
    expect(html).toContain(`<meta name="tec-api-origin" content="${server.url}"`);
    expect(html).toContain(`<link rel="alternate" href="${root}events/${id}">`);
  });
});

describe('error envelope', () => {
  it('rest_no_route for unknown paths and methods (no 405)', async () => {
    const server = await startTestServer();
    const expected = {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    };
    for (const [method, path] of [
      ['PUT', `${NS}/venues`],
      ['DELETE', `${NS}/categories`],
      ['GET', `${NS}/events/by-slug/`],
      ['GET', '/api/nope/v1/things'],
      ['PATCH', `${NS}/doc`],
    ] as const) {
      const res = await server.call(method, path, { auth: server.admin });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(expected);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('rest_invalid_param names every bad parameter with details (decisions.md 9)', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/venues`, { query: { per_page: 'foo', page: '0' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['code', 'message', 'data']);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.message).toMatch(/^Invalid parameter\(s\): (page, per_page|per_page, page)$/);
    const data = res.body.data as {
      status: number;
      params: Record<string, string>;
      details: Record<string, unknown>;
    };
    expect(data.status).toBe(400);
    expect(Object.keys(data.params).sort()).toEqual(['page', 'per_page']);
    expect(Object.keys(data.details).sort()).toEqual(['page', 'per_page']);
  });

  it('malformed JSON is rest_invalid_json; an oversized body is 413 in the same shape', async () => {
    const server = await startTestServer();
    const bad = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: '{"venue":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_json');
    expect((bad.body.data as { status: number }).status).toBe(400);
    const big = await server.call('POST', `${NS}/venues`, {
      auth: server.admin,
      body: { venue: 'x'.repeat(30 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(typeof big.body.code).toBe('string');
    expect((big.body.data as { status: number }).status).toBe(413);
  });

  it('bad credentials are 401 in the envelope', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/venues`, {
      auth: `Basic ${Buffer.from('admin:wrong').toString('base64')}`,
    });
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(['code', 'message', 'data']);
    expect((res.body.data as { status: number }).status).toBe(401);
  });
});
