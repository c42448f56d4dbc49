/**
 * Compresses answers a client accepts compressed (docs/operations.md, Compression): brotli when
 * offered, else gzip. The levels are fast ones, because answers are compressed on every request:
 * brotli quality 3 and gzip level 6. On a listing page (37 KB of JSON) brotli quality 3 costs
 * about half the CPU of quality 4 (0.16 against 0.29 ms) for 5% more bytes (5.9 against 5.6 KB),
 * and the benchmark holds compressed answers to 80% of the uncompressed throughput. Bodies under
 * 1 KB gain less than their headers cost, and types that are already compressed (images,
 * archives) are left as they are. The console's built files are compressed once, at build time,
 * and sent as they are (server/console.ts): they arrive here already encoded.
 *
 * The work is paid only where it buys something. REST answers are compressed whole, in one call,
 * when they are sent (`encodeWhole`, from http/send.ts), and a remembered answer keeps its
 * compressed bytes. For other answers the middleware: a request without Accept-Encoding leaves
 * the response as Node made it (only Vary is added when its headers go out); an answer sent whole
 * (res.send) is compressed in one call on its bytes; only an answer written in pieces (files,
 * exports) goes through the streaming compressor.
 */
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import onHeaders from 'on-headers';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  deflate,
  deflateSync,
  gzip,
  gzipSync,
  type InputType,
} from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;
const GZIP_LEVEL = 6;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };
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

const syncEncoders: Record<string, (body: InputType) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipSync(body, { level: GZIP_LEVEL }),
  deflate: (body) => deflateSync(body, { level: GZIP_LEVEL }),
};

/**
 * Bodies up to this size are compressed on the server's thread, in one call. zlib's asynchronous
 * form goes through a stream on the thread pool, which cost a listing page (37 KB) 2.6 times the
 * CPU of the synchronous call (0.51 ms against 0.19 ms, brotli quality 4 against 3 in the same
 * run; quality 3 asynchronously cost 0.70 ms), for 0.2 ms of the thread's time. Larger bodies
 * are compressed off the thread, so one large answer does not hold every other request.
 */
const SYNC_LIMIT = 256 * 1024;

/** The body compressed with `method`: at once when small, else later; null when it failed. */
function encode(method: string, body: Buffer): Buffer | null | Promise<Buffer | null> {
  if (body.length <= SYNC_LIMIT) {
    try {
      return syncEncoders[method]!(body);
    } catch {
      return null;
    }
  }
  return new Promise((resolve) =>
    encoders[method]!(body, (error, compressed) => resolve(error ? null : compressed)),
  );
}

/** The encoding to send this answer in, or null to send it as it is. Vary is set here too. */
function chosenEncoding(req: Request, res: Response, body: Buffer): string | null {
  if (!variant(req, res)) return null;
  res.vary('Accept-Encoding');
  if (body.length < COMPRESS_THRESHOLD || req.method === 'HEAD') return null;
  if (!req.headers['accept-encoding']) return null;
  if ((res.getHeader('Content-Encoding') ?? 'identity') !== 'identity') return null;
  const method = new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED });
  return method && method !== 'identity' ? method : null;
}

/**
 * The bytes to send as a whole answer whose headers (Content-Type included) are set: compressed
 * when the client accepts an encoding and the body is large enough, with Content-Encoding and
 * Vary set; the bytes as they are otherwise. A compression that fails sends them as they are.
 * `kept` holds compressed forms per encoding, for bodies sent many times (remembered answers).
 */
export function encodeWhole(
  req: Request,
  res: Response,
  body: Buffer,
  kept?: Map<string, Buffer>,
): Buffer | Promise<Buffer> {
  const method = chosenEncoding(req, res, body);
  if (!method) return body;
  const encoded = (compressed: Buffer) => {
    res.setHeader('Content-Encoding', method);
    return compressed;
  };
  const known = kept?.get(method);
  if (known) return encoded(known);
  const done = (compressed: Buffer | null) => {
    if (!compressed) return body;
    kept?.set(method, compressed);
    return encoded(compressed);
  };
  const compressed = encode(method, body);
  return compressed instanceof Promise ? compressed.then(done) : done(compressed);
}

/**
 * Compression for an answer that is not sent through `encodeWhole` (files, downloads written in
 * pieces, errors): what the middleware does, attached to this response only.
 */
export function attachCompression(req: Request, res: Response): void {
  compressing(req, res, () => undefined);
}

/** The middleware: every answer that is not a REST API answer (those compress in http/send.ts). */
export function compress() {
  return compressing;
}

function compressing(req: Request, res: Response, next: NextFunction): void {
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
    const send = (compressed: Buffer | null) => {
      if (!compressed) {
        res.end(body, done);
        return;
      }
      res.setHeader('Content-Encoding', method);
      res.setHeader('Content-Length', compressed.length);
      res.end(compressed, done);
    };
    const compressed = encode(method, body);
    if (compressed instanceof Promise) void compressed.then(send);
    else send(compressed);
    return res;
  } as Response['end'];
  next();
}
