/**
 * Serves the console (the built React app) at `/console/`, where the home page sends browsers.
 * Before the console is built, a minimal page says how to build it.
 */
import express, { Router } from 'express';
import { join } from 'node:path';

const CSP =
  "default-src 'self'; img-src 'self' data: blob: https: http:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'self'; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

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
  router.use('/console', express.static(dir, { index: 'index.html', maxAge: '1h' }));
  // Client-side routes of the console all load its one page.
  router.get(/^\/console\/.*/, (_req, res) => res.sendFile(join(dir, 'index.html')));
  return router;
}
