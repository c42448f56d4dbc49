/**
 * The export document a `POST /import` sends travels as bytes to the import worker, which parses
 * and checks it (import-jobs.ts): parsing 200 MB of JSON takes seconds, and handing the parsed
 * objects to a worker (a structured clone) twice as long, all of it on the server's thread.
 * The route's arguments keep describing the document (the OpenAPI document shows them); the
 * request carries the envelope's fixed values and the bytes under a parameter of its own.
 */
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportDocument,
  importArgs,
} from '../../../shared/schemas/transfer.js';
import { invalidJson } from '../../http/errors.js';
import { parseArgs } from '../../http/validate.js';
import type { ImportInput } from './import.js';

const DOCUMENT_PARAM = '__almanac_document';

/** After `express.raw` on the import route: the bytes, with the envelope the arguments expect. */
export function documentBody(req: Request, _res: Response, next: NextFunction): void {
  if (Buffer.isBuffer(req.body)) {
    req.body = { format: EXPORT_FORMAT, version: EXPORT_VERSION, [DOCUMENT_PARAM]: req.body };
  }
  next();
}

export function documentBytes(raw: Readonly<Record<string, unknown>>): Uint8Array | undefined {
  const value = raw[DOCUMENT_PARAM];
  return value instanceof Uint8Array ? value : undefined;
}

const documentArgs = exportDocument.extend(importArgs);

/**
 * The document checked as the route's arguments would check it (the same errors), `dry_run`
 * taken from the query when it was given there.
 */
export function readDocument(
  bytes: Uint8Array,
  dryRun: unknown,
): { doc: ImportInput; dryRun: boolean } {
  let body: unknown;
  try {
    body = JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    );
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : String(error));
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidJson('The document must be a JSON object.');
  }
  const raw: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (dryRun !== undefined) raw.dry_run = dryRun;
  const {
    dry_run: parsedDryRun,
    format: _f,
    version: _v,
    ...doc
  }: z.output<typeof documentArgs> = parseArgs(documentArgs, raw);
  return { doc, dryRun: parsedDryRun };
}
