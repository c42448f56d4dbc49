/**
 * The same API under `/wp-json/`, under the reference's namespace `tribe/events/v1`, and through
 * `?rest_route=` (docs/contract/decisions.md, URLs): same handlers, same data, links on the alias used.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create, type Collection, type Created } from '../../helpers/fixtures.js';

interface Alias {
  name: string;
  /** The URL of a route (`/events`) through the alias. */
  at: (route: string) => string;
  /** The namespace root links must start with. */
  base: string;
}

const qs = (route: string) => route.replace('?', '&');
const ALIASES: Alias[] = [
  {
    name: '/wp-json/ + calendar/events/v1',
    at: (r) => `/wp-json/calendar/events/v1${r}`,
    base: '/wp-json/calendar/events/v1',
  },
  {
    name: '/api/ + tribe/events/v1',
    at: (r) => `/api/tribe/events/v1${r}`,
    base: '/api/tribe/events/v1',
  },
  {
    name: '/wp-json/ + tribe/events/v1',
    at: (r) => `/wp-json/tribe/events/v1${r}`,
    base: '/wp-json/tribe/events/v1',
  },
  {
    name: '?rest_route= + calendar/events/v1',
    at: (r) => `/?rest_route=/calendar/events/v1${qs(r)}`,
    base: '/?rest_route=/calendar/events/v1',
  },
  {
    name: '/index.php?rest_route= + tribe/events/v1',
    at: (r) => `/index.php?rest_route=/tribe/events/v1${qs(r)}`,
    base: '/?rest_route=/tribe/events/v1',
  },
  {
    name: '?rest_route= with an encoded route',
    at: (r) => {
      const [path, query] = r.split('?');
      const route = encodeURIComponent(`/tribe/events/v1${path}`);
      return `/?rest_route=${route}${query ? `&${query}` : ''}`;
    },
    base: '/?rest_route=/tribe/events/v1',
  },
];

const canonical = (route: string) => `/api/calendar/events/v1${route}`;

/** Rewrites a link of any alias to the canonical form, so bodies can be compared. */
function canonicalLink(origin: string, link: string): string {
  const url = new URL(link);
  let path = url.pathname;
  const params = new URLSearchParams(url.search);
  const route = params.get('rest_route');
  if (route !== null) {
    path = `/api${route}`;
    params.delete('rest_route');
  }
  path = path
    .replace(/^\/wp-json(\/|$)/, '/api$1')
    .replace(/^\/api\/tribe\/events\/v1/, '/api/calendar/events/v1');
  const query = params.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

function canonicalBody(origin: string, node: unknown): unknown {
  if (typeof node === 'string') return node.startsWith(origin) ? canonicalLink(origin, node) : node;
  if (Array.isArray(node)) return node.map((item) => canonicalBody(origin, item));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, canonicalBody(origin, value)]),
  );
}

/** Every absolute link into the REST API in a body. */
function restLinks(origin: string, node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') {
    if (
      node.startsWith(`${origin}/api`) ||
      node.startsWith(`${origin}/wp-json`) ||
      node.includes('rest_route=')
    ) {
      out.push(node);
    }
  } else if (Array.isArray(node)) node.forEach((item) => restLinks(origin, item, out));
  else if (node !== null && typeof node === 'object') {
    Object.values(node).forEach((value) => restLinks(origin, value, out));
  }
  return out;
}

async function seed(server: TestServer) {
  const post = async (route: `/${Collection}`, body: Record<string, unknown>) =>
    (await create(server, route.slice(1) as Collection, body)) as Created & { slug: string };
  const category = await post('/categories', { name: 'Music' });
  const tag = await post('/tags', { name: 'Outdoor' });
  const events = [];
  for (const day of ['01', '02', '03']) {
    events.push(
      await post('/events', {
        title: `Concert ${day}`,
        start_date: `2026-07-${day} 20:00:00`,
        end_date: `2026-07-${day} 22:00:00`,
        status: 'publish',
        categories: [category.id],
        tags: [tag.id],
      }),
    );
  }
  return { category, tag, events };
}

