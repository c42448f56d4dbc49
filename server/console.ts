/**
 * Serves the console (the built React app) at `/console/`, where the home page sends browsers.
 * Before the console is built, a minimal page says how to build it.
 *
 * Caching (docs/operations.md, Caching): the files under `assets/` carry a hash of their content
 * in their name, so a browser may keep them for a year without asking again; the page itself
 * (`index.html`, also sent for every client-side route) names the current ones, so a browser
 * revalidates it on every load (a 304 when unchanged). The build writes brotli and gzip copies
 * of the text files (scripts/precompress.ts); a browser that accepts one gets it as it is.
 */
import { Router } from 'express';
import type { ServerResponse } from 'node:http';
import expressStaticGzip from 'express-static-gzip';
import { join, sep } from 'node:path';

const CSP =
  "default-src 'self'; img-src 'self' data: blob: https: http:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'self'; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControl(res: ServerResponse, file: string): void {
  if (file.includes(`${sep}assets${sep}`)) res.setHeader('Cache-Control', IMMUTABLE);
  else if (/\.html(?:\.br|\.gz)?$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

export function consoleRouter(dir: string | undefined): Router {
  const router = Router();
  // A regular expression: the string '/console' would also match '/console/' (non-strict routing).
  router.get(/^\/console$/, (_req, res) => res.redirect(301, '/console/'));
  router.use('/console', (_req, res, next) => {
    res.set('Content-Security-Policy', CSP);
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Referrer-Policy', 'no-referrer');
    next();
  });
  if (dir === undefined) {
    router.get('/console/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Almanac</title><h1>Almanac</h1><p>The console is not built yet: run <code>npm run build:console</code>.</p>',
        );
    });
    return router;
  }
  // The package finds the compressed copies by cutting the folder's name off their paths.
  const root = dir.replace(/[\\/]+$/, '');
  router.use(
    '/console',
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: 'index.html',
      serveStatic: { setHeaders: cacheControl },
    }),
  );
  // Client-side routes of the console all load its one page.
  router.get(/^\/console\/.*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.sendFile(join(root, 'index.html'));
  });
  return router;
}
