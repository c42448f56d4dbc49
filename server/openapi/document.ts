/**
 * The OpenAPI 3.0 document of a namespace (docs/contract/compat-notes.md §8.3, docs/contract/decisions.md 17), generated from
 * the registry: every route and method, each argument from the zod schema that validates it,
 * the real response shapes of `shared/schemas/wire`, and the error envelope.
 */
import type { Translate } from '../../shared/i18n/index.js';
import { argFields, describeArg, type ArgDescription } from '../http/describe.js';
import type { CompiledRoute, Registry } from '../http/registry.js';
import { anyone, type Endpoint, type Method } from '../http/route.js';
import type { DynamicDefault } from './defaults.js';
import {
  ARCHIVE_HEADERS,
  commonErrors,
  ERROR_DESCRIPTIONS,
  genericOutcome,
  OUTCOMES,
  type OperationMethod,
} from './responses.js';
import type { z } from 'zod';
import { bodySchema, componentSchemas, fieldSchema, refTo, type OasSchema } from './schemas.js';

const PARAM = /\(\?P<(\w+)>[^)]*\)/g;

/** `/events/(?P<id>\d+)` → `/events/{id}`; the namespace root itself is `/`. */
export function docPath(routePath: string): string {
  return routePath.replace(PARAM, '{$1}') || '/';
}

function pathParams(routePath: string): string[] {
  return [...routePath.matchAll(PARAM)].map((m) => m[1]!);
}

interface Context {
  t: Translate;
  dynamicDefault: DynamicDefault;
  namespace: string;
}

type Described = [string, ArgDescription, z.ZodType];

function describeAll(route: CompiledRoute, e: Endpoint, c: Context): Described[] {
  return argFields(e.args).map(([name, field]) => [
    name,
    describeArg(
      field,
      c.t,
      // The index route's `namespace` defaults to the namespace described, as in WordPress.
      route.path === '' && name === 'namespace'
        ? c.namespace
        : c.dynamicDefault(route, e.methods, name),
    ),
    field,
  ]);
}

function parameter(
  name: string,
  where: 'path' | 'query',
  described: Described | undefined,
  t: Translate,
) {
  const out: OasSchema = { name, in: where };
  const arg = described?.[1];
  if (arg?.description !== undefined) out.description = arg.description;
  out.schema = described ? fieldSchema(described[2], described[1], t) : { type: 'string' };
  out.required = where === 'path' ? true : (arg?.required ?? false);
  // Lists also travel as comma-separated text, as the reference documents them.
  if (arg?.type === 'array') Object.assign(out, { style: 'form', explode: false });
  return out;
}

function requestBody(args: Described[], t: Translate): OasSchema | undefined {
  if (args.length === 0) return undefined;
  const properties: Record<string, OasSchema> = {};
  const required: string[] = [];
  for (const [name, arg, field] of args) {
    const schema = fieldSchema(field, arg, t);
    properties[name] =
      arg.description === undefined ? schema : { description: arg.description, ...schema };
    if (arg.required) required.push(name);
  }
  const schema: OasSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return {
    required: required.length > 0,
    content: {
      'application/json': { schema },
      'application/x-www-form-urlencoded': { schema },
    },
  };
}

/** The headers a success carries: `Allow` always, the totals and paging links on archives. */
function successHeaders(archive: boolean, t: Translate): OasSchema {
  const headers: OasSchema = {
    ETag: {
      description: t('A strong tag of this answer, for If-None-Match and If-Match.'),
      schema: { type: 'string' },
    },
    Allow: {
      description: t('The methods of this route the caller may use.'),
      schema: { type: 'string' },
    },
  };
  if (!archive) return headers;
  for (const [name, description] of Object.entries(ARCHIVE_HEADERS)) {
    headers[name] = { description: t(description), schema: { type: 'integer', minimum: 0 } };
  }
  headers.Link = {
    description: t('The previous and next pages, as rel="prev" and rel="next" links.'),
    schema: { type: 'string' },
  };
  return headers;
}

