/**
 * The REST pipeline (docs/architecture.md, convention 3): match the route, authenticate, parse and
 * check the arguments, check the permission, run the handler, send the result. The same pipeline
 * serves `/api/`, `/wp-json/` and `?rest_route=`; links keep the root and namespace the client
 * used.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../services.js';
import type { RequestContext } from './context.js';
import { forbidden, invalidParams, noRoute } from './errors.js';
import { createLinks, type Links } from './links.js';
import type { Registry } from './registry.js';
import type { ApiResponse } from './route.js';
import { parseArgs } from './validate.js';
import { rootIndex, rootRoute, routeHelp } from './indexes.js';
import { allowedMethods, type ParsedRequest } from './allow.js';
import { parseFields, wantsEnvelope } from './wp-response.js';
import { translator } from '../../shared/i18n/index.js';
import { bodyParams, effectiveMethod, queryParams, type Query } from './wp-request.js';
import { precondition } from './conditional.js';
import { withWriteHooks, type WriteHooks } from '../storage/write-hooks.js';
import { idempotentWrite, requestFingerprint } from './idempotency.js';
import type { UnitOfWork } from '../storage/storage.js';
import { READS, send, sendJson, type Shaping } from './send.js';

type RootStyle = 'api' | 'wp-json' | 'rest_route';

/**
 * The REST path without repeated or trailing slashes: the OpenAPI document's server URL ends
 * with a slash and its paths start with one, so tools that join them send `v1//events`.
 */
const restPath = (path: string) => path.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';

/** Where the REST path is in this request, or `undefined` when it is not a REST request. */
export function locateRestPath(
  req: Request,
  query: Query = req.query as Query,
): { style: RootStyle; path: string } | undefined {
  const path = req.path;
  for (const [style, prefix] of [
    ['api', '/api'],
    ['wp-json', '/wp-json'],
  ] as const) {
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      return { style, path: restPath(path.slice(prefix.length)) };
    }
  }
  const route = query.rest_route;
  if ((path === '/' || path === '/index.php') && typeof route === 'string') {
    return { style: 'rest_route', path: restPath(route) };
  }
  return undefined;
}

/** The origin links are built on: the public URL when configured, else the request's own. */
export function requestOrigin(req: Request, services: Services): string {
  const configured = services.settings.get().public_url;
  if (configured !== '') return configured;
  return `${req.protocol}://${req.get('host') ?? `127.0.0.1`}`;
}

/**
 * Who a request comes from, for the failed-login throttle: the connection's address, or, when
 * the connection comes from a reverse proxy named by --trusted-proxies, the client address the
 * proxy gives in X-Forwarded-For (Express's `req.ip`, app.ts). One IPv6 host usually owns a whole
 * /64 and can pick a new address for every attempt, so IPv6 clients count by their /64; an
 * IPv4-mapped address counts as the IPv4 address it is.
 */
