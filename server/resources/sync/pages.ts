/**
 * One page of `GET /sync/v1/changes`, read in one snapshot of the database
 * (storage/changes.ts).
 *
 * A pass (a full read, or the changes after a token) is bounded by `upTo`, the feed's position
 * when its first page was read, and `upTo` is the sync token it ends with. Nothing committed
 * later can appear at or below that position (on SQLite, change numbers come from the single
 * writer; on PostgreSQL, the position is a watermark of transaction ids). Each object keeps only
 * its latest change, so an object changed again during the pass moves above `upTo` and is
 * reported by the next pass, with its state then; nothing is missed and an object is never
 * reported older than an earlier report of it.
 */
import { Gone, invalidInput } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { Actor } from '../../../shared/roles.js';
import {
  SYNC_KINDS,
  emptyRows,
  type ChangesReader,
  type FeedPage,
  type FeedRequest,
  type FeedRows,
  type StoredRow,
  type SyncKind,
  type SyncState,
} from '../../storage/changes.js';
import { loaded, type Items } from './items.js';
import { pageToken, parsePageToken, parseSyncToken, syncToken, type PageState } from './tokens.js';
import { accessOf, couldHaveSeen, readableNow, type Readable } from './visibility.js';

export interface ChangesInput {
  sync_token?: string | undefined;
  page_token?: string | undefined;
  per_page: number;
}

type Collection = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

const COLLECTIONS: Record<SyncKind, Collection> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
};

export interface ChangesPage {
  events: unknown[];
  venues: unknown[];
  organizers: unknown[];
  categories: unknown[];
  tags: unknown[];
  deleted: Record<Collection, number[]>;
  next_page_token?: string;
  next_sync_token?: string;
}

export const tokenExpired = (): Gone =>
  new Gone(
    'sync_token_expired',
    'The sync token is older than the kept history (or from before a restore): sync again without a token.',
  );

/** Where a request starts: its page token, its sync token, or a new full read. */
export function startOf(input: ChangesInput, state: SyncState, feed: ChangesReader): PageState {
  if (input.page_token !== undefined) {
    const page = parsePageToken(input.page_token);
    if (!page || (page.mode === 'changes' && !feed.cursors.isCursor(page.after)))
      throw invalidInput('page_token', 'page_token is not a page token of this server.');
    if (page.epoch !== state.epoch || page.upTo > state.seq) throw tokenExpired();
    if (page.mode === 'changes' && feed.cursors.positionOf(page.after) < state.horizon)
      throw tokenExpired();
    return page;
  }
  if (input.sync_token !== undefined) {
    const point = parseSyncToken(input.sync_token);
    if (!point) throw invalidInput('sync_token', 'sync_token is not a sync token.');
    checkPoint(point, state);
    return {
      mode: 'changes',
      epoch: state.epoch,
      upTo: state.seq,
      after: feed.cursors.after(point.seq),
    };
  }
  return { mode: 'full', epoch: state.epoch, upTo: state.seq, kind: 0, after: 0 };
}

/** Refuses a point of another history, older than the kept one, or not reached yet. */
export function checkPoint(point: { epoch: string; seq: number }, state: SyncState): void {
  if (point.epoch !== state.epoch || point.seq < state.horizon || point.seq > state.seq) {
    throw tokenExpired();
  }
}

export function createPages(feed: ChangesReader, items: Items) {
  async function finish(
    read: FeedRows,
    deleted: Record<Collection, number[]>,
    next: PageState | undefined,
    state: PageState,
    actor: Actor | null,
    links: Links,
  ): Promise<ChangesPage> {
    const page: ChangesPage = { ...(await items.present(read, actor, links)), deleted };
    if (next) page.next_page_token = pageToken(next);
    else page.next_sync_token = syncToken({ epoch: state.epoch, seq: state.upTo });
    return page;
  }

  const noneDeleted = (): Record<Collection, number[]> => ({
    events: [],
    venues: [],
    organizers: [],
    categories: [],
    tags: [],
  });

  /** Everything the caller may read, kind after kind, by id. */
  function fullPage(
    state: Extract<PageState, { mode: 'full' }>,
    read: FeedPage,
    actor: Actor | null,
    links: Links,
  ): Promise<ChangesPage> {
    const done = read.next.kind >= SYNC_KINDS.length;
    const next = done ? undefined : { ...state, kind: read.next.kind, after: read.next.after };
    return finish(read.rows, noneDeleted(), next, state, actor, links);
  }

  /** The objects changed in the pass after the cursor, each at its latest change. */
  function changesPage(
    state: Extract<PageState, { mode: 'changes' }>,
    read: FeedPage,
    actor: Actor | null,
    links: Links,
    perPage: number,
  ): Promise<ChangesPage> {
    const rows = loaded(read.rows);
    const shown = emptyRows();
    const deleted = noneDeleted();
    for (const change of read.changes) {
      const row = rows[change.kind].get(change.item_id);
      if (row && readableNow(actor, change.kind, row as Readable))
        (shown[change.kind] as StoredRow[]).push(row);
      else if (couldHaveSeen(actor, change)) deleted[COLLECTIONS[change.kind]].push(change.item_id);
    }
    const last = read.changes.at(-1);
    const next =
      read.changes.length === perPage && last ? { ...state, after: last.cursor } : undefined;
    return finish(shown, deleted, next, state, actor, links);
  }

  return {
    async page(input: ChangesInput, actor: Actor | null, links: Links): Promise<ChangesPage> {
      const chosen: { start?: PageState } = {};
      const read = await feed.page((state): FeedRequest => {
        const start = startOf(input, state, feed);
        chosen.start = start;
        return start.mode === 'full'
          ? {
              mode: 'full',
              access: accessOf(actor),
              kind: start.kind,
              after: start.after,
              limit: input.per_page,
            }
          : {
              mode: 'changes',
              after: start.after,
              upTo: start.upTo,
              limit: input.per_page,
              rows: true,
              names: false,
            };
      });
      const start = chosen.start!;
      return start.mode === 'full'
        ? fullPage(start, read, actor, links)
        : changesPage(start, read, actor, links, input.per_page);
    },
  };
}
