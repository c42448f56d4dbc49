/**
 * Network safety in front of every route: the Host allow-list that defeats DNS rebinding, and
 * CORS per docs/contract/decisions.md 8 (anonymous reads from anywhere, credentials only from allowed origins).
 */
import { hostname, networkInterfaces } from 'node:os';
import type { NextFunction, Request, Response } from 'express';
import type { ServerConfig } from '../config.js';
import type { SettingsService } from '../resources/settings/service.js';
import { ApiError } from './errors.js';
import { parseHostHeader } from './host.js';

/** What the guards read: the bind address and the settings. */
interface GuardServices {
  config: ServerConfig;
  settings: Pick<SettingsService, 'get'>;
}

/** Every address of this machine's network interfaces, for LAN sharing. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && !i.internal)
    .map((i) => i!.address);
}

export function allowedHosts(services: GuardServices): Set<string> {
  const { config, settings } = services;
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const own = hostname().toLowerCase();
  names.add(own);
  names.add(`${own}.local`);
  const bind = config.host;
  const wide = bind === '0.0.0.0' || bind === '::' || settings.get().lan_sharing;
  if (bind) names.add(bind.includes(':') ? `[${bind}]` : bind.toLowerCase());
  if (wide)
    for (const address of lanAddresses())
      names.add(address.includes(':') ? `[${address}]` : address);
  for (const url of [config.publicUrl, settings.get().public_url]) {
    // A stored URL that does not parse must not turn every request into a 500.
    const parsed = url ? URL.parse(url) : null;
    if (parsed) names.add(parsed.hostname.toLowerCase());
  }
  return names;
}

/**
 * How long a list of allowed hosts is used before it is made again. Making it asks the system for
 * the machine's name and, with LAN sharing, its addresses (which can change under it), and cost
 * 2% of a listing's busy time when made for every request. It is made again at once when the
 * settings change (a new object from the settings service).
 */
const HOSTS_TTL_MS = 1_000;

function hostsOf(services: GuardServices): () => Set<string> {
  let made: { settings: object; at: number; hosts: Set<string> } | undefined;
  return () => {
    const settings = services.settings.get();
    const now = Date.now();
    if (!made || made.settings !== settings || now - made.at >= HOSTS_TTL_MS) {
      made = { settings, at: now, hosts: allowedHosts(services) };
    }
    return made.hosts;
  };
}

export function hostGuard(services: GuardServices) {
  const hosts = hostsOf(services);
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers.host;
    if (header === undefined) return next();
    const host = parseHostHeader(header);
    if (!host) {
      return next(
        new ApiError(
          'almanac_bad_host',
          'The Host header must be a host name or address, optionally followed by a port.',
          400,
        ),
      );
    }
    if (hosts().has(host.name)) return next();
    next(
      new ApiError(
        'almanac_host_not_allowed',
        'This server does not answer to that host name.',
        403,
        { host: header },
      ),
    );
  };
}

const EXPOSED = 'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, Allow, ETag';
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Content-Disposition, X-Requested-With, X-HTTP-Method-Override, If-Match, If-None-Match, Last-Event-ID, Idempotency-Key';
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function cors(services: GuardServices) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const own = `${req.protocol}://${req.headers.host ?? ''}`.toLowerCase();
    const normalized = origin.toLowerCase().replace(/\/+$/, '');
    const trusted = normalized === own || services.settings.get().cors_origins.includes(normalized);
    res.vary('Origin');
    if (trusted) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Access-Control-Allow-Credentials', 'true');
    } else {
      res.set('Access-Control-Allow-Origin', '*');
    }
    res.set('Access-Control-Expose-Headers', EXPOSED);
    // A preflight names the method it asks for; any other OPTIONS reaches the route, which
    // describes itself as in WordPress.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.set('Access-Control-Allow-Methods', trusted ? METHODS : 'GET, HEAD, OPTIONS');
      res.set('Access-Control-Allow-Headers', trusted ? ALLOWED_HEADERS : 'Content-Type');
      res.set('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    // A browser never sends credentials cross-origin without a preflight we refused, but other
    // clients can: credentialed requests from other origins are refused outright.
    const credentialed =
      req.headers.authorization !== undefined || req.headers.cookie !== undefined;
    if (!trusted && (credentialed || !['GET', 'HEAD', 'OPTIONS'].includes(req.method))) {
      return next(
        new ApiError(
          'rest_forbidden_origin',
          'Requests with credentials or writes are not allowed from this origin.',
          403,
        ),
      );
    }
    next();
  };
}