export function clientKey(req: Pick<Request, 'socket'> & Partial<Pick<Request, 'ip'>>): string {
  const address = (req.ip ?? req.socket.remoteAddress ?? 'unknown').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':') || address === '::1') return address;
  return `${ipv6Groups(address.split('%')[0]!).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

function collectParams(
  req: Request,
  query: Query,
  method: string,
  pathParams: Record<string, string>,
): Record<string, unknown> {
  return { ...queryParams(query), ...bodyParams(req, method), ...pathParams };
}

export type RestLocation = NonNullable<ReturnType<typeof locateRestPath>>;

/** The REST pipeline as Express middleware: REST requests are answered, others passed on. */
export function restDispatcher(registry: Registry, services: Services) {
  const serve = restServer(registry, services);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const query = req.query as Query;
    const located = locateRestPath(req, query);
    if (!located) return next();
    await serve(req, res, located, query);
  };
}

/**
 * Answers one REST request, already located, with its query parsed once. Rejects with the
 * error the error handler turns into the answer.
 */
export function restServer(registry: Registry, services: Services) {
  return async (
    req: Request,
    res: Response,
    located: RestLocation,
    query: Query,
  ): Promise<void> => {
    const origin = requestOrigin(req, services);
    const method = effectiveMethod(req, query);
    const shaping: Shaping = { fields: parseFields(query._fields), envelope: wantsEnvelope(query) };

    if (located.path === '/') {
      const links = createLinks(origin, located.style, '');
      if (method === 'OPTIONS') {
        const { _links: _omitted, ...help } = rootRoute(
          translator(services.settings.get().language),
          links,
        );
        res.set('Allow', 'GET');
        return send(req, res, { body: help }, shaping);
      }
      if (method !== 'GET' && method !== 'HEAD') throw noRoute();
      res.set('Allow', 'GET');
      await send(req, res, { body: rootIndex(registry, services, links) }, shaping);
      return;
    }

    const match = registry.match(located.path, method);
    if (!match || (!match.endpoint && method !== 'OPTIONS')) throw noRoute();

    const abandoned = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abandoned.abort();
    });
    const actor = await services.auth.authenticate(
      req.get('authorization'),
      clientKey(req),
      abandoned.signal,
    );
    const raw = collectParams(req, query, method, match.pathParams);
    const links: Links = createLinks(origin, located.style, match.requestedNamespace);
    const ctx: RequestContext = {
      actor,
      services,
      links,
      method,
      sent: new Set(Object.keys(raw)),
      raw,
      bearerToken: /^bearer\s+/i.test(req.get('authorization') ?? '')
        ? req
            .get('authorization')!
            .replace(/^bearer\s+/i, '')
            .trim()
        : undefined,
      client: clientKey(req),
      header: (name) => req.get(name),
      signal: abandoned.signal,
    };
    // Set before the endpoint runs, so that its errors carry it too, as in WordPress.
    const setAllow = async (parsed?: ParsedRequest) => {
      const allowed = await allowedMethods(match.route, ctx, parsed);
      if (allowed.length > 0) res.set('Allow', allowed.join(', '));
    };

    const { endpoint } = match;
    if (!endpoint) {
      await setAllow();
      // OPTIONS without a CORS preflight: the route describes itself (WordPress's
      // rest_handle_options_request); the preflight itself is answered by the CORS guard.
      return send(
        req,
        res,
        { body: routeHelp(match.route, match.requestedNamespace, links, services) },
        shaping,
      );
    }
    let params: Record<string, unknown>;
    try {
      params = parseArgs(endpoint.args, raw);
    } catch (error) {
      await setAllow();
      throw error;
    }
    // The request's own arguments, parsed once: the header's check of its endpoint reuses them.
    await setAllow({ endpoint, params });
    const problems = await endpoint.check?.(params, ctx);
    if (problems && Object.keys(problems).length > 0) throw invalidParams(problems);
    // Fail closed: an endpoint that declares no permission is refused, never public.
    const permitted = typeof endpoint.permission === 'function' && endpoint.permission(ctx, params);
    if (!permitted) throw forbidden(actor !== null);
    if (READS.has(method)) {
      await send(req, res, await endpoint.handler(params, ctx), shaping);
      return;
    }
    // The permission again, first inside each write transaction: on the rows as they are under
    // the write lock, so a change of author or status since the check above (another request,
    // another process) is not overlooked. The write itself runs a loop turn later (group-commit.ts).
    const hooks: WriteHooks[] = [
      {
        begin: () => {
          // A copy: routes may remember what they looked up per parameters object.
          const again = { ...params };
          // Synchronous unless the route reads through the ports: the synchronous transactions
          // of the stores not yet behind them do not wait for a promise (write-hooks.ts).
          if (endpoint.permissionInWrite)
            return endpoint.permissionInWrite(ctx, again).then((permitted) => {
              if (!permitted) throw forbidden(actor !== null);
            });
          if (!endpoint.permission(ctx, again)) throw forbidden(actor !== null);
        },
      },
    ];
    const key = req.get('idempotency-key');
    const idempotent =
      key === undefined
        ? undefined
        : await idempotentWrite(services.idempotency, services.clock.now(), {
            actor: actor?.id ?? 0,
            key,
            method,
            path: req.originalUrl,
            fingerprint: requestFingerprint(req.body, req.get('content-disposition')),
          });
    if (idempotent?.replay) {
      res.set('Idempotent-Replayed', 'true');
      res.status(idempotent.replay.status);
      await sendJson(req, res, idempotent.replay.body);
      return;
    }
    if (idempotent?.hooks) hooks.push(idempotent.hooks);
    const ifMatch = req.get('if-match');
    if (ifMatch !== undefined) {
      const condition = precondition(
        ifMatch,
        match.route,
        collectParams(req, query, 'GET', match.pathParams),
        ctx,
      );
      await condition.checkNow();
      hooks.push(condition.hooks);
    }
    // Who made each change goes into the change log with it (after the precondition's reads).
    hooks.push(services.sync.writeHooks(actor));
    // Writes wait while an import writes from its worker (server/db/write-gate.ts).
    const release = endpoint.exclusiveWrites ? () => undefined : await services.writeGate.enter();
    let result: ApiResponse;
    try {
      result = await withWriteHooks(combine(hooks), () => endpoint.handler(params, ctx));
    } finally {
      release();
    }
    await idempotent?.done(result);
    await send(req, res, result, shaping);
  };
}

/** The hooks in order; a hook that answers a promise is waited for before the next. */
function combine(hooks: WriteHooks[]): WriteHooks {
  const run = (phase: 'begin' | 'end', from: number, uow?: UnitOfWork): void | Promise<void> => {
    for (let i = from; i < hooks.length; i++) {
      const result = hooks[i]![phase]?.(uow);
      if (result instanceof Promise) return result.then(() => run(phase, i + 1, uow));
    }
  };
  return { begin: (uow) => run('begin', 0, uow), end: (uow) => run('end', 0, uow) };
}
