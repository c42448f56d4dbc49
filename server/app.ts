/**
 * Builds the Express application from its dependencies; it does not listen (docs/architecture.md,
 * convention 2).
 */
import express, { type Express, type Request } from 'express';
import qs from 'qs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from './services.js';
import { buildRegistry } from './routes.js';
import { restServer, type RestLocation } from './http/dispatch.js';
import { restFront, under, type Step } from './http/front.js';
import { errorHandler } from './http/error-handler.js';
import { cors, hostGuard } from './http/guards.js';
import { requestLog } from './http/request-log.js';
import { attachCompression, compress } from './http/compress.js';
import { noRoute } from './http/errors.js';
import { consoleRouter } from './console.js';
import { publicPages } from './public/router.js';
import { faviconRoutes } from './public/favicon.js';
import { mediaFiles } from './resources/media/file-server.js';
import { feedRoutes } from './resources/feeds/routes.js';
import { profileRoute } from './resources/connect/profile-routes.js';
import { icsBody, IMPORT_PATHS } from './resources/feeds/import-routes.js';
import { uploadBody } from './resources/media/upload.js';
import { caldavRoutes } from './resources/caldav/routes.js';
import { documentBody } from './resources/transfer/import-body.js';

/**
 * The largest JSON or form body accepted; larger ones get 413 (docs/contract/decisions.md,
 * Network).
 */
export const BODY_LIMIT = '1mb';
export const MEDIA_LIMIT = '20mb';
/** An import document (a whole calendar) may be much larger than other bodies. */
export const IMPORT_LIMIT = '200mb';

/** The REST paths whose bodies are files, read as bytes by the routes' own readers. */
const MEDIA_PATHS = ['/api/calendar/admin/v1/media', '/wp-json/calendar/admin/v1/media'];
const IMPORT_DOCUMENT = '/calendar/admin/v1/import';

/**
 * The body readers of a REST request, by its path. The import route reads its body with the
 * larger limit, as bytes the import worker parses (transfer/import-body.ts); the general readers
 * then skip it. Media uploads send the file itself as the body (like WordPress's media
 * endpoint); iCalendar imports send the file itself, up to 20 MB (the import route only).
 */
function restBodyReaders(json: Step, form: Step): (req: Request, located: RestLocation) => Step[] {
  const importRaw = express.raw({
    limit: IMPORT_LIMIT,
    type: ['application/json', 'application/*+json'],
  });
  const mediaRaw = express.raw({
    type: ['image/*', 'application/octet-stream'],
    limit: MEDIA_LIMIT,
  });
  const plain = [json, form];
  const document = [importRaw, documentBody, ...plain];
  const media = [...plain, mediaRaw, uploadBody];
  const ics = [...plain, ...icsBody];
  return (req, located) => {
    if (located.path === IMPORT_DOCUMENT) return document;
    if (under(req.path, MEDIA_PATHS)) return media;
    if (under(req.path, IMPORT_PATHS)) return ics;
    return plain;
  };
}

/** The built console: beside the sources (`tsx server/cli.ts`) or beside the bundle (`dist/node/server`). */
export const CONSOLE_DIRS = ['../dist/console/', '../../console/'].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);

export interface AppOptions {
  /** Where the built console lives; a minimal page is served when it is missing. */
  consoleDir?: string;
}

export function createApp(services: Services, options: AppOptions = {}): Express {
  const app = express();
  const registry = buildRegistry();
  const onError = errorHandler(services.log);
  app.disable('x-powered-by');
  // X-Forwarded-For and X-Forwarded-Proto are believed only from the reverse proxies named by
  // --trusted-proxies (docs/scaling.md): from anyone else they would let a client choose the
  // address the sign-in throttle counts it under.
  app.set('trust proxy', services.config.trustedProxies ?? false);
  // Strong tags (docs/contract/extensions.md E3): a tag names the exact bytes, so If-Match can
  // compare it.
  app.set('etag', 'strong');
  // Arrays arrive as `a[]=1&a[]=2`; nesting is limited so hostile queries stay cheap.
  app.set('query parser', (query: string) =>
    qs.parse(query, { depth: 2, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false }),
  );

  const json = express.json({
    limit: BODY_LIMIT,
    strict: false,
    type: ['application/json', 'application/*+json'],
  });
  const form = express.urlencoded({ limit: BODY_LIMIT, extended: true, parameterLimit: 1000 });
  const log = requestLog(services.log);
  // The settings and what is scheduled as of this request's start: the code below reads them
  // synchronously (settings/service.ts, events/scheduled.ts).
  const settings: Step = (_req, _res, next) => {
    Promise.all([services.settings.current(), services.events.readSchedule()]).then(
      () => next(),
      next,
    );
  };
  const guards: Step[] = [hostGuard(services), cors(services)];
  app.use(
    restFront({
      // REST answers compress themselves when sent (http/send.ts).
      steps: [log, settings, ...guards],
      bodyReaders: restBodyReaders(json, form),
      serve: restServer(registry, services),
      fail: (error, req, res) => {
        attachCompression(req, res);
        onError(error, req, res, () => undefined);
      },
    }),
  );
  // Everything else (CalDAV, feeds, public pages, the console) goes through Express's stack.
  app.use(log, settings, compress(), ...guards, json, form);
  // CalDAV reads its own bodies (XML and iCalendar), with its own limit.
  app.use(caldavRoutes(services));
  app.use(mediaFiles(services));
  app.use(feedRoutes(services));
  app.use(profileRoute(services));
  app.use(faviconRoutes());
  app.use(publicPages(services));
  // A candidate counts only with its index.html: the bundle's `../../console/` seen from the
  // sources is a folder outside the project, which may exist and hold something else.
  app.use(
    consoleRouter(
      options.consoleDir ?? CONSOLE_DIRS.find((dir) => existsSync(join(dir, 'index.html'))),
    ),
  );
  app.use((req, _res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/wp-json/')) return next(noRoute());
    next();
  });
  app.use((_req, res) => {
    res.status(404).type('html').send('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });
  app.use(onError);
  return app;
}
