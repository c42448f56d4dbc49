/**
 * Read answers (a listing page, a single event) remembered while the data they come from is
 * unchanged, so that a calendar's many identical reads cost one presentation. The routes own
 * them: a service computes data, the route decides what to remember and sends it with its ETag.
 * The data's version (server/db/data-version.ts) moves with every write, in this process or
 * another, so nothing remembered outlives a write anywhere. Inputs that are not in the database
 * (the request's parameters, the actor, the links, the resolved date window) are the key. Values
 * are shared between requests: callers never mutate them.
 * ALMANAC_ANSWER_CACHE=off turns it off (the benchmark's scaling run measures the queries).
 */
import type { Services } from '../services.js';
import { strongEtag } from './etag.js';
import type { ApiResponse } from './route.js';

export interface AnswerCache {
  get<T>(key: string, make: () => T): T;
}

export function createAnswerCache(version: () => string, limit: number): AnswerCache {
  if (process.env.ALMANAC_ANSWER_CACHE === 'off') return { get: (_key, make) => make() };
  const entries = new Map<string, unknown>();
  let seen = '';
  return {
    get<T>(key: string, make: () => T): T {
      const now = version();
      if (now !== seen) {
        entries.clear();
        seen = now;
      }
      if (entries.has(key)) return entries.get(key) as T;
      const value = make();
      // An answer whose making wrote something (or raced another process) is not kept.
      if (version() === seen) {
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
      cache = createAnswerCache(services.dataVersion, limit);
      caches.set(services, cache);
    }
    return cache;
  };
}

/** A response with its body serialised once (as UTF-8 bytes), to be remembered and sent many times. */
export function serialised(response: ApiResponse): ApiResponse {
  const bytes = Buffer.from(JSON.stringify(response.body), 'utf8');
  const { body: _body, ...rest } = response;
  return { ...rest, body: null, json: { bytes, etag: strongEtag(bytes) } };
}
