/**
 * How WordPress reads a REST request beyond its route's own arguments
 * (`WP_REST_Server::serve_request`, `WP_REST_Request`): the method override for clients that can
 * only send GET and POST, the global parameters every route accepts, and the body.
 */
import type { Request } from 'express';
import { ApiError } from './errors.js';

/** The parsed query string (Express parses it again on every read of `req.query`). */
export type Query = Readonly<Record<string, unknown>>;

/**
 * Parameters that belong to the REST server, not to a route (WordPress's `_fields`,
 * `_envelope`, `_method`, `_locale`, `_embed`, `_wpnonce`, `_jsonp` and `rest_route`): they
 * never reach a route's arguments.
 */
export const GLOBAL_PARAMS = [
  'rest_route',
  '_method',
  '_fields',
  '_envelope',
  '_embed',
  '_locale',
  '_wpnonce',
  '_jsonp',
] as const;

const GLOBAL: ReadonlySet<string> = new Set(GLOBAL_PARAMS);
const OVERRIDES = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const badOverride = (asked: string) =>
  new ApiError(
    'rest_invalid_method_override',
    `The method override "${asked}" is not one of GET, POST, PUT, PATCH, DELETE.`,
    400,
    { params: ['_method'] },
  );

/**
 * The method the request acts as. WordPress lets `?_method=` (first) or
 * `X-HTTP-Method-Override` replace the request's method; `@wordpress/api-fetch` sends every
 * PUT, PATCH and DELETE that way. Only a POST may be overridden here, so that a link followed
 * with GET can never write.
 */
export function effectiveMethod(req: Request, query: Query): string {
  if (req.method !== 'POST') return req.method;
  const asked = query._method !== undefined ? query._method : req.get('x-http-method-override');
  if (asked === undefined) return req.method;
  const method = typeof asked === 'string' ? asked.trim().toUpperCase() : '';
  if (!OVERRIDES.has(method)) throw badOverride(typeof asked === 'string' ? asked : '');
  return method;
}

/**
 * The body's parameters. A JSON body that is not an object (`null`, `[1, 2]`, `"x"`, `42`)
 * carries no named parameters: it is refused rather than read as an empty update, which would
 * answer 200 and change nothing the client asked for.
 */
export function bodyParams(req: Request, method: string): Record<string, unknown> {
  if (method === 'GET' || method === 'HEAD') return {};
  const body: unknown = req.body;
  if (body === undefined) return {};
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    return body as Record<string, unknown>;
  }
  throw new ApiError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
    json_error_message: 'The body must be a JSON object of named parameters.',
  });
}

/** The query's parameters without the server's global ones. */
export function queryParams(query: Query): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !GLOBAL.has(name)));
}
