/**
 * Compresses answers a client accepts compressed (docs/operations.md, Compression): brotli when
 * offered, else gzip. The levels are the fast ones, because answers are compressed on every
 * request: brotli quality 4 and gzip level 6 shrink JSON nearly as much as the slow levels at a
 * small fraction of the time (the benchmark holds compressed answers to 80% of the uncompressed
 * throughput). Bodies under 1 KB gain less than their headers cost, and types that are already
 * compressed (images, archives) are left as they are. The console's built files are compressed
 * once, at build time, and sent as they are (server/console.ts): they arrive here already encoded.
 *
 * The work is paid only where it buys something. A request without Accept-Encoding leaves the
 * response as Node made it (only Vary is added when its headers go out): wrapping every answer in
 * a compression stream cost 15% of a listing's time even when nothing was compressed. An answer
 * sent whole (res.json, res.send: every API answer) is compressed in one call on its bytes; only
 * an answer written in pieces (files, exports) goes through the streaming compressor.
 */
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import onHeaders from 'on-headers';
import { brotliCompress, constants, deflate, gzip, type InputType } from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;
const GZIP_LEVEL = 6;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

/**
 * Event streams are never compressed: a compressor holds bytes back until it has enough, and a
 * live change must reach the client as soon as it is written.
 */
function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** Whether a compressed form of this answer would be a variant (then caches must know). */
function variant(req: Request, res: Response): boolean {
  const control = String(res.getHeader('Cache-Control') ?? '');
  return compressible(req, res) && !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(control);
}

/** One listener for every response, so no closure is made per request. */
function addVary(this: ServerResponse): void {
  const res = this as Response;
  if (variant(res.req, res)) res.vary('Accept-Encoding');
}

/** The streaming compressor, for answers written in pieces. */
const streaming = compression({
  threshold: COMPRESS_THRESHOLD,
  level: GZIP_LEVEL,
  brotli: BROTLI_OPTIONS,
  filter: compressible,
});

type Callback = () => void;
type Encoder = (body: InputType, done: (error: Error | null, result: Buffer) => void) => void;

const encoders: Record<string, Encoder> = {
  br: (body, done) => brotliCompress(body, BROTLI_OPTIONS, done),
  gzip: (body, done) => gzip(body, { level: GZIP_LEVEL }, done),
  deflate: (body, done) => deflate(body, { level: GZIP_LEVEL }, done),
};

/** The encoding to send this answer in, or null to send it as it is. Vary is set here too. */
function chosenEncoding(req: Request, res: Response, body: Buffer): string | null {
  if (!variant(req, res)) return null;
  res.vary('Accept-Encoding');
  if (body.length < COMPRESS_THRESHOLD || req.method === 'HEAD') return null;
  if ((res.getHeader('Content-Encoding') ?? 'identity') !== 'identity') return null;
  const method = new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED });
  return method && method !== 'identity' ? method : null;
}

export function compress() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.headers['accept-encoding']) {
      onHeaders(res, addVary);
      return next();
    }
    const end = res.end;
    const write = res.write;
    // An answer written in pieces is handed to the streaming compressor, which takes over from
    // its first piece (its own decisions are the same as chosenEncoding's).
    res.write = function (this: Response, ...args: Parameters<Response['write']>) {
      res.write = write;
      res.end = end;
      streaming(req, res, () => undefined);
      return res.write(...args);
    } as Response['write'];
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      res.write = write;
      res.end = end;
      const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as
        Callback | undefined;
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : null;
      const method = body && !res.headersSent ? chosenEncoding(req, res, body) : null;
      if (!body || !method) {
        if (!res.headersSent && !body) addVary.call(res);
        return end.call(res, chunk as string, encoding as BufferEncoding, callback as Callback);
      }
      encoders[method]!(body, (error, compressed) => {
        if (error) {
          res.end(body, done);
          return;
        }
        res.setHeader('Content-Encoding', method);
        res.setHeader('Content-Length', compressed.length);
        res.end(compressed, done);
      });
      return res;
    } as Response['end'];
    next();
  };
}
