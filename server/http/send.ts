/**
 * Sends what a REST endpoint answered. A JSON answer is serialised once, tagged, answered 304 when
 * the client already has it, and otherwise written in one call, compressed first when the client
 * accepts it and it is large enough (compress.ts). Files, chunked downloads and event streams go
 * through the streaming compressor instead.
 */
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { openRegularFile } from '../files.js';
import { ApiError } from './errors.js';
import type { ApiResponse } from './route.js';
import { envelope, filterBody, type FieldTree } from './wp-response.js';
import { openStream, writeChunks } from './stream.js';
import { ifNoneMatchHits, strongEtag } from './etag.js';
import { attachCompression, encodeWhole } from './compress.js';

/** What the request asked of the response itself: WordPress's `_fields` and `_envelope`. */
export interface Shaping {
  fields: FieldTree | undefined;
  envelope: boolean;
}

export const READS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** What Express's `res.type('json')` sets. */
const JSON_TYPE = 'application/json; charset=utf-8';

export async function send(
  req: Request,
  res: Response,
  result: ApiResponse,
  shaping: Shaping,
): Promise<void> {
  let status = result.status ?? 200;
  const raw = result.stream ?? result.chunks ?? result.file;
  if (raw !== undefined) {
    attachCompression(req, res);
    if (result.headers) res.set(result.headers);
    res.status(status);
    if (result.stream) openStream(req, res, result.stream);
    else if (result.chunks) await writeChunks(res, result.chunks);
    else await sendFile(res, result.file!);
    return;
  }
  let bytes: Buffer;
  let tag: string;
  let kept: Map<string, Buffer> | undefined;
  if (shaping.fields || shaping.envelope) {
    let body = result.json
      ? (JSON.parse(result.json.bytes.toString('utf8')) as unknown)
      : result.body;
    if (shaping.fields) body = filterBody(body, shaping.fields);
    if (shaping.envelope) {
      const allow = res.get('Allow');
      body = envelope(body, status, { ...result.headers, ...(allow ? { Allow: allow } : {}) });
      status = 200;
    } else if (result.headers) res.set(result.headers);
    bytes = Buffer.from(JSON.stringify(body) ?? '', 'utf8');
    tag = strongEtag(bytes);
  } else {
    if (result.headers) res.set(result.headers);
    // Serialised once here: the tag is computed from the same bytes that are sent.
    bytes = result.json?.bytes ?? Buffer.from(JSON.stringify(result.body) ?? '', 'utf8');
    tag = result.json?.etag ?? strongEtag(bytes);
    kept = result.json ? (result.json.encoded ??= new Map()) : undefined;
  }
  res.statusCode = status;
  res.setHeader('ETag', tag);
  const condition = req.headers['if-none-match'];
  if (READS.has(req.method) && status < 300 && condition && ifNoneMatchHits(condition, tag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  await sendJson(req, res, bytes, kept);
}

/**
 * Writes JSON bytes as the whole answer, with the status and headers already set: compressed
 * when the client accepts it (the compressed bytes kept in `kept`, per encoding, when given).
 */
export async function sendJson(
  req: Request,
  res: Response,
  bytes: Buffer,
  kept?: Map<string, Buffer>,
): Promise<void> {
  res.setHeader('Content-Type', JSON_TYPE);
  const encoded = encodeWhole(req, res, bytes, kept);
  const body = encoded instanceof Promise ? await encoded : encoded;
  if (res.destroyed) return;
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Sends a file the handler named: only a regular file, never through a link (server/files.ts).
 * A client that goes away mid-download is not an error; a file gone before sending is a 404.
 */
function sendFile(res: Response, path: string): Promise<void> {
  const file = openRegularFile(path);
  if (!file) throw new ApiError('almanac_file_not_found', 'The file is no longer there.', 404);
  res.set('Content-Length', String(file.stat.size));
  res.set('Last-Modified', file.stat.mtime.toUTCString());
  return pipeline(file.stream(), res).catch(() => {
    // The client went away or the read failed after the headers: the download is cut short.
    res.destroy();
  });
}
