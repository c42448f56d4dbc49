/**
 * The API's one error type. Its wire shape is the reference's WordPress envelope
 * `{code, message, data: {status, ...}}` (docs/contract/compat-notes.md §4.1). Services throw
 * domain errors (server/errors.ts); this is where their kinds become statuses.
 */
import { DomainError, InvalidInput } from '../errors.js';

export interface ErrorData {
  params?: Record<string, string> | string[];
  details?: Record<string, { code: string; message: string; data: null }>;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: ErrorData = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): { code: string; message: string; data: ErrorData & { status: number } } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

export const noRoute = (): ApiError =>
  new ApiError('rest_no_route', 'No route was found matching the URL and request method.', 404);

export const missingParams = (names: string[]): ApiError =>
  new ApiError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  });

/** `rest_invalid_param` naming every bad parameter with a human message (docs/contract/decisions.md 9). */
export function invalidParams(messages: Record<string, string>): ApiError {
  const names = Object.keys(messages);
  const details: NonNullable<ErrorData['details']> = {};
  for (const name of names) {
    details[name] = { code: 'rest_invalid_param', message: messages[name]!, data: null };
  }
  return new ApiError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params: { ...messages },
    details,
  });
}

/** Anonymous requests get 401, signed-in users without the capability 403 (docs/contract/compat-notes.md §5.3). */
export const forbidden = (signedIn: boolean): ApiError =>
  new ApiError('rest_forbidden', 'Sorry, you are not allowed to do that.', signedIn ? 403 : 401);

export const notFound = (code: string, message: string): ApiError =>
  new ApiError(code, message, 404);

export const invalidJson = (detail: string): ApiError =>
  new ApiError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
    json_error_message: detail,
  });

export const payloadTooLarge = (limit: string): ApiError =>
  new ApiError(
    'rest_payload_too_large',
    `The request body is larger than the ${limit} limit.`,
    413,
  );

/** The HTTP status of each kind of use-case error, for the REST API and CalDAV alike. */
export const STATUS_OF_KIND: Record<DomainError['kind'], number> = {
  invalid: 400,
  refused: 400,
  not_found: 404,
  not_accessible: 403,
  gone: 410,
  not_authenticated: 401,
  unavailable: 409,
  too_many: 429,
  too_large: 413,
};

/** The answer to a use case's error. */
export function fromDomainError(error: DomainError): ApiError {
  if (error instanceof InvalidInput) return invalidParams(error.problems);
  return new ApiError(error.code, error.message, STATUS_OF_KIND[error.kind], error.data);
}
