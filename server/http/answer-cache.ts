/**
 * Read answers (a listing page, a single event) remembered while the data they come from is
 * unchanged, so that a calendar's many identical reads cost one presentation. The data's
 * generation is SQLite's own bookkeeping: `total_changes()` moves with every row this connection
 * writes (triggers included) and `PRAGMA data_version` with every commit of another connection
 * (other server processes, a restore), so nothing remembered outlives a write anywhere. Inputs
 * that are not in the database (the request's parameters, the actor, the links, the resolved date
 * window) are the key. Values are shared between requests: callers never mutate them.
 * ALMANAC_ANSWER_CACHE=off turns it off (the benchmark's scaling run measures the queries).
 */
import type { Db } from '../db/open.js';
import { strongEtag } from './etag.js';
import type { ApiResponse } from './route.js';

export interface AnswerCache {
  get<T>(key: string, make: () => T): T;
}

export function createAnswerCache(db: Db, limit: number): AnswerCache {
  if (process.env.ALMANAC_ANSWER_CACHE === 'off') return { get: (_key, make) => make() };
  const generation = db
    .prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version')
    .raw();
  const current = () => generation.get()!.join(':');
  const entries = new Map<string, unknown>();
  let seen = '';
  return {
    get<T>(key: string, make: () => T): T {
      const now = current();
      if (now !== seen) {
        entries.clear();
        seen = now;
      }
      if (entries.has(key)) return entries.get(key) as T;
      const value = make();
      // An answer whose making wrote something (or raced another process) is not kept.
      if (current() === seen) {
        if (entries.size >= limit) entries.delete(entries.keys().next().value!);
        entries.set(key, value);
      }
      return value;
    },
  };
}

/** A response with its body serialised once (as UTF-8 bytes), to be remembered and sent many times. */
export function serialised(response: ApiResponse): ApiResponse {
  const bytes = Buffer.from(JSON.stringify(response.body), 'utf8');
  const { body: _body, ...rest } = response;
  return { ...rest, body: null, json: { bytes, etag: strongEtag(bytes) } };
}