describe.each(ALIASES)('through $name', (alias) => {
  it('answers the same bodies, statuses and totals as the canonical URL, links aside', async () => {
    const server = await startTestServer();
    const { category, tag, events } = await seed(server);
    const routes = [
      '/events?per_page=2',
      '/events?per_page=2&page=2',
      `/events/${events[0]!.id}`,
      `/events/by-slug/${events[1]!.slug}`,
      `/events?categories=${category.slug}`,
      '/categories',
      `/categories/${category.id}`,
      '/tags?hide_empty=0',
      `/tags/${tag.id}`,
      '/venues',
      '/organizers',
      '/events/999999',
      '/events?per_page=0',
      '/nothing-here',
    ];
    for (const route of routes) {
      const expected = await server.call('GET', canonical(route));
      const actual = await server.call('GET', alias.at(route));
      expect(actual.status, route).toBe(expected.status);
      expect(canonicalBody(server.url, actual.json), route).toEqual(
        canonicalBody(server.url, expected.json),
      );
      for (const header of ['x-tec-total', 'x-tec-totalpages', 'content-type']) {
        expect(actual.headers.get(header), `${route} ${header}`).toBe(expected.headers.get(header));
      }
    }
  });

  it('points every REST link at the alias used', async () => {
    const server = await startTestServer();
    const { category, events } = await seed(server);
    const base = `${server.url}${alias.base}`;
    const list = await server.call('GET', alias.at('/events?per_page=2'));
    expect(list.status).toBe(200);
    expect(list.body.rest_url).toMatch(new RegExp(`^${escape(base)}/events/`));
    expect(list.body.next_rest_url).toMatch(/page=2/);
    const one = await server.call('GET', alias.at(`/events/${events[0]!.id}`));
    expect(one.body.rest_url).toBe(`${base}/events/${events[0]!.id}`);
    // Public pages are not part of the API: they stay on the site.
    expect(one.body.url).toBe(`${server.url}/event/${events[0]!.slug}/`);
    const term = await server.call('GET', alias.at(`/categories/${category.id}`));
    expect((term.body.urls as { self: string }).self).toBe(`${base}/categories/${category.id}`);
    for (const body of [list.json, one.json, term.json]) {
      for (const link of restLinks(server.url, body))
        expect(link.startsWith(base), link).toBe(true);
    }
  });

  it('accepts writes with the same credentials, and links the result on the alias', async () => {
    const server = await startTestServer();
    const base = `${server.url}${alias.base}`;
    const created = await server.call('POST', alias.at('/categories'), {
      auth: server.admin,
      body: { name: 'Theatre' },
    });
    expect(created.status).toBe(201);
    expect((created.body.urls as { self: string }).self).toBe(
      `${base}/categories/${created.body.id}`,
    );
    const anonymous = await server.call('POST', alias.at('/categories'), {
      body: { name: 'Dance' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    const form = await server.call('POST', alias.at('/tags'), {
      auth: server.admin,
      form: { name: 'Family' },
    });
    expect(form.status).toBe(201);
    const read = await server.call('GET', canonical(`/categories/${created.body.id}`));
    expect(read.body.name).toBe('Theatre');
  });

  it('serves the namespace index and the doc in the alias namespace and root', async () => {
    const server = await startTestServer();
    const namespace = alias.base.includes('tribe') ? 'tribe/events/v1' : 'calendar/events/v1';
    const root = `${server.url}${alias.base.slice(0, alias.base.indexOf(namespace))}`;
    const index = await server.call('GET', alias.at(''));
    expect(index.status).toBe(200);
    expect(index.body.namespace).toBe(namespace);
    expect(index.body._links).toEqual({ up: [{ href: root }] });
    const keys = Object.keys(index.body.routes as object);
    expect(keys[0]).toBe(`/${namespace}`);
    expect(keys).toContain(`/${namespace}/events/(?P<id>\\d+)`);
    const events = (index.body.routes as Record<string, { _links?: unknown }>)[
      `/${namespace}/events`
    ];
    expect(events?._links).toEqual({ self: [{ href: `${server.url}${alias.base}/events` }] });
    const doc = await server.call('GET', alias.at('/doc'));
    expect(doc.status).toBe(200);
    // Through `?rest_route=` the document advertises the /wp-json/ form, whose paths clients can append.
    const served = alias.base.startsWith('/?rest_route=') ? `/wp-json/${namespace}` : alias.base;
    expect(doc.body.servers).toEqual([{ url: `${server.url}${served}/` }]);
    // A tool joining the documented server and path literally reaches the route.
    const servers = doc.body.servers as { url: string }[];
    const joined = await server.call('GET', `${servers[0]!.url}/events`);
    expect(joined.status).toBe(200);
    expect(joined.body.total).toBe(0);
    const plain = await server.call('GET', canonical('/doc'));
    // Only the server and the index route's `namespace` default name the namespace used.
    const same = (body: object) =>
      JSON.stringify({ ...body, servers: [] }).replace(
        /"default":"(tribe|calendar)\/events\/v1"/g,
        '"default":"<namespace>"',
      );
    expect(same(doc.body)).toBe(same(plain.body));
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the root index through each root', () => {
  it.each([
    ['/api/', '/api/'],
    ['/wp-json/', '/wp-json/'],
    ['/wp-json', '/wp-json/'],
    ['/?rest_route=/', '/?rest_route=/'],
  ])('GET %s lists the namespaces with links on that root', async (path, root) => {
    const server = await startTestServer();
    const res = await server.call('GET', path);
    expect(res.status).toBe(200);
    expect(res.body.namespaces).toContain('tribe/events/v1');
    const routes = res.body.routes as Record<string, { _links?: { self: { href: string }[] } }>;
    expect(routes['/']?._links).toEqual({ self: [{ href: `${server.url}${root}` }] });
    expect(routes['/tribe/events/v1/events']?._links).toEqual({
      self: [{ href: `${server.url}${root}tribe/events/v1/events` }],
    });
  });

  it('answers HEAD through an alias with the GET status and no body', async () => {
    const server = await startTestServer();
    const res = await server.call('HEAD', '/wp-json/tribe/events/v1/events');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('x-tec-total')).toBe('0');
  });
});
