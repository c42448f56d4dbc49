/**
 * The root index (`GET /api/`) and each namespace's index (`GET /api/<namespace>`), in the
 * shape of the reference's WordPress indexes (docs/contract/compat-notes.md §8.1), generated from the registry.
 * Descriptions are localised with the site language; names, types and defaults never are.
 */
import { z } from 'zod';
import { DateTime } from 'luxon';
import { translator, type Translate } from '../../shared/i18n/index.js';
import { normalizeZone } from '../../shared/time.js';
import type { Services } from '../services.js';
import { deploymentDefaults, type DynamicDefault } from '../openapi/defaults.js';
import type { Links } from './links.js';
import type { CompiledRoute, Registry } from './registry.js';
import { anyone, endpoint, type Endpoint, type RouteDef } from './route.js';
import { argFields, describeArg, type ArgDescription } from './describe.js';
import { ApiError } from './errors.js';

export interface RouteEntry {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, ArgDescription> }[];
  _links?: { self: { href: string }[] };
}

interface Describer {
  translate: Translate;
  dynamicDefault: DynamicDefault;
  /** The namespace the client used: the index route's `namespace` argument defaults to it. */
  requested: string;
}

function routeKey(namespace: string, path: string): string {
  return `/${namespace}${path}`;
}

function describeArgs(route: CompiledRoute, e: Endpoint, d: Describer) {
  const args: Record<string, ArgDescription> = {};
  for (const [name, field] of argFields(e.args)) {
    const dynamic =
      route.path === '' && name === 'namespace'
        ? d.requested
        : d.dynamicDefault(route, e.methods, name);
    args[name] = describeArg(field, d.translate, dynamic);
  }
  return args;
}

/** One route as WordPress lists it; `methods` concatenates the endpoints' methods as it does. */
export function describeRoute(
  route: CompiledRoute,
  namespace: string,
  links: Links,
  d: Describer,
): RouteEntry {
  const entry: RouteEntry = {
    namespace,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => ({
      methods: [...e.methods],
      args: describeArgs(route, e, { ...d, requested: namespace }),
    })),
  };
  // Only routes without parameters can be linked to directly, as in WordPress.
  if (!route.path.includes('(?P<')) {
    entry._links = { self: [{ href: links.restIn(namespace, route.path) }] };
  }
  return entry;
}

function describer(services: Services, requested: string): Describer {
  return {
    translate: translator(services.settings.get().language),
    dynamicDefault: deploymentDefaults(services),
    requested,
  };
}

/**
 * What `OPTIONS` on a route answers, as WordPress's `rest_handle_options_request` does: the
 * route's namespace, methods and endpoints with their arguments.
 */
export function routeHelp(
  route: CompiledRoute,
  namespace: string,
  links: Links,
  services: Services,
): RouteEntry {
  const { _links: _omitted, ...help } = describeRoute(
    route,
    namespace,
    links,
    describer(services, namespace),
  );
  return help;
}

export function namespaceIndex(
  registry: Registry,
  services: Services,
  requested: string,
  links: Links,
) {
  const d = describer(services, requested);
  const routes: Record<string, RouteEntry> = {};
  for (const route of registry.routesOf(requested)) {
    routes[routeKey(requested, route.path)] = describeRoute(route, requested, links, d);
  }
  return { namespace: requested, routes, _links: { up: [{ href: links.root }] } };
}

/** The site's UTC offset in hours now, as WordPress's `gmt_offset`. */
function gmtOffset(services: Services): number {
  const zone = normalizeZone(services.settings.get().timezone) ?? 'UTC';
  return DateTime.fromJSDate(services.clock.now(), { zone }).offset / 60;
}

/** The REST root's own route (`/`), as WordPress lists it. */
export function rootRoute(t: Translate, links: Links): RouteEntry {
  return {
    namespace: '',
    methods: ['GET'],
    endpoints: [
      {
        methods: ['GET'],
        args: {
          context: {
            required: false,
            description: t(
              'Scope under which the request is made; determines fields present in response.',
            ),
            type: 'string',
            default: 'view',
          },
        },
      },
    ],
    _links: { self: [{ href: links.root }] },
  };
}

export function rootIndex(registry: Registry, services: Services, links: Links) {
  const settings = services.settings.get();
  const t = translator(settings.language);
  const names = [...registry.namespaces(), ...registry.aliasNames()];
  const routes: Record<string, RouteEntry> = { '/': rootRoute(t, links) };
  for (const name of names) {
    const d = describer(services, name);
    for (const route of registry.routesOf(name)) {
      routes[routeKey(name, route.path)] = describeRoute(route, name, links, d);
    }
  }
  return {
    name: 'Almanac',
    description: t('A local calendar server'),
    url: links.origin,
    home: links.origin,
    gmt_offset: gmtOffset(services),
    timezone_string: settings.timezone,
    // Not in WordPress's root: the console's sign-in page reads it before anyone signs in.
    language: settings.language,
    namespaces: names,
    authentication: {
      basic: {
        description: t('HTTP Basic with a login and its password or an application password'),
      },
      bearer: { description: t('Bearer session tokens from POST /calendar/admin/v1/sessions') },
    },
    routes,
    _links: { help: [{ href: `${links.origin}/console/` }] },
  };
}

const invalidNamespace = () =>
  new ApiError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);

/**
 * The `GET /<namespace>` route every namespace carries (docs/contract/calendar-api.md §4.1). As in WordPress,
 * `namespace` picks the namespace to describe (default: the one in the URL) and `context` is
 * accepted without changing the listing.
 */
export function indexRoute(registry: Registry): RouteDef {
  return {
    path: '',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: anyone,
        summary:
          'The namespace index: every route of the namespace with its methods and arguments.',
        args: z.object({
          namespace: z
            .string()
            .optional()
            .meta({ description: 'The namespace to describe.', type: 'string' }),
          context: z.string().default('view').meta({
            description:
              'Scope under which the request is made; determines fields present in response.',
            type: 'string',
          }),
        }),
        handler: (params, ctx) => {
          const wanted = params.namespace ?? ctx.links.namespace;
          const known = [...registry.namespaces(), ...registry.aliasNames()];
          if (!known.includes(wanted)) throw invalidNamespace();
          return { body: namespaceIndex(registry, ctx.services, wanted, ctx.links) };
        },
      }),
    ],
  };
}
