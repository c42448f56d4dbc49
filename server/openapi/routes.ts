/**
 * `GET /<namespace>/doc`: the OpenAPI document (docs/contract/calendar-api.md §4.1, docs/contract/compat-notes.md §8.3). It is
 * generated once per language and deployment defaults and cached, since the routes never change
 * while the server runs; only `servers` follows the request (root, alias and port).
 */
import { z } from 'zod';
import { translator } from '../../shared/i18n/index.js';
import type { Registry } from '../http/registry.js';
import { anyone, endpoint, type RouteDef } from '../http/route.js';
import { createLinks } from '../http/links.js';
import type { RequestContext } from '../http/context.js';
import { buildDocument } from './document.js';
import { deploymentDefaults, eventWindow } from './defaults.js';

type Document = ReturnType<typeof buildDocument>;

export function documentFor(registry: Registry, ctx: RequestContext): Document {
  return documentCache(registry)(ctx);
}

const caches = new WeakMap<Registry, (ctx: RequestContext) => Document>();

function documentCache(registry: Registry) {
  let cached = caches.get(registry);
  if (cached) return cached;
  const byKey = new Map<string, Document>();
  cached = (ctx) => {
    const { services, links } = ctx;
    const settings = services.settings.get();
    const window = eventWindow(services.clock.now(), settings.timezone);
    const key = JSON.stringify([links.namespace, settings.language, settings.per_page, window]);
    let doc = byKey.get(key);
    if (!doc) {
      if (byKey.size >= 16) byKey.clear();
      doc = buildDocument(
        registry,
        links.namespace,
        '',
        translator(settings.language),
        deploymentDefaults(services),
      );
      byKey.set(key, doc);
    }
    // Through `?rest_route=` the namespace root is a query string that clients cannot append
    // paths and queries to: the document then advertises the same namespace under /wp-json/.
    const root = links.root.includes('?')
      ? createLinks(links.origin, 'wp-json', links.namespace)
      : links;
    return { ...doc, servers: [{ url: `${root.rest('')}/` }] };
  };
  caches.set(registry, cached);
  return cached;
}

export function docRoutes(registry: Registry): RouteDef[] {
  return [
    {
      path: '/doc',
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: anyone,
          summary: 'The OpenAPI 3 document of this namespace.',
          args: z.object({}),
          handler: (_params, ctx) => ({ body: documentFor(registry, ctx) }),
        }),
      ],
    },
  ];
}
