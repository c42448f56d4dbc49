/**
 * The one place errors become responses. API errors keep their code and status, use cases'
 * domain errors get the status of their kind (errors.ts), body-parser failures become the
 * reference's codes; anything else is a bug, logged with its cause and answered with a generic
 * 500 that reveals nothing.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../errors.js';
import { ApiError, fromDomainError, invalidJson, payloadTooLarge } from './errors.js';
import { locateRestPath } from './dispatch.js';
import { envelope, wantsEnvelope } from './wp-response.js';
import type { Query } from './wp-request.js';

interface ParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  limit?: number;
  message?: string;
}

export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  const e = (error ?? {}) as ParserError;
  if (e.type === 'entity.parse.failed') return invalidJson(e.message ?? 'Syntax error');
  if (e.type === 'entity.too.large')
    return payloadTooLarge(`${Math.round((e.limit ?? 0) / 1024)} KB`);
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('rest_unsupported_encoding', e.message ?? 'Unsupported encoding.', 415);
  }
  if (e.type === 'request.aborted')
    return new ApiError('rest_request_aborted', 'The request was aborted.', 400);
  if (e.type === 'parameters.too.many')
    return new ApiError('rest_too_many_params', 'Too many parameters.', 413);
  if (e.type === 'querystring.parse.rangeError')
    return new ApiError('rest_invalid_body', 'The form body is nested too deeply.', 400);
  if (e instanceof URIError) return new ApiError('rest_invalid_url', 'The URL is not valid.', 400);
  // Any other client error a body parser reports (http-errors marks them `expose`) is still the
  // client's fault: answer it as such rather than as a server bug.
  if (e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return new ApiError('rest_bad_request', e.message ?? 'The request is not valid.', e.status);
  return undefined;
}

export function errorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    let api = toApiError(error);
    if (!api) {
      log.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
      api = new ApiError('rest_internal_error', 'The server could not complete the request.', 500);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    const query = req.query as Query;
    if (locateRestPath(req, query) && wantsEnvelope(query)) {
      // WordPress envelopes errors too: the client reads the status from the body.
      const allow = res.get('Allow');
      res.status(200).json(envelope(api.toJSON(), api.status, allow ? { Allow: allow } : {}));
      return;
    }
    res.status(api.status).json(api.toJSON());
  };
}
