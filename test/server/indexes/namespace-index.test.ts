import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import {
  buildRegistry,
  NAMESPACE,
  ADMIN_NAMESPACE,
  SYNC_NAMESPACE,
} from '../../../server/routes.js';
import { argFields, isRequired } from '../../../server/http/describe.js';

type Entry = {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, Record<string, unknown>> }[];
  _links?: { self: { href: string }[] };
};
type Index = { namespace: string; routes: Record<string, Entry>; _links: unknown };

const ARG_KEYS = ['required', 'description', 'type', 'default', 'items', 'format', 'enum'];
const registry = buildRegistry();

describe('GET /calendar/events/v1 (namespace index)', () => {
  it('lists exactly the registered routes, keyed by their full pattern, in order', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/events/v1');
    expect(res.status).toBe(200);
    const index = res.json as Index;
    expect(Object.keys(index)).toEqual(['namespace', 'routes', '_links']);
    expect(index.namespace).toBe(NAMESPACE);
    expect(index._links).toEqual({ up: [{ href: `${server.url}/api/` }] });
    const routes = registry.routesOf(NAMESPACE);
    expect(Object.keys(index.routes)).toEqual(routes.map((r) => `/${NAMESPACE}${r.path}`));
    expect(Object.keys(index.routes)).toContain('/calendar/events/v1/doc');
  });

  it('describes each route: methods, endpoints with every argument, self link only without parameters', async () => {
    const server = await startTestServer();
    const index = (await server.call('GET', '/api/calendar/events/v1')).json as Index;
    for (const route of registry.routesOf(NAMESPACE)) {
      const entry = index.routes[`/${NAMESPACE}${route.path}`]!;
      const parametrised = route.path.includes('(?P<');
      expect(Object.keys(entry)).toEqual(
        parametrised
          ? ['namespace', 'methods', 'endpoints']
          : ['namespace', 'methods', 'endpoints', '_links'],
      );
      expect(entry.namespace).toBe(NAMESPACE);
      expect(entry.methods).toEqual(route.endpoints.flatMap((e) => e.methods));
      if (!parametrised) {
        expect(entry._links).toEqual({
          self: [{ href: `${server.url}/api/${NAMESPACE}${route.path}` }],
        });
      }
      expect(entry.endpoints).toHaveLength(route.endpoints.length);
      route.endpoints.forEach((e, i) => {
        const listed = entry.endpoints[i]!;
        expect(Object.keys(listed)).toEqual(['methods', 'args']);
        expect(listed.methods).toEqual(e.methods);
        const fields = argFields(e.args);
        expect(Object.keys(listed.args)).toEqual(fields.map(([name]) => name));
        for (const [name, field] of fields) {
          const arg = listed.args[name]!;
          expect(arg.required, `${route.path} ${name}`).toBe(isRequired(field));
          const keys = Object.keys(arg);
          expect(
            keys.every((k) => ARG_KEYS.includes(k)),
            `${route.path} ${name}: ${keys}`,
          ).toBe(true);
          // Keys keep the order of docs/contract/compat-notes.md §8.1.
          expect(keys).toEqual(ARG_KEYS.filter((k) => keys.includes(k)));
        }
      });
    }
  });

  it('lists its own route with the namespace and context defaults', async () => {
    const server = await startTestServer();
    const index = (await server.call('GET', '/api/calendar/events/v1')).json as Index;
    const own = index.routes['/calendar/events/v1']!;
    expect(own.methods).toEqual(['GET']);
    expect(own.endpoints[0]!.args.namespace).toMatchObject({
      required: false,
      default: NAMESPACE,
    });
    expect(own.endpoints[0]!.args.context).toMatchObject({ required: false, default: 'view' });
  });

  it('gives per_page the site default as a string-typed integer', async () => {
    const server = await startTestServer({ settings: { per_page: 7 } });
    const index = (await server.call('GET', '/api/calendar/events/v1')).json as Index;
    const withPerPage = Object.values(index.routes)
      .flatMap((r) => r.endpoints)
      .filter((e) => e.methods.includes('GET') && e.args.per_page);
    for (const e of withPerPage) expect(e.args.per_page!.default).toBe('7');
  });

  it('describes another namespace when asked, and 404s an unknown one', async () => {
    const server = await startTestServer();
    const admin = await server.call('GET', '/api/calendar/events/v1', {
      query: { namespace: ADMIN_NAMESPACE },
    });
    expect(admin.status).toBe(200);
    expect((admin.json as Index).namespace).toBe(ADMIN_NAMESPACE);
    expect(Object.keys((admin.json as Index).routes)).toEqual(
      registry.routesOf(ADMIN_NAMESPACE).map((r) => `/${ADMIN_NAMESPACE}${r.path}`),
    );
    const unknown = await server.call('GET', '/api/calendar/events/v1', {
      query: { namespace: 'nope/v9' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'rest_invalid_namespace',
      message: 'The specified namespace could not be found.',
      data: { status: 404 },
    });
  });

  it('accepts any context and lists the same routes', async () => {
    const server = await startTestServer();
    const view = await server.call('GET', '/api/calendar/events/v1');
    const edit = await server.call('GET', '/api/calendar/events/v1', {
      query: { context: 'edit' },
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toEqual(view.json);
  });

  it('answers 404 rest_no_route under an unregistered namespace', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/nothing/v1');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});

describe('GET /api/ (root index)', () => {
  it('lists every namespace, aliases included, and every route of each', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/');
    expect(res.status).toBe(200);
    const body = res.body as { namespaces: string[]; routes: Record<string, Entry>; url: string };
    expect(body.namespaces).toEqual([
      NAMESPACE,
      ADMIN_NAMESPACE,
      SYNC_NAMESPACE,
      'tribe/events/v1',
    ]);
    expect(body.url).toBe(server.url);
    expect(body.routes['/']).toMatchObject({
      namespace: '',
      methods: ['GET'],
      _links: { self: [{ href: `${server.url}/api/` }] },
    });
    for (const ns of body.namespaces) {
      for (const route of registry.routesOf(ns)) {
        expect(body.routes[`/${ns}${route.path}`]?.namespace).toBe(ns);
      }
    }
  });

  it('reports the site offset from UTC and the site language', async () => {
    const server = await startTestServer({
      settings: { timezone: 'Europe/Paris', language: 'fr' },
    });
    const body = (await server.call('GET', '/api/')).body;
    // 2026-06-15 is summer time in Paris.
    expect(body.gmt_offset).toBe(2);
    expect(body.timezone_string).toBe('Europe/Paris');
    expect(body.language).toBe('fr');
  });
});
