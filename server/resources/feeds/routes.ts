/**
 * The feed addresses (docs/contract/extensions.md §E2): `/calendar.ics`, the reference's
 * `/events/?ical=1`, and one event's `/event/<slug>/ical/` and `/event/<slug>/?ical=1`.
 * Errors are the API's JSON errors; credentials are read as the API reads them, so a calendar
 * app can subscribe to a private feed with a user name and an application password.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { feedQuerySchema } from '../../../shared/schemas/feed.js';
import type { Actor } from '../../../shared/roles.js';
import { clientKey } from '../../http/dispatch.js';
import { ApiError } from '../../http/errors.js';
import type { Links } from '../../http/links.js';
import { parseArgs } from '../../http/validate.js';
import { queryParams } from '../../http/wp-request.js';
import { pageLinks } from '../../public/discovery.js';
import type { Services } from '../../services.js';

const CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** `?ical=1` (any value but 0/false, as the reference reads it). */
export function wantsIcal(req: Request): boolean {
  const value = req.query.ical;
  return typeof value === 'string' && !/^(0|false|)$/i.test(value);
}

function decoded(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** Whether the client's validators match: If-None-Match first, else If-Modified-Since. */
function notModified(req: Request, etag: string, lastModified: Date): boolean {
  const match = req.get('if-none-match');
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const since = req.get('if-modified-since');
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(lastModified.getTime() / 1000) * 1000 <= time;
}

/**
 * Calendar apps poll, so every answer is revalidated (`no-cache`: a 304 costs a hash, not a
 * feed). An answer to a request without credentials holds only what anyone may read, so shared
 * caches and subscription services may keep it; one sent with credentials may be a user's
 * private feed, which a shared cache must never hand to someone else.
 */
function cacheHeaders(
  req: Request,
  res: Response,
  etag: string,
  lastModified: Date,
  fileName: string,
): void {
  res.set('ETag', etag);
  res.set('Last-Modified', lastModified.toUTCString());
  res.set(
    'Cache-Control',
    req.get('authorization') === undefined ? 'public, no-cache' : 'private, no-cache',
  );
  res.vary('Authorization');
  res.set('Content-Disposition', `inline; filename="${fileName}"`);
  res.set('X-Content-Type-Options', 'nosniff');
}

export function feedRoutes(services: Services): Router {
  const router = Router();

  async function actorOf(req: Request, res: Response): Promise<Actor | null> {
    const actor = await services.auth.authenticate(req.get('authorization'), clientKey(req));
    if (actor === null && queryParams(req.query).status === 'any') {
      // Calendar apps ask for credentials when told how.
      res.set('WWW-Authenticate', 'Basic realm="Almanac", charset="UTF-8"');
    }
    return actor;
  }

  async function sendFeed(req: Request, res: Response): Promise<void> {
    const actor = await actorOf(req, res);
    const input = parseArgs(feedQuerySchema, queryParams(req.query));
    const links: Links = pageLinks(req, services);
    const conditional =
      req.get('if-none-match') !== undefined || req.get('if-modified-since') !== undefined;
    if (conditional) {
      const { etag, lastModified } = await services.feeds.validate(input, actor, links);
      if (notModified(req, etag, lastModified)) {
        cacheHeaders(req, res, etag, lastModified, 'calendar.ics');
        res.status(304).end();
        return;
      }
    }
    const plan = await services.feeds.plan(input, actor, links);
    cacheHeaders(req, res, plan.etag, plan.lastModified, 'calendar.ics');
    res.status(200).type(CONTENT_TYPE);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await services.feeds.write(plan, actor, links, (chunk) => {
      if (res.destroyed) throw new ApiError('rest_request_aborted', 'The client went away.', 400);
      if (res.write(chunk)) return;
      return new Promise<void>((resolve) => res.once('drain', resolve));
    });
    res.end();
  }

  async function sendEvent(req: Request, res: Response, slug: string): Promise<void> {
    const actor = await actorOf(req, res);
    const row = await services.events.findBySlug(decoded(slug));
    const links = pageLinks(req, services);
    const feed = row ? await services.feeds.single(row, actor, links) : undefined;
    if (!feed) {
      throw new ApiError('rest-event-not-found', `No event has the slug "${decoded(slug)}".`, 404);
    }
    const fileName = `${row!.slug}.ics`;
    cacheHeaders(req, res, feed.etag, feed.lastModified, fileName);
    if (notModified(req, feed.etag, feed.lastModified)) {
      res.status(304).end();
      return;
    }
    res
      .status(200)
      .type(CONTENT_TYPE)
      .send(await feed.text());
  }

  router.get('/calendar.ics', sendFeed);
  router.get(['/events', '/events/'], (req: Request, res: Response, next: NextFunction) =>
    wantsIcal(req) ? sendFeed(req, res) : next(),
  );
  router.get('/event/:slug/ical', (req: Request<{ slug: string }>, res: Response) =>
    sendEvent(req, res, req.params.slug),
  );
  router.get('/event/:slug', (req: Request<{ slug: string }>, res: Response, next: NextFunction) =>
    wantsIcal(req) ? sendEvent(req, res, req.params.slug) : next(),
  );
  return router;
}
