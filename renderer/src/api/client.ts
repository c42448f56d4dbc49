/**
 * The one place the console talks HTTP: same-origin fetch with the session's Bearer token, JSON in
 * and out, and the API's error shape turned into an ApiFailure the forms can show field by field.
 */
import type { ApiErrorWire } from '../../../shared/schemas/wire';
import { t } from '../i18n';

export const EVENTS_NS = '/api/calendar/events/v1';
export const ADMIN_NS = '/api/calendar/admin/v1';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Messages keyed by the parameter that caused them (rest_invalid_param, missing params). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

let token: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setToken(value: string | null): void {
  token = value;
}
export function getToken(): string | null {
  return token;
}
export function whenUnauthorized(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export type Query = Record<
  string,
  string | number | boolean | ReadonlyArray<string | number> | undefined
>;

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  /** Raw body (uploads): sent as is with the given headers. */
  raw?: Blob;
  headers?: Record<string, string>;
  anonymous?: boolean;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** An error answer; a proxy's page in front of the server may lack any of its parts. */
type ErrorBody = Partial<ApiErrorWire>;

function fieldMessages(body: ErrorBody): Record<string, string> {
  const params = body.data?.params;
  if (Array.isArray(params))
    return Object.fromEntries(params.map((name) => [name, t('errors.required')]));
  const out: Record<string, string> = { ...(params ?? {}) };
  const details = body.data?.details;
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    for (const [name, value] of Object.entries(details as Record<string, unknown>)) {
      if (typeof value === 'string') out[name] = value;
      else if (value && typeof value === 'object' && 'message' in value)
        out[name] = String((value as { message: unknown }).message);
    }
  }
  return out;
}

export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.raw) body = options.raw;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiFailure(0, 'network', t('errors.network'));
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page from a proxy, say): the status line is the message.
  }
  if (!response.ok) {
    const error = (json ?? {}) as ErrorBody;
    if (response.status === 401 && !options.anonymous && token) onUnauthorized?.();
    throw new ApiFailure(
      response.status,
      error.code ?? `http_${response.status}`,
      error.message ?? `The server answered ${response.status} ${response.statusText}.`,
      fieldMessages(error),
    );
  }
  return { status: response.status, headers: response.headers, body: json as T };
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).body;
}

/** Saves what a signed-in GET answers as a file (a plain link could not send the token). */
export async function download(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { headers });
  if (!response.ok) {
    throw new ApiFailure(response.status, `http_${response.status}`, t('errors.download'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A random Idempotency-Key. Not crypto.randomUUID(): browsers offer it only in secure contexts,
 * and the console is also opened over plain http on the LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const ev = (path: string) => `${EVENTS_NS}/${path}`;
export const admin = (path: string) => `${ADMIN_NS}/${path}`;

export function messageOf(error: unknown): string {
  if (error instanceof ApiFailure) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
