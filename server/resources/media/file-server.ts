/**
 * Serves uploaded files at `/media/<file>`, read-only, never as HTML: only a file a media item
 * names, only a regular file directly in the media folder, never through a link
 * (server/files.ts). Anything else falls through to the next handler (a 404).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { openRegularFile } from '../../files.js';
import { ifNoneMatchHits } from '../../http/etag.js';
import type { Services } from '../../services.js';
import { mimeForExtension } from './image-info.js';

/** Uploads are only ever these types (image-info.ts); anything else is sent as bytes. */
const SERVED_TYPES = new Set(['png', 'jpg', 'gif', 'webp'].map(mimeForExtension));

function fileName(req: Request): string | undefined {
  try {
    return decodeURIComponent(req.path.slice(1));
  } catch {
    return undefined;
  }
}

export function mediaFiles(services: Services): Router {
  const router = Router();
  router.use('/media', async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = fileName(req);
    const row = name === undefined ? undefined : await services.media.findFile(name);
    const file = row && openRegularFile(services.media.filePath(row.file)!);
    if (!row || !file) return next();
    // The form Express's static files had: clients that kept one still revalidate with it.
    const etag = `W/"${file.stat.size.toString(16)}-${file.stat.mtime.getTime().toString(16)}"`;
    res.set({
      'Content-Type': SERVED_TYPES.has(row.mime_type) ? row.mime_type : 'application/octet-stream',
      'Cache-Control': 'public, max-age=86400',
      ETag: etag,
      'Last-Modified': file.stat.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    });
    const condition = req.get('if-none-match');
    if (req.method === 'HEAD' || (condition !== undefined && ifNoneMatchHits(condition, etag))) {
      file.close();
      res.status(req.method === 'HEAD' ? 200 : 304);
      if (req.method === 'HEAD') res.set('Content-Length', String(file.stat.size));
      res.end();
      return;
    }
    res.set('Content-Length', String(file.stat.size));
    const body = file.stream();
    body.on('error', (error) => res.destroy(error));
    body.pipe(res);
  });
  return router;
}
