/**
 * Reading another site's API for the remote import. This makes the server fetch a URL an
 * administrator gave, so every fetch is bounded: http and https only, no credentials in the URL,
 * the credentials sent to that origin only (redirects are refused rather than followed), a time
 * limit per request and for the whole import, a size limit per answer and a page limit overall.
 */
import { Refused } from '../../errors.js';

export interface RemoteLimits {
  requestMs: number;
  totalMs: number;
  maxBytes: number;
  maxPages: number;
  perPage: number;
}

export const DEFAULT_REMOTE_LIMITS: RemoteLimits = {
  requestMs: 20_000,
  totalMs: 10 * 60_000,
  maxBytes: 10 * 1024 * 1024,
  maxPages: 2_000,
  perPage: 50,
};

export const remoteFailed = (url: string, reason: string): Refused =>
  new Refused('almanac_remote_failed', `The site could not be read: ${reason}`, {
    url: withoutCredentials(url).slice(0, 300),
  });

/** An address as it may be shown: never with a password someone put in it. */
function withoutCredentials(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return '';
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** The reference API's root on the site `url` names, or why `url` cannot be one. */
export function apiRoot(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw remoteFailed(url, 'the address must start with http:// or https://.');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw remoteFailed(url, 'give the user name and password apart, not in the address.');
  }
  parsed.search = '';
  parsed.hash = '';
  const base = parsed.href.replace(/\/+$/, '').replace(/\/wp-json(\/tribe\/events\/v1)?$/, '');
  return `${base}/wp-json/tribe/events/v1/`;
}

export interface Page {
  items: unknown[];
  totalPages: number;
}

export function createRemoteReader(
  root: string,
  authorization: string | undefined,
  limits: RemoteLimits,
) {
  const deadline = Date.now() + limits.totalMs;
  let pages = 0;

  async function text(url: string): Promise<string> {
    if (++pages > limits.maxPages) {
      throw remoteFailed(root, `more than ${limits.maxPages} pages; import a smaller site.`);
    }
    const left = deadline - Date.now();
    if (left <= 0) throw remoteFailed(root, 'the import took too long.');
    let res: Response;
    try {
      res = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.min(limits.requestMs, left)),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw remoteFailed(
        root,
        `${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (cause?.code ?? cause?.message ?? (error as Error).message)} (${url}).`,
      );
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      throw remoteFailed(
        root,
        `it redirects to ${res.headers.get('location') ?? 'another address'}: give that address instead.`,
      );
    }
    const body = await capped(res, limits.maxBytes, root);
    if (res.status === 401 || res.status === 403) {
      throw remoteFailed(root, `the site refused the credentials (HTTP ${res.status}).`);
    }
    if (!res.ok) throw remoteFailed(root, `HTTP ${res.status} for ${url}.`);
    return body;
  }

  /** One page of a collection (`events`, `venues`, ...). */
  async function page(
    collection: string,
    number: number,
    query: Record<string, string>,
  ): Promise<Page> {
    const url = new URL(collection, root);
    for (const [key, value] of Object.entries({
      ...query,
      per_page: String(limits.perPage),
      page: String(number),
    })) {
      url.searchParams.set(key, value);
    }
    const raw = await text(url.href);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw remoteFailed(
        root,
        `${url.href} did not answer JSON: is this a site with The Events Calendar?`,
      );
    }
    const items = (body as Record<string, unknown> | null)?.[collection];
    if (!Array.isArray(items)) {
      throw remoteFailed(root, `${url.href} did not answer a list of ${collection}.`);
    }
    // A page holds what was asked for at most: a source answering more is not the reference API
    // (and a page of a million items would make this server hold them all at once).
    if (items.length > limits.perPage) {
      throw remoteFailed(
        root,
        `${url.href} answered ${items.length} ${collection} for a page of at most ${limits.perPage}: this is not how the reference API pages.`,
      );
    }
    // A page holds what was asked for at most: a source answering more is not the reference API
    // (and a page of a million items would make this server hold them all at once).
    if (items.length > limits.perPage) {
      throw remoteFailed(
        root,
        `${url.href} answered ${items.length} ${collection} for a page of at most ${limits.perPage}: this is not how the reference API pages.`,
      );
    }
    const total = Number((body as Record<string, unknown>).total_pages ?? 1);
    return { items, totalPages: Number.isSafeInteger(total) && total > 0 ? total : 1 };
  }

  return {
    /** Every item of a collection, page after page. */
    async all(collection: string, query: Record<string, string> = {}): Promise<unknown[]> {
      const items: unknown[] = [];
      for (let number = 1; ; number++) {
        let result: Page;
        try {
          result = await page(collection, number, query);
        } catch (error) {
          // The reference answers a page past the end with a 404 (or a 400 for a term archive).
          if (number > 1 && error instanceof Refused && /HTTP (400|404)/.test(error.message)) break;
          throw error;
        }
        for (const item of result.items) items.push(item);
        if (result.items.length === 0 || number >= result.totalPages) break;
      }
      return items;
    },
    pagesRead: () => pages,
  };
}

async function capped(res: Response, maxBytes: number, root: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw remoteFailed(root, `an answer is larger than ${Math.round(maxBytes / 1048576)} MB.`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw remoteFailed(root, `an answer is larger than ${Math.round(maxBytes / 1048576)} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
