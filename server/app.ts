/**
 * Builds the Express application from its dependencies; it does not listen (docs/architecture.md,
 * convention 2).
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import qs from 'qs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from './services.js';
import { buildRegistry } from './routes.js';
import { locateRestPath, restDispatcher } from './http/dispatch.js';
import { errorHandler } from './http/error-handler.js';
import { cors, hostGuard } from './http/guards.js';
import { requestLog } from './http/request-log.js';
import { compress } from './http/compress.js';
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

const importRaw = express.raw({
  limit: IMPORT_LIMIT,
  type: ['application/json', 'application/*+json'],
});

/**
 * The import route reads its body with the larger limit, as bytes the import worker parses
 * (transfer/import-body.ts); the general parser then skips it.
 */
function importBody(req: Request, res: Response, next: NextFunction): void {
  if (locateRestPath(req)?.path === '/calendar/admin/v1/import') {
    importRaw(req, res, (error?: unknown) => (error ? next(error) : documentBody(req, res, next)));
  } else next();
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
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  // Strong tags (docs/contract/extensions.md E3): a tag names the exact bytes, so If-Match can
  // compare it.
  app.set('etag', 'strong');
  // Arrays arrive as `a[]=1&a[]=2`; nesting is limited so hostile queries stay cheap.
  app.set('query parser', (query: string) =>
    qs.parse(query, { depth: 2, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false }),
  );

  app.use(requestLog(services.log));
  // The settings as of this request's start: the code below reads them synchronously
  // (settings/service.ts).
  app.use((_req, _res, next) => {
    services.settings.current().then(() => next(), next);
  });
  app.use(compress());
  app.use(hostGuard(services));
  app.use(cors(services));
  app.use(importBody);
  app.use(
    express.json({
      limit: BODY_LIMIT,
      strict: false,
      type: ['application/json', 'application/*+json'],
    }),
  );
  app.use(express.urlencoded({ limit: BODY_LIMIT, extended: true, parameterLimit: 1000 }));
  // Media uploads send the file itself as the body (like WordPress's media endpoint).
  app.use(
    ['/api/calendar/admin/v1/media', '/wp-json/calendar/admin/v1/media'],
    express.raw({ type: ['image/*', 'application/octet-stream'], limit: MEDIA_LIMIT }),
    uploadBody,
  );

  // iCalendar imports send the file itself as the body, up to 20 MB (the import route only).
  app.use(IMPORT_PATHS, ...icsBody);

  // CalDAV reads its own bodies (XML and iCalendar), with its own limit.
  app.use(caldavRoutes(services));
  const rest = restDispatcher(registry, services);
  app.use(rest);
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
  app.use(errorHandler(services.log));
  return app;
}
