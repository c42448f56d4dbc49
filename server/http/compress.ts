/**
 * Compresses answers a client accepts compressed (docs/operations.md, Compression): brotli when
 * offered, else gzip. The levels are the fast ones, because answers are compressed on every
 * request: brotli quality 4 and gzip level 6 shrink JSON nearly as much as the slow levels at a
 * small fraction of the time (the benchmark holds compressed answers to 80% of the uncompressed
 * throughput). Bodies under 1 KB gain less than their headers cost, and types that are already
 * compressed (images, archives) are left as they are. The console's built files are compressed
 * once, at build time, and sent as they are (server/console.ts): they arrive here already encoded.
 */
import compression from 'compression';
import type { Request, Response } from 'express';
import { constants } from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;

/**
 * Event streams are never compressed: a compressor holds bytes back until it has enough, and a
 * live change must reach the client as soon as it is written.
 */
function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

export function compress() {
  return compression({
    threshold: COMPRESS_THRESHOLD,
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: compressible,
  });
}
