/**
 * One page of `GET /sync/v1/changes`, read in one snapshot of the database.
 *
 * A pass (a full read, or the changes after a token) is bounded by `upTo`, the last change
 * number when its first page was read, and `upTo` is the sync token it ends with. Change numbers
 * are taken inside write transactions and SQLite commits one writer at a time, so the numbers
 * visible to any snapshot form a prefix: nothing numbered at or below `upTo` can appear later.
 * Each object keeps only its latest change, so an object changed again during the pass moves
 * above `upTo` and is reported by the next pass, with its state then; nothing is missed and an
 * object is never reported older than an earlier report of it.
 */
import { Gone, invalidInput } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { Actor } from '../../../shared/roles.js';
import { emptyIds, type AnyRow, type Items } from './items.js';
import { SYNC_KINDS, type SyncKind, type SyncState, type SyncStore } from './store.js';
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
export function startOf(input: ChangesInput, state: SyncState): PageState {
  if (input.page_token !== undefined) {
    const page = parsePageToken(input.page_token);
    if (!page) throw invalidInput('page_token', 'page_token is not a page token of this server.');
    if (page.epoch !== state.epoch || page.upTo > state.seq) throw tokenExpired();
    if (page.mode === 'changes' && page.after < state.horizon) throw tokenExpired();
    return page;
  }
  if (input.sync_token !== undefined) {
    const point = parseSyncToken(input.sync_token);
    if (!point) throw invalidInput('sync_token', 'sync_token is not a sync token.');
    if (point.epoch !== state.epoch || point.seq < state.horizon || point.seq > state.seq) {
      throw tokenExpired();
    }
    return { mode: 'changes', epoch: state.epoch, upTo: state.seq, after: point.seq };
  }
  return { mode: 'full', epoch: state.epoch, upTo: state.seq, kind: 0, after: 0 };
}

export function createPages(store: SyncStore, items: Items) {
  function emptyPage(): ChangesPage {
    return {
      events: [],
      venues: [],
      organizers: [],
      categories: [],
      tags: [],
      deleted: { events: [], venues: [], organizers: [], categories: [], tags: [] },
    };
  }

  function fill(
    page: ChangesPage,
    rows: Record<SyncKind, AnyRow[]>,
    actor: Actor | null,
    links: Links,
  ): void {
    for (const kind of SYNC_KINDS) {
      page[COLLECTIONS[kind]] = items.present(kind, rows[kind], actor, links);
    }
  }

  function finish(page: ChangesPage, next: PageState | undefined, state: PageState): ChangesPage {
    if (next) page.next_page_token = pageToken(next);
    else page.next_sync_token = syncToken({ epoch: state.epoch, seq: state.upTo });
    return page;
  }

  /** Everything the caller may read, kind after kind, by id. */
  function fullPage(
    state: Extract<PageState, { mode: 'full' }>,
    actor: Actor | null,
    links: Links,
    perPage: number,
  ): ChangesPage {
    const access = accessOf(actor);
    const ids = emptyIds();
    let { kind, after } = state;
    let room = perPage;
    while (room > 0 && kind < SYNC_KINDS.length) {
      const found = store.readableIds(SYNC_KINDS[kind]!, access, after, room);
      ids[SYNC_KINDS[kind]!].push(...found);
      room -= found.length;
      if (room > 0) {
        kind++;
        after = 0;
      } else {
        after = found[found.length - 1]!;
      }
    }
    const loaded = items.load(ids);
    const page = emptyPage();
    const rows = Object.fromEntries(
      SYNC_KINDS.map((k) => [k, ids[k].map((id) => loaded[k].get(id)).filter((r) => r)]),
    ) as Record<SyncKind, AnyRow[]>;
    fill(page, rows, actor, links);
    const done = kind >= SYNC_KINDS.length;
    return finish(page, done ? undefined : { ...state, kind, after }, state);
  }

  /** The objects changed in (after, upTo], each at its latest change. */
  function changesPage(
    state: Extract<PageState, { mode: 'changes' }>,
    actor: Actor | null,
    links: Links,
    perPage: number,
  ): ChangesPage {
    const changes = store.changes(state.after, state.upTo, perPage);
    const ids = emptyIds();
    for (const change of changes) ids[change.kind].push(change.item_id);
    const loaded = items.load(ids);
    const page = emptyPage();
    const shown = Object.fromEntries(SYNC_KINDS.map((k) => [k, [] as AnyRow[]])) as Record<
      SyncKind,
      AnyRow[]
    >;
    for (const change of changes) {
      const row = loaded[change.kind].get(change.item_id);
      if (row && readableNow(actor, change.kind, row as Readable)) shown[change.kind].push(row);
      else if (couldHaveSeen(actor, change))
        page.deleted[COLLECTIONS[change.kind]].push(change.item_id);
    }
    fill(page, shown, actor, links);
    const more = changes.length === perPage;
    const next = more ? { ...state, after: changes[changes.length - 1]!.seq } : undefined;
    return finish(page, next, state);
  }

  return {
    page(input: ChangesInput, actor: Actor | null, links: Links): ChangesPage {
      const state = startOf(input, store.state());
      return state.mode === 'full'
        ? fullPage(state, actor, links, input.per_page)
        : changesPage(state, actor, links, input.per_page);
    },
  };
}
