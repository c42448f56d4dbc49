/**
 * Sync (docs/contract/extensions.md E3): pages of changes with tokens, the live stream, the
 * history's upkeep (changes older than the kept history are forgotten) and the stamp of who made
 * each change.
 */
import type { WriteHooks } from '../../storage/write-hooks.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { formatUtc } from '../../../shared/time.js';
import type { Actor } from '../../../shared/roles.js';
import { createItems, type ItemDeps } from './items.js';
import { createPages, tokenExpired, type ChangesInput } from './pages.js';
import { createSyncStore } from './store.js';
import { createStreamHub, type StreamSink } from './stream.js';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from './options.js';
import { parseSyncToken, syncToken } from './tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function createSyncService(
  core: CoreServices,
  deps: ItemDeps,
  overrides: Partial<SyncOptions> = {},
) {
  const options = { ...DEFAULT_SYNC_OPTIONS, ...overrides };
  const store = createSyncStore(core.db);
  const items = createItems(store, deps);
  const pages = createPages(store, items);
  const hub = createStreamHub(core.db, store, items, core.log, options);

  function prune(): number {
    const cutoff = formatUtc(new Date(core.clock.now().getTime() - options.historyDays * DAY_MS));
    return store.prune(cutoff);
  }
  // Through the write gate (db/write-gate.ts): not while an import writes from its worker.
  const pruner = setInterval(() => {
    void core.writeGate.enter().then((release) => {
      try {
        prune();
      } catch (error) {
        core.log.warn({ err: error }, 'pruning the change history failed');
      } finally {
        release();
      }
    });
  }, PRUNE_EVERY_MS);
  pruner.unref();

  return {
    options,
    changes: (input: ChangesInput, actor: Actor | null, links: Links) =>
      core.db.transaction(() => pages.page(input, actor, links)).deferred(),

    /** The current sync token. */
    token: (): string => syncToken(store.state()),

    /**
     * The events changed after a sync token (each once, at its latest change) and the token
     * they lead to, for CalDAV's sync-collection (§E6). Throws `sync_token_expired` as the
     * changes endpoint does.
     */
    eventsChangedSince: core.db.transaction((token: string): { ids: number[]; token: string } => {
      const state = store.state();
      const point = parseSyncToken(token);
      if (!point || point.epoch !== state.epoch) throw tokenExpired();
      if (point.seq < state.horizon || point.seq > state.seq) throw tokenExpired();
      const ids = store
        .changes(point.seq, state.seq, Number.MAX_SAFE_INTEGER)
        .filter((change) => change.kind === 'event')
        .map((change) => change.item_id);
      return { ids, token: syncToken(state) };
    }).deferred,

    /** Where a stream resumes: after its `Last-Event-ID`, or now when it has none. */
    streamStart(lastEventId: string | undefined): number {
      const state = store.state();
      if (lastEventId === undefined) return state.seq;
      const point = parseSyncToken(lastEventId);
      if (!point || point.epoch !== state.epoch || point.seq < state.horizon) throw tokenExpired();
      if (point.seq > state.seq) throw tokenExpired();
      return point.seq;
    },
    admitStream: (key: string, actor: Actor | null): void => hub.admit(key, actor),
    openStream: (sink: StreamSink, subscription: Parameters<typeof hub.open>[1]) =>
      hub.open(sink, subscription),
    streams: (): number => hub.count(),

    /** Forgets changes older than the kept history; returns how many. */
    prune,
    /** After a restore: the restored data is a new history, every earlier token is refused. */
    newHistory(): void {
      store.newEpoch();
    },

    /** Stamps the changes a request's write transactions make with the user making them. */
    writeHooks(actor: Actor | null): WriteHooks {
      if (actor === null) return {};
      let before = 0;
      return {
        begin: () => {
          before = store.seq();
        },
        end: () => {
          if (store.seq() > before) store.stamp(actor.id, before);
        },
      };
    },

    close(): void {
      clearInterval(pruner);
      hub.closeAll();
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
