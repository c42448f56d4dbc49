/** Serves uploaded files at `/media/<file>`, read-only, never as HTML. */
import express, { Router } from 'express';
import type { Services } from '../../services.js';

export function mediaFiles(services: Services): Router {
  const router = Router();
  let served: { dir: string; handler: ReturnType<typeof express.static> } | undefined;
  router.use('/media', (req, res, next) => {
    const dir = services.media.directory();
    if (served?.dir !== dir) {
      served = {
        dir,
        handler: express.static(dir, {
          dotfiles: 'deny',
          index: false,
          redirect: false,
          fallthrough: true,
          maxAge: '1d',
          setHeaders: (response) => {
            response.set('X-Content-Type-Options', 'nosniff');
            response.set('Content-Security-Policy', "default-src 'none'");
          },
        }),
      };
    }
    served.handler(req, res, next);
  });
  return router;
}
