/**
 * Sync tokens and page tokens. A sync token names a point of the change log: the history's epoch
 * (a restore starts a new one) and a change number, `3fa09c1e-1234`. A page token carries where
 * a sync stopped inside one pass: the pass's upper bound (the feed's position when its first
 * page was read) and the cursor reached. Neither grants anything: every page is filtered by
 * what the caller may read when it is read, so a forged token shows nothing more.
 */
import { z } from 'zod';
import { SYNC_KINDS } from '../../storage/changes.js';

export interface SyncPoint {
  epoch: string;
  seq: number;
}

const SYNC_TOKEN = /^([0-9a-f]{8})-(\d{1,15})$/;

export const syncToken = (point: SyncPoint): string => `${point.epoch}-${point.seq}`;

export function parseSyncToken(token: string): SyncPoint | undefined {
  const match = SYNC_TOKEN.exec(token);
  return match ? { epoch: match[1]!, seq: Number(match[2]) } : undefined;
}

export const isSyncToken = (token: string): boolean => SYNC_TOKEN.test(token);

/**
 * A pass is either a full read (every readable object, kind after kind, by id) or the changes
 * after a token; both end at `upTo`, the next sync token.
 */
const pageState = z.union([
  z.object({
    mode: z.literal('full'),
    epoch: z.string(),
    upTo: z.number().int().nonnegative(),
    kind: z.number().int().min(0).max(SYNC_KINDS.length),
    after: z.number().int().nonnegative(),
  }),
  z.object({
    mode: z.literal('changes'),
    epoch: z.string(),
    upTo: z.number().int().nonnegative(),
    // The engine's cursor in the pass (storage/changes.ts): a number on SQLite, `xid:seq` text on
    // PostgreSQL; the feed checks it is one of its own.
    after: z.union([z.number().int().nonnegative(), z.string().max(50)]),
  }),
]);

export type PageState = z.infer<typeof pageState>;

export const pageToken = (state: PageState): string =>
  Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');

export function parsePageToken(token: string): PageState | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(token)) return undefined;
  try {
    const parsed = pageState.safeParse(JSON.parse(Buffer.from(token, 'base64url').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