function responses(
  route: CompiledRoute,
  e: Endpoint,
  method: OperationMethod,
  args: Described[],
  c: Context,
): OasSchema {
  const path = docPath(route.path);
  const outcome =
    OUTCOMES[path]?.[method] ??
    genericOutcome(
      method,
      pathParams(route.path).length > 0,
      args.length > 0,
      e.permission !== anyone,
    );
  const out: OasSchema = {};
  const own = Object.entries(e.responses ?? {});
  const headers = successHeaders(outcome.archive === true, c.t);
  if (own.some(([status]) => Number(status) < 300)) {
    for (const [status, r] of own) {
      out[status] = {
        description: c.t(r.description),
        ...(Number(status) < 300 ? { headers } : {}),
        ...(r.schema
          ? { content: { 'application/json': { schema: bodySchema(r.schema, c.t) } } }
          : {}),
      };
    }
  } else {
    out[String(outcome.status)] = {
      description: c.t(outcome.description),
      headers,
      content: {
        'application/json': { schema: outcome.schema ? refTo(outcome.schema) : { type: 'object' } },
      },
    };
  }
  const errors = new Set([...outcome.errors, ...commonErrors(method)]);
  if (method === 'get') {
    out['304'] = {
      description: c.t('Not modified: the If-None-Match tag still names the current answer.'),
      headers: { ETag: headers.ETag },
    };
  }
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (out[String(status)] !== undefined) continue;
    out[String(status)] = {
      description: c.t(ERROR_DESCRIPTIONS[status] ?? 'An error.'),
      content: { 'application/json': { schema: refTo('Error') } },
    };
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

/**
 * What a header value may hold (RFC 9110 §5.5: tab, visible characters, spaces and obs-text);
 * the HTTP parser answers 400 to anything else before the request reaches a route.
 */
const HEADER_VALUE = { type: 'string', pattern: '^[\\t\\x20-\\x7e\\x80-\\xff]*$' };

/** Conditional requests (docs/contract/extensions.md E3): reads revalidate, writes check. */
function conditionHeader(method: Method, t: Translate): OasSchema {
  return method === 'GET'
    ? {
        name: 'If-None-Match',
        in: 'header',
        description: t('Answer 304 without a body when this tag still names the answer.'),
        schema: HEADER_VALUE,
        required: false,
      }
    : {
        name: 'If-Match',
        in: 'header',
        description: t('Change nothing and answer 412 unless this tag names the current version.'),
        schema: HEADER_VALUE,
        required: false,
      };
}

/**
 * Who may call an operation (docs/contract/decisions.md, Users): public reads take credentials
 * or none (`{}`), guarded operations Basic or Bearer.
 */
function security(e: Endpoint): OasSchema[] {
  const schemes = [{ basicAuth: [] }, { bearerAuth: [] }];
  return e.permission === anyone ? [{}, ...schemes] : schemes;
}

const SECURITY_SCHEMES = {
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description:
      'A login with its account password or one of its application passwords (the console’s App passwords screen).',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token from POST /calendar/admin/v1/sessions.',
  },
};

const WRITES = new Set<Method>(['POST', 'PUT', 'PATCH']);

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `get /events/by-slug/{slug}` → `getEventsBySlug`: unique per path and method, stable. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part !== '' && part !== 'by-slug')
    .map((part) => (part.startsWith('{') ? `By${pascal(part)}` : pascal(part)));
  return `${method.toLowerCase()}${words.join('') || 'Index'}`;
}

/** The resource an operation belongs to, to group operations in viewers. */
const tagOf = (path: string) => path.split('/')[1] || 'index';

function operation(route: CompiledRoute, e: Endpoint, method: Method, c: Context): OasSchema {
  const lower = method.toLowerCase() as OperationMethod;
  const args = describeAll(route, e, c);
  const inPath = pathParams(route.path);
  const byName = new Map(args.map((described) => [described[0], described]));
  const rest = args.filter(([name]) => !inPath.includes(name));
  const path = docPath(route.path);
  const op: OasSchema = { tags: [tagOf(path)], operationId: operationId(method, path) };
  if (e.summary !== undefined) op.summary = c.t(e.summary);
  const parameters = inPath.map((name) => parameter(name, 'path', byName.get(name), c.t));
  if (!WRITES.has(method))
    parameters.push(...rest.map((described) => parameter(described[0], 'query', described, c.t)));
  parameters.push(conditionHeader(method, c.t));
  op.parameters = parameters;
  if (WRITES.has(method)) {
    const body = requestBody(rest, c.t);
    if (body) op.requestBody = body;
  }
  op.security = security(e);
  op.responses = responses(route, e, lower, args, c);
  return op;
}

const INFO = {
  version: '1.0.0',
  title: 'The Events Calendar REST API',
  description:
    'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
};

/**
 * The whole document. `serverUrl` is the namespace root the client used, port included
 * (docs/contract/decisions.md 17). The reference's `info` is kept word for word so its clients recognise it.
 */
export function buildDocument(
  registry: Registry,
  namespace: string,
  serverUrl: string,
  t: Translate,
  dynamicDefault: DynamicDefault,
) {
  const c: Context = { t, dynamicDefault, namespace };
  const paths: Record<string, OasSchema> = {};
  // The reference's paths start with `/doc` (WordPress, not the plugin, owns the index): the
  // index comes last so the reference's paths keep their order.
  const routes = registry.routesOf(namespace);
  const ordered = [...routes.filter((r) => r.path !== ''), ...routes.filter((r) => r.path === '')];
  for (const route of ordered) {
    const item: OasSchema = (paths[docPath(route.path)] ??= {});
    for (const e of route.endpoints) {
      for (const method of e.methods) item[method.toLowerCase()] ??= operation(route, e, method, c);
    }
  }
  return {
    openapi: '3.0.0',
    info: { version: INFO.version, title: t(INFO.title), description: t(INFO.description) },
    components: {
      schemas: componentSchemas(t),
      securitySchemes: Object.fromEntries(
        Object.entries(SECURITY_SCHEMES).map(([name, scheme]) => [
          name,
          { ...scheme, description: t(scheme.description) },
        ]),
      ),
    },
    servers: [{ url: serverUrl }],
    paths,
  };
}
