/**
 * Read answers (a listing page, a single event) remembered while the data they come from is
 * unchanged, so that a calendar's many identical reads cost one presentation. The routes own
 * them: a service computes data, the route decides what to remember and sends it with its ETag.
 * The content version (server/db/content-version.ts) moves with every write of anything an
 * answer shows, in this process or another, so nothing remembered outlives such a write. Inputs that are not in the database
 * (the request's parameters, the actor, the links, the resolved date window) are the key. Values
 * are shared between requests: callers never mutate them.
 * ALMANAC_ANSWER_CACHE=off turns it off (the benchmark's scaling run measures the queries).
 */
import type { Services } from '../services.js';
import { createHash } from 'node:crypto';
import { strongEtag } from './etag.js';
import type { ApiResponse } from './route.js';

export interface AnswerCache {
  /**
   * What `make` answers (once it resolves) is remembered; a rejection is not. `make` is given
   * the version read as the request began (`version()`), so that it is read once before.
   */
  get<T>(key: string, make: (version: string | undefined) => Promise<T>): Promise<T>;
  /**
   * The content version answers are made at now, or undefined while answers must not be
   * remembered (a scheduled event is due: answers then depend on the clock). Known even when
   * remembering is turned off.
   */
  version(): Promise<string | undefined>;
}

/** `version()` is undefined while answers must not be remembered (a scheduled event is due). */
export function createAnswerCache(
  version: () => Promise<string | undefined>,
  limit: number,
): AnswerCache {
  if (process.env.ALMANAC_ANSWER_CACHE === 'off') {
    return { get: async (_key, make) => make(await version()), version };
  }
  const entries = new Map<string, unknown>();
  let seen = '';
  return {
    version,
    async get<T>(key: string, make: (version: string | undefined) => Promise<T>): Promise<T> {
      const now = await version();
      if (now === undefined) return make(now);
      if (now !== seen) {
        entries.clear();
        seen = now;
      }
      if (entries.has(key)) return entries.get(key) as T;
      const value = await make(now);
      // An answer whose making wrote something (or raced another process, or saw the data
      // change while it waited) is not kept.
      if ((await version()) === now && seen === now) {
        if (entries.size >= limit) entries.delete(entries.keys().next().value!);
        entries.set(key, value);
      }
      return value;
    },
  };
}

/** One cache of at most `limit` answers per running server (per set of services). */
export function answerCaches(limit: number): (services: Services) => AnswerCache {
  const caches = new WeakMap<Services, AnswerCache>();
  return (services) => {
    let cache = caches.get(services);
    if (!cache) {
      // While a scheduled event is due, answers depend on the clock (events/scheduled.ts).
      cache = createAnswerCache(
        async () =>
          services.events.dueBy() === undefined ? services.storage.contentVersion() : undefined,
        limit,
      );
      caches.set(services, cache);
    }
    return cache;
  };
}

/**
 * The strong tag of an answer made only of the content at `version` and of `key` (everything
 * else the body depends on: the route's parsed parameters, the asker, the links' origin, root
 * and namespace, the resolved date window): the key of a remembered answer, which by that
 * cache's rule makes the same bytes while the version stays. So the tag changes whenever the
 * bytes can, is the same for the same bytes, and costs a hash of the key instead of the body.
 * Its form (`"content-…"`) cannot be taken for a body's tag (`"<hex length>-…"`).
 */
export function contentEtag(route: string, key: string, version: string): string {
  const hash = createHash('sha1')
    .update(`${version}\n${route}\n${key}`)
    .digest('base64url')
    .substring(0, 27);
  return `"content-${hash}"`;
}

/**
 * A JSON answer made by `make` from the content and `key` alone, tagged by them (`contentEtag`)
 * and remembered while the content is unchanged. While answers depend on the clock (no version),
 * the tag is the body's own.
 */
export function contentAnswer(
  cache: AnswerCache,
  route: string,
  key: string,
  make: () => Promise<{ text: string; headers?: Record<string, string> }>,
): Promise<ApiResponse> {
  return cache.get(key, async (version) => {
    const { text, headers } = await make();
    const bytes = Buffer.from(text, 'utf8');
    // The version is read again: an answer made across a change is tagged by its bytes.
    const etag =
      version !== undefined && (await cache.version()) === version
        ? contentEtag(route, key, version)
        : strongEtag(bytes);
    return { body: null, ...(headers ? { headers } : {}), json: { bytes, etag } };
  });
}

/** A response whose body is JSON text already made, with its ETag, to be remembered and sent many times. */
export function serialisedText(
  text: string,
  response: Omit<ApiResponse, 'body'> = {},
): ApiResponse {
  const bytes = Buffer.from(text, 'utf8');
  return { ...response, body: null, json: { bytes, etag: strongEtag(bytes) } };
}

/**
 * What `JSON.stringify` makes of `{[key]: items, ...rest}` when each item is already JSON text
 * (events/presented.ts): the same text, without serialising the items again.
 */
export function listText(key: string, items: readonly string[], rest: object): string {
  const tail = JSON.stringify(rest);
  return `{${JSON.stringify(key)}:[${items.join(',')}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}
