/**
 * The `Allow` header of REST responses, as WordPress's `rest_send_allow_header` computes it:
 * the methods of the matched route whose permission the caller passes, for this very request
 * (its path, and whatever parameters it carries), so a client can tell "read-only for me" apart.
 */
import type { z } from 'zod';
import type { RequestContext } from './context.js';
import type { CompiledRoute } from './registry.js';
import { anyone, type ArgsSchema, type Endpoint } from './route.js';

/**
 * The parameters of this request that the endpoint's schema accepts, each on its own: the
 * permission of a method that was not asked for sees what it can of the request.
 */
function lenientParams(schema: ArgsSchema, raw: Readonly<Record<string, unknown>>) {
  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (raw[name] === undefined) continue;
    const result = field.safeParse(raw[name]);
    if (result.success && result.data !== undefined) params[name] = result.data;
  }
  return params;
}

/**
 * `lenientParams` of the request's own endpoint, from its arguments already parsed: parsing
 * is per field (validate.ts), so these are the same values without parsing them again.
 */
function sentParams(params: Readonly<Record<string, unknown>>, raw: RequestContext['raw']) {
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params))
    if (raw[name] !== undefined) sent[name] = value;
  return sent;
}

/** The request's own endpoint and its parsed arguments. */
export interface ParsedRequest {
  endpoint: Endpoint;
  params: Readonly<Record<string, unknown>>;
}

async function permits(
  endpoint: Endpoint,
  ctx: RequestContext,
  parsed?: ParsedRequest,
): Promise<boolean> {
  // An endpoint without a declared permission is refused (http/route.ts), so it is not allowed.
  if (typeof endpoint.permission !== 'function') return false;
  // Public endpoints need no parameters: parsing them (a whole event payload on POST /events,
  // with the listing's schema) is most of what the header costs.
  if (endpoint.permission === anyone) return true;
  try {
    const params =
      parsed?.endpoint === endpoint
        ? sentParams(parsed.params, ctx.raw)
        : lenientParams(endpoint.args, ctx.raw);
    // An endpoint whose permission reads the rows it judges through the storage ports says so
    // (permissionInWrite): its synchronous form judges only what its checks looked up.
    if (endpoint.permissionInWrite) return await endpoint.permissionInWrite(ctx, params);
    return endpoint.permission(ctx, params);
  } catch {
    // A permission that needs what only its own checks guarantee (an existing object) cannot
    // be granted for a request that did not pass them.
    return false;
  }
}

export async function allowedMethods(
  route: CompiledRoute,
  ctx: RequestContext,
  parsed?: ParsedRequest,
): Promise<string[]> {
  const permitted = await Promise.all(
    route.endpoints.map((endpoint) => permits(endpoint, ctx, parsed)),
  );
  const methods = new Set<string>();
  route.endpoints.forEach((endpoint, i) => {
    if (permitted[i]) for (const method of endpoint.methods) methods.add(method);
  });
  return [...methods];
}
