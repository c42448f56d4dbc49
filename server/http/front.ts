/**
 * The way into the REST API (docs/architecture.md, convention 3). A REST request is recognised
 * once, by its path (`/api/`, `/wp-json/`, `?rest_route=`), goes through the steps every request
 * goes through (request log, compression, Host and CORS guards), has its body read by the
 * readers its path needs, and is answered by the dispatcher, whose own table matches its route.
 *
 * It does not walk Express's middleware stack: each layer of the stack tests its path against
 * the request and hands it on through `next` (with the query string parsed again by every
 * reader of `req.query`), and a REST request went through a dozen of them before its route was
 * matched. Here the steps are called in order, the query is parsed once, and a request without
 * a body skips the body readers.
 */
import type { Request, RequestHandler, Response } from 'express';
import { locateRestPath, type RestLocation } from './dispatch.js';
import type { Query } from './wp-request.js';

/** A connect-style step: calls `next` to go on, or answers (or fails) by itself. */
export type Step = (req: Request, res: Response, next: (error?: unknown) => void) => void;

export interface Front {
  /** Steps every REST request goes through first, in order. */
  steps: readonly Step[];
  /** The body readers of a request that has a body, in order. */
  bodyReaders(req: Request, located: RestLocation): readonly Step[];
  serve(req: Request, res: Response, located: RestLocation, query: Query): Promise<void>;
  /** Answers a failed REST request (the application's error handler). */
  fail(error: unknown, req: Request, res: Response): void;
}

/** Whether the request has a body to read (type-is's rule, which the body readers use). */
export function hasBody(req: Request): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || !isNaN(Number(req.headers['content-length']))
  );
}

/**
 * Whether `path` is one of `prefixes` or under it, as Express's `app.use(prefix)` matches:
 * case-insensitively, at a segment boundary.
 */
export function under(path: string, prefixes: readonly string[]): boolean {
  const lower = path.toLowerCase();
  return prefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** Runs `steps` one after another, then `done` (with the first error, if any). */
function run(
  steps: readonly Step[],
  req: Request,
  res: Response,
  done: (error?: unknown) => void,
): void {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null) return done(error);
    const step = steps[index++];
    if (!step) return done();
    try {
      step(req, res, next);
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
}

/** Answers REST requests; hands every other request on to the rest of the application. */
export function restFront(front: Front): RequestHandler {
  return (req, res, next) => {
    // Express parses the query string on every read of `req.query`: read once, passed along.
    const query = req.query as Query;
    const located = locateRestPath(req, query);
    if (!located) return next();
    const fail = (error: unknown) => front.fail(error, req, res);
    const body = (error?: unknown) => {
      if (error !== undefined && error !== null) return fail(error);
      if (!hasBody(req)) return answer();
      run(front.bodyReaders(req, located), req, res, (failed) =>
        failed !== undefined && failed !== null ? fail(failed) : answer(),
      );
    };
    const answer = () => {
      front.serve(req, res, located, query).catch(fail);
    };
    run(front.steps, req, res, body);
  };
}
