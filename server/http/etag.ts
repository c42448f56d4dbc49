/**
 * Entity tags of JSON answers (docs/contract/extensions.md E3). Express computes the ETag of every
 * answer it serialises with the `etag` package's strong algorithm (`app.set('etag', 'strong')`);
 * answers serialised ahead (remembered answers) and the precondition checks of writes compute the
 * same tag here, so a tag a client got from a GET matches what an `If-Match` is compared with.
 */
import { createHash } from 'node:crypto';
import type { ApiResponse } from './route.js';

/** The `etag` package's strong tag of a body: its length and a SHA-1 digest. */
export function strongEtag(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length === 0) return '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  const hash = createHash('sha1').update(bytes).digest('base64').substring(0, 27);
  return `"${bytes.length.toString(16)}-${hash}"`;
}

/** The tag a GET answering `result` carries (what Express sends for its JSON body). */
export function etagOf(result: ApiResponse): string {
  if (result.json) return result.json.etag;
  return strongEtag(JSON.stringify(result.body) ?? '');
}

/**
 * Whether an `If-Match` header lets a write go ahead against the current tag (RFC 9110 13.1.1):
 * `*` matches any current representation; otherwise one of the listed tags must be equal under
 * the strong comparison, so a weak tag (`W/"…"`) never matches.
 */
export function ifMatchAllows(header: string, current: string | undefined): boolean {
  const value = header.trim();
  if (value === '*') return current !== undefined;
  if (current === undefined) return false;
  return listedTags(value).some((tag) => !tag.startsWith('W/') && tag === current);
}

function listedTags(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/**
 * Whether an `If-None-Match` header names the current tag (weak comparison, RFC 9110 13.1.2),
 * so a GET answers 304. Unlike Express's freshness check, a request's `Cache-Control: no-cache`
 * does not prevent it: that asks caches to revalidate, which is exactly what this request does
 * (browsers' fetch adds it to every request that sets If-None-Match itself).
 */
export function ifNoneMatchHits(header: string, current: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  return listedTags(header).some((tag) => opaque(tag) === opaque(current));
}
