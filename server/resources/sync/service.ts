/**
 * Sync (docs/contract/extensions.md E3): pages of changes with tokens, the live stream, the
 * history's upkeep (changes older than the kept history are forgotten) and the stamp of who made
 * each change. The change feed is read through the storage ports (storage/changes.ts).
 */
import type { WriteHooks } from '../../storage/write-hooks.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { formatUtc } from '../../../shared/time.js';
import type { Actor } from '../../../shared/roles.js';
import { createItems, type ItemDeps } from './items.js';
import { checkPoint, createPages, tokenExpired, type ChangesInput } from './pages.js';
import { createStreamHub, type StreamLease, type StreamSink } from './stream.js';
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
  const { storage } = core;
  const feed = storage.read.changes;
  const pages = createPages(feed, createItems(deps));
  const hub = createStreamHub(feed, storage.commits, storage.streamLeases, core.log, options);

  async function prune(): Promise<number> {
    const cutoff = formatUtc(new Date(core.clock.now().getTime() - options.historyDays * DAY_MS));
    return storage.write((uow) => uow.changes.prune(cutoff));
  }
  // Through the write gate (db/write-gate.ts): not while an import writes from its worker.
  const pruner = setInterval(() => {
    void core.writeGate.enter().then(async (release) => {
      try {
        await prune();
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
      pages.page(input, actor, links),

    /** The current sync token. */
    token: async (): Promise<string> => syncToken(await feed.state()),

    /**
     * The events changed after a sync token (each once, at its latest change) and the token
     * they lead to, for CalDAV's sync-collection (§E6): read in one snapshot, up to the position
     * of that snapshot, which the token names. Throws `sync_token_expired` as the changes
     * endpoint does.
     */
    async eventsChangedSince(token: string): Promise<{ ids: number[]; token: string }> {
      const point = parseSyncToken(token);
      const read = await feed.page((state) => {
        if (!point) throw tokenExpired();
        checkPoint(point, state);
        return {
          mode: 'changes',
          after: feed.cursors.after(point.seq),
          upTo: state.seq,
          limit: Number.MAX_SAFE_INTEGER,
          rows: false,
          names: false,
        };
      });
      const ids = read.changes
        .filter((change) => change.kind === 'event')
        .map((change) => change.item_id);
      return { ids, token: syncToken(read.state) };
    },

    /** Where a stream resumes: after its `Last-Event-ID`, or now when it has none. */
    async streamStart(lastEventId: string | undefined): Promise<{ epoch: string; seq: number }> {
      const state = await feed.state();
      if (lastEventId === undefined) return { epoch: state.epoch, seq: state.seq };
      const point = parseSyncToken(lastEventId);
      if (!point) throw tokenExpired();
      checkPoint(point, state);
      return point;
    },
    admitStream: (key: string, actor: Actor | null): Promise<StreamLease> => hub.admit(key, actor),
    openStream: (
      sink: StreamSink,
      subscription: Parameters<typeof hub.open>[1],
      lease: StreamLease,
    ) => hub.open(sink, subscription, lease),
    abandonStream: (lease: StreamLease): void => hub.abandon(lease),
    streams: (): number => hub.count(),

    /** Forgets changes older than the kept history; returns how many. */
    prune,
    /**
     * After a restore: the restored data is a new history, every earlier token is refused, and
     * the content version moves (the restored copy holds the version of its day, which caches
     * may have seen then).
     */
    newHistory: (): Promise<void> =>
      storage.write(async (uow) => {
        await uow.changes.newEpoch();
        await uow.contentVersion.move();
      }),

    /**
     * Stamps the changes a request's units of work make with the user making them. A write
     * outside a unit (the sign-in throttle's counts, which commit on their own) changes nothing
     * the feed shows: there is nothing to stamp.
     */
    writeHooks(actor: Actor | null): WriteHooks {
      if (actor === null) return {};
      let mark = 0;
      return {
        begin: async (uow) => {
          if (uow) mark = await uow.changes.mark();
        },
        end: async (uow) => {
          if (uow) await uow.changes.stamp(actor.id, mark);
        },
      };
    },

    /** Ends the streams; resolves once their slots are given back. */
    close(): Promise<void> {
      clearInterval(pruner);
      return hub.closeAll();
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
