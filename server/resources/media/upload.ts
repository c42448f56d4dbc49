/**
 * The raw body of a media upload (like WordPress's media endpoint: the file itself is the body,
 * its type in Content-Type and its name in Content-Disposition). The REST pipeline merges bodies
 * into parameters, so the bytes travel under one reserved parameter name instead.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Upload } from './service.js';

/** The parameter name the upload travels under; only a Buffer there counts as an upload. */
export const UPLOAD_PARAM = '__almanac_upload';

/** The file name of `Content-Disposition: attachment; filename="x.png"` (or `filename*=UTF-8''x`). */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const name = (plain[2] ?? plain[1]!).trim();
  // Only the last path segment: a name is never a path.
  return name.split(/[\\/]/).pop() || undefined;
}

/** Wraps a raw Buffer body so it reaches the handler as one parameter. */
export function uploadBody(req: Request, _res: Response, next: NextFunction): void {
  if (Buffer.isBuffer(req.body)) {
    const upload: Upload = {
      data: req.body,
      contentType: req.get('content-type') ?? '',
      filename: dispositionFileName(req.get('content-disposition')),
    };
    req.body = { [UPLOAD_PARAM]: upload };
  }
  next();
}

export function uploadOf(raw: Readonly<Record<string, unknown>>): Upload | undefined {
  const value = raw[UPLOAD_PARAM];
  if (value === null || typeof value !== 'object') return undefined;
  const upload = value as Partial<Upload>;
  return Buffer.isBuffer(upload.data) ? (upload as Upload) : undefined;
}
