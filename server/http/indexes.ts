/**
 * The root index (`GET /api/`) and each namespace's index (`GET /api/<namespace>`), in the
 * shape of the reference's WordPress indexes (compat-notes §8.1), generated from the registry.
 */
import { z } from 'zod';
import type { Services } from '../services.js';
import type { Links } from './links.js';
import type { CompiledRoute, Registry } from './registry.js';
import { endpoint, type RouteDef } from './route.js';
import { describeArg } from './describe.js';
import { invalidParam } from './errors.js';

function routeKey(namespace: string, path: string): string {
  return `/${namespace}${path}`;
}

function describeRoute(route: CompiledRoute, namespace: string, links: Links, context: string) {
  const methods = [...new Set(route.endpoints.flatMap((e) => e.methods))];
  const entry: Record<string, unknown> = {
    namespace,
    methods,
    endpoints: route.endpoints.map((e) => ({
      methods: e.methods,
      args:
        context === 'help' || context === 'view' || context === 'edit' ? describeArgs(e.args) : {},
    })),
  };
  // Only routes without parameters can be linked to directly, as in WordPress.
  if (!route.path.includes('(?P<'))
    entry._links = { self: [{ href: links.restIn(namespace, route.path) }] };
  return entry;
}

function describeArgs(schema: z.ZodObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      describeArg(field),
    ]),
  );
}

export function namespaceIndex(
  registry: Registry,
  requested: string,
  links: Links,
  context = 'view',
) {
  const routes: Record<string, unknown> = {};
  for (const route of registry.routesOf(requested)) {
    routes[routeKey(requested, route.path)] = describeRoute(route, requested, links, context);
  }
  return { namespace: requested, routes, _links: { up: [{ href: links.root }] } };
}

export function rootIndex(registry: Registry, services: Services, links: Links) {
  const settings = services.settings.get();
  const names = [...registry.namespaces(), ...registry.aliasNames()];
  const routes: Record<string, unknown> = {};
  for (const name of names) {
    for (const route of registry.routesOf(name)) {
      routes[routeKey(name, route.path)] = describeRoute(route, name, links, 'view');
    }
  }
  return {
    name: 'Almanac',
    description: 'A local calendar server',
    url: links.origin,
    home: links.origin,
    gmt_offset: 0,
    timezone_string: settings.timezone,
    namespaces: names,
    authentication: {
      basic: { description: 'HTTP Basic with a login and its password or an application password' },
      bearer: { description: 'Bearer session tokens from POST /calendar/admin/v1/sessions' },
    },
    routes,
    _links: { help: [{ href: `${links.origin}/console/` }] },
  };
}

/** The `GET /<namespace>` route every namespace carries (calendar-api.md §4.1). */
export function indexRoute(registry: Registry): RouteDef {
  return {
    path: '',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'The namespace index: every route with its methods and arguments.',
        args: z.object({
          namespace: z.string().optional().meta({ description: 'The namespace.' }),
          context: z
            .enum(['view', 'embed', 'edit', 'help'])
            .optional()
            .meta({ description: 'Scope under which the request is made.' }),
        }),
        handler: (params, ctx) => {
          if (params.namespace !== undefined && params.namespace !== ctx.links.namespace) {
            throw invalidParam('namespace', `namespace must be ${ctx.links.namespace}.`);
          }
          return {
            body: namespaceIndex(
              registry,
              ctx.links.namespace,
              ctx.links,
              params.context ?? 'view',
            ),
          };
        },
      }),
    ],
  };
}
