/**
 * How a resource declares its REST routes. A route is a WordPress-style path pattern with one or
 * more endpoints (methods); every endpoint declares its arguments once, as a zod object, and that
 * schema drives validation, the namespace index and the OpenAPI document alike.
 */
import type { z } from 'zod';
import type { Problems } from '../errors.js';
import type { RequestContext } from './context.js';
import type { StreamSink } from '../resources/sync/stream.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const EDITABLE: Method[] = ['POST', 'PUT', 'PATCH'];

export interface ApiResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** An absolute file path to stream as the body instead of JSON (backup downloads). */
  file?: string;
  /** The body already serialised to JSON (a remembered answer), sent as it is, with its ETag. */
  json?: {
    bytes: Buffer;
    etag: string;
    /** The bytes compressed, per encoding, once sent so (http/send.ts). */
    encoded?: Map<string, Buffer>;
  };
  /** A body written as it is produced (large downloads), with backpressure and no ETag. */
  chunks?: AsyncIterable<string>;
  /** A Server-Sent Events stream: the status and headers are sent, then `open` writes events. */
  /** `abandon` runs instead of `open` when no stream is sent (a HEAD request). */
  stream?: { open(sink: StreamSink): void; abandon?(): void };
}

export type ArgsSchema = z.ZodObject;

export type Permission<P> = (ctx: RequestContext, params: P) => boolean;

/** The permission of public endpoints: anyone, signed in or not. */
export const anyone: Permission<unknown> = () => true;

export interface Endpoint<S extends ArgsSchema = ArgsSchema> {
  methods: Method[];
  /** Path, query and body parameters together, as the reference merges them. */
  args: S;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** Checks that need the database, run after the schema and before the permission check. */
  check?: (
    params: z.output<S>,
    ctx: RequestContext,
  ) => Problems | undefined | Promise<Problems | undefined>;
  /**
   * Who may call the endpoint: `false` becomes 401 for anonymous requests and 403 otherwise.
   * Every endpoint declares one (`anyone` for public endpoints): there is no default, and an
   * endpoint without one is refused to everyone.
   */
  permission: Permission<z.output<S>>;
  /**
   * The permission checked again inside a write's unit of work (http/dispatch.ts), when it must
   * read the rows it judges: through the storage ports, awaited, so that it works on every
   * engine (the synchronous `permission` judges the rows the checks looked up before the
   * write). The `Allow` header asks it too (http/allow.ts). Default: `permission`.
   */
  permissionInWrite?: (ctx: RequestContext, params: z.output<S>) => Promise<boolean>;
  handler: (params: z.output<S>, ctx: RequestContext) => ApiResponse | Promise<ApiResponse>;
  /** Response description for the OpenAPI document: status → zod schema or description. */
  responses?: Record<number, { description: string; schema?: z.ZodType }>;
  /**
   * The handler writes through the write gate's exclusive side itself (imports, which write from
   * a worker thread: server/db/write-gate.ts), so the request does not hold a shared turn.
   */
  exclusiveWrites?: true;
}

export interface RouteDef {
  /** WordPress-style pattern relative to the namespace, e.g. `/events/(?P<id>\d+)`. */
  path: string;
  endpoints: Endpoint[];
}

/** Erases an endpoint's parameter type so routes with different schemas share one list. */
export function endpoint<S extends ArgsSchema>(def: Endpoint<S>): Endpoint {
  return def as unknown as Endpoint;
}

/** An argument schema known by what it parses to, for routes shared by several resources. */
export type ArgsOf<P> = ArgsSchema & z.ZodType<P>;

/** An endpoint typed by its parameters rather than by its schema. */
export interface EndpointOf<P> extends Omit<
  Endpoint,
  'args' | 'check' | 'permission' | 'permissionInWrite' | 'handler'
> {
  args: ArgsOf<P>;
  check?: (params: P, ctx: RequestContext) => Problems | undefined | Promise<Problems | undefined>;
  permission: Permission<P>;
  permissionInWrite?: (ctx: RequestContext, params: P) => Promise<boolean>;
  handler: (params: P, ctx: RequestContext) => ApiResponse | Promise<ApiResponse>;
}

/** `endpoint` for code generic over its resources: the parameters' type comes from `args`. */
export function endpointOf<P>(def: EndpointOf<P>): Endpoint {
  return def as unknown as Endpoint;
}

/** A path segment percent-decoded, or `undefined` when its encoding is broken. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Turns a WordPress route pattern into an anchored JavaScript regular expression. */
export function compilePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/\(\?P</g, '(?<')}$`);
}
