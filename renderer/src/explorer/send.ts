import { getToken, withQuery } from '../api/client';
import { buildPath, type Operation } from './operations';
import { toCurl } from './curl';

export interface Draft {
  values: Record<string, string>;
  body: string;
  anonymous: boolean;
}

export interface Sent {
  status: number;
  statusText: string;
  ms: number;
  bytes: number;
  headers: Array<[string, string]>;
  json: unknown;
  text: string;
}

export function prepare(op: Operation, draft: Draft) {
  const query: Record<string, string> = {};
  for (const p of op.params)
    if (p.in === 'query' && draft.values[p.name]) query[p.name] = draft.values[p.name]!;
  const url = withQuery(buildPath(op, draft.values), query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (!draft.anonymous && token) headers.Authorization = `Bearer ${token}`;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && draft.body.trim() !== '';
  if (hasBody) headers['Content-Type'] = 'application/json';
  return { url, headers, body: hasBody ? draft.body : undefined };
}

/** What stands for the session token in a copied command that should not carry it. */
export const TOKEN_PLACEHOLDER = 'Bearer <your-token>';

export function curlOf(op: Operation, draft: Draft, withToken = true): string {
  const { url, headers, body } = prepare(op, draft);
  if (!withToken && headers.Authorization) headers.Authorization = TOKEN_PLACEHOLDER;
  return toCurl(op.method, new URL(url, window.location.origin).toString(), headers, body);
}

/** Whether a copied command would carry the live session token. */
export function carriesToken(op: Operation, draft: Draft): boolean {
  return prepare(op, draft).headers.Authorization !== undefined;
}

export async function send(op: Operation, draft: Draft): Promise<Sent> {
  const { url, headers, body } = prepare(op, draft);
  const started = performance.now();
  const response = await fetch(url, { method: op.method, headers, body });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Shown as text instead.
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    bytes: new TextEncoder().encode(text).length,
    headers: [...response.headers.entries()],
    json,
    text,
  };
}
