/**
 * Live changes as Server-Sent Events (`GET /sync/v1/stream`). Each server process (each node)
 * reads the change feed itself when the storage's commit notifier says something may have been
 * committed (SQLite: its own counters, checked often; PostgreSQL: LISTEN/NOTIFY, with a
 * catch-up read), so every process sees every change without telling the others. Every
 * subscriber keeps its own place in the feed, so one that resumes with `Last-Event-ID`, on any
 * process, gets what followed it (on PostgreSQL an event's id is the watermark below its
 * transaction: resuming there may repeat that transaction's other changes, never skip one).
 *
 * The streams a client holds are counted in the database (storage/stream-leases.ts), so the
 * limit per client holds for the whole calendar: each open stream holds a slot under a lease its
 * process renews at every heartbeat and gives back when the stream closes; a process that dies
 * leaves its slots to run out. The limits of the process as a whole (`maxStreams`,
 * `maxAnonymousStreams`) protect its own memory and sockets, and stay counted in it.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { TooMany } from '../../errors.js';
import { canEditPosts, isAdministrator, type Actor } from '../../../shared/roles.js';
import type {
  ChangeRow,
  ChangesReader,
  CommitNotifier,
  FeedCursor,
} from '../../storage/changes.js';
import { loaded, type LoadedRows } from './items.js';
import { syncToken } from './tokens.js';
import type { StreamOptions } from './options.js';
import type { StreamLeasesPort } from '../../storage/stream-leases.js';
import { couldHaveSeen, readableNow, type Readable } from './visibility.js';

/** Where a stream writes; the HTTP layer provides it. */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
  onClose(listener: () => void): void;
  /** Bytes written but not yet taken by the client. */
  buffered(): number;
}

export interface Subscription {
  actor: Actor | null;
  /** Who the stream counts against: a user, or an anonymous client address. */
  key: string;
  /** The history the position belongs to. */
  epoch: string;
  /** The feed's position the client has (its `Last-Event-ID`), or now. */
  position: number;
  /** Checks the caller's credentials again; a stream whose check fails is closed. */
  stillValid(): Promise<boolean>;
}

/** Which share of the slots a stream takes. */
type Slot = 'anonymous' | 'user' | 'administrator';

const slotOf = (actor: Actor | null): Slot =>
  actor === null ? 'anonymous' : isAdministrator(actor) ? 'administrator' : 'user';

/** A slot of the client's, taken for a stream about to open (admit), not yet opened. */
export interface StreamLease {
  id: string;
  key: string;
}

interface Subscriber extends Subscription {
  lease: string;
  cursor: FeedCursor;
  slot: Slot;
  sink: StreamSink;
  sentPosition: number;
  closed: boolean;
}

const BATCH = 500;

export const tooManyStreams = (): TooMany =>
  new TooMany(
    'almanac_too_many_streams',
    'Too many open change streams for this client; close one first.',
  );

const serverFull = (): TooMany =>
  new TooMany(
    'almanac_too_many_streams',
    'The server holds as many change streams as it can; try again later.',
  );

/** A stream's slot is held this many heartbeats past its process's last renewal. */
const LEASE_HEARTBEATS = 3;

export function createStreamHub(
  feed: ChangesReader,
  commits: CommitNotifier,
  leases: StreamLeasesPort,
  log: Logger,
  options: StreamOptions,
) {
  const subscribers = new Set<Subscriber>();
  /** Slots given back but not yet written; a shutdown waits for them. */
  const releasing = new Set<Promise<void>>();
  const leaseMs = LEASE_HEARTBEATS * options.heartbeatMs;
  const perSlot: Record<Slot, number> = { anonymous: 0, user: 0, administrator: 0 };
  let epoch: string | undefined;
  let stopListening: (() => void) | undefined;
  let beater: NodeJS.Timeout | undefined;
  /** The read in progress, and whether another was asked for meanwhile. */
  let reading: Promise<void> | undefined;
  let again = false;

  function release(lease: string): void {
    const done = leases
      .release(lease)
      .catch((error: unknown) => {
        // Not given back, it runs out by itself after `leaseMs`.
        log.warn({ err: error }, 'giving back a change stream’s slot failed');
      })
      .finally(() => releasing.delete(done));
    releasing.add(done);
  }

  function close(sub: Subscriber): void {
    if (sub.closed) return;
    sub.closed = true;
    subscribers.delete(sub);
    perSlot[sub.slot]--;
    release(sub.lease);
    sub.sink.end();
    if (subscribers.size === 0) stopTimers();
  }

  /** Refuses a stream beyond this process's own limits. */
  function checkProcess(actor: Actor | null): void {
    const slot = slotOf(actor);
    if (slot === 'administrator') return;
    if (perSlot.anonymous + perSlot.user >= options.maxStreams) throw serverFull();
    if (slot === 'anonymous' && perSlot.anonymous >= options.maxAnonymousStreams)
      throw serverFull();
  }

  function stopTimers(): void {
    stopListening?.();
    clearInterval(beater);
    stopListening = beater = undefined;
  }

  function startTimers(): void {
    stopListening ??= commits.onCommit(poll, options.pollMs);
    beater ??= setInterval(() => void heartbeat(), options.heartbeatMs);
  }

  function message(
    sub: Subscriber,
    change: ChangeRow & { cursor: FeedCursor },
    position: number,
    rows: LoadedRows,
    names: Map<number, string>,
  ) {
    const row = rows[change.kind].get(change.item_id);
    let action: string;
    if (row && readableNow(sub.actor, change.kind, row as Readable)) {
      action = change.action === 'deleted' ? 'created' : change.action;
    } else if (couldHaveSeen(sub.actor, change)) {
      action = 'deleted';
    } else {
      return undefined;
    }
    const token = syncToken({ epoch: epoch!, seq: position });
    const data: Record<string, unknown> = {
      kind: change.kind,
      id: change.item_id,
      action,
      sync_token: token,
    };
    // Who made a change is shown to people who edit content, not to every reader.
    if (change.by_user !== null && canEditPosts(sub.actor)) {
      data.by = { id: change.by_user, name: names.get(change.by_user) ?? '' };
    }
    return `id: ${token}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
  }

  async function deliver(sub: Subscriber, upTo: number): Promise<void> {
    while (!sub.closed && sub.position < upTo) {
      const after = sub.cursor;
      const read = await feed.page(() => ({
        mode: 'changes',
        after,
        upTo,
        limit: BATCH,
        rows: true,
        names: true,
      }));
      if (sub.closed) break;
      if (read.changes.length === 0) {
        sub.position = upTo;
        sub.cursor = feed.cursors.after(upTo);
        break;
      }
      const rows = loaded(read.rows);
      // A batch shorter than asked holds every change up to `upTo`: its last change's id is
      // `upTo` itself, so a client resuming there (on any node) reads nothing of it again.
      const complete = read.changes.length < BATCH;
      for (const [i, change] of read.changes.entries()) {
        const last = complete && i === read.changes.length - 1;
        const position = last ? upTo : feed.cursors.positionOf(change.cursor);
        const text = message(sub, change, position, rows, read.names);
        sub.cursor = last ? feed.cursors.after(upTo) : change.cursor;
        sub.position = position;
        if (text === undefined) continue;
        sub.sink.write(text);
        sub.sentPosition = sub.position;
      }
      if (sub.sink.buffered() > options.maxBufferedBytes) {
        log.warn({ stream: sub.key }, 'change stream dropped: the client stopped reading');
        close(sub);
      }
    }
  }

  async function readOnce(): Promise<void> {
    const state = await feed.state();
    if (state.epoch !== epoch) {
      // A restore started a new history: clients must start over (their ids are refused).
      epoch = state.epoch;
      for (const sub of [...subscribers]) close(sub);
      return;
    }
    for (const sub of [...subscribers]) await deliver(sub, state.seq);
  }

  /** Reads the feed for every stream; one read at a time, again if asked meanwhile. */
  function poll(): void {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await readOnce();
        } catch (error) {
          log.error({ err: error }, 'reading the change log for the streams failed');
        }
      } while (again && subscribers.size > 0);
    })().finally(() => (reading = undefined));
  }

  async function heartbeat(): Promise<void> {
    // This process is alive: its streams keep their slots another `leaseMs`.
    await leases
      .renew(
        [...subscribers].map((sub) => sub.lease),
        Date.now() + leaseMs,
      )
      .catch((error: unknown) => {
        log.warn({ err: error }, 'renewing the change streams’ slots failed');
      });
    for (const sub of [...subscribers]) {
      let valid: boolean;
      try {
        valid = await sub.stillValid();
      } catch {
        valid = false;
      }
      if (!valid) {
        close(sub);
        continue;
      }
      if (sub.closed) continue;
      // Changes this client may not see still move its resume point forward.
      const id =
        sub.position > sub.sentPosition
          ? `id: ${syncToken({ epoch: epoch!, seq: sub.position })}\n`
          : '';
      sub.sentPosition = sub.position;
      sub.sink.write(`${id}: heartbeat\n\n`);
    }
  }

  return {
    /**
     * Refuses a new stream beyond the limits, before anything is sent; else takes one of the
     * client's slots for it, which `open` (or `abandon`) takes over.
     */
    async admit(key: string, actor: Actor | null): Promise<StreamLease> {
      checkProcess(actor);
      const id = randomUUID();
      const now = Date.now();
      if (!(await leases.take(key, id, options.maxPerClient, now, now + leaseMs)))
        throw tooManyStreams();
      return { id, key };
    },

    /** Gives back the slot of a stream admitted but never opened. */
    abandon(lease: StreamLease): void {
      release(lease.id);
    },

    open(sink: StreamSink, subscription: Subscription, lease: StreamLease): void {
      try {
        checkProcess(subscription.actor);
      } catch (error) {
        release(lease.id);
        throw error;
      }
      const sub: Subscriber = {
        ...subscription,
        lease: lease.id,
        cursor: feed.cursors.after(subscription.position),
        slot: slotOf(subscription.actor),
        sink,
        sentPosition: subscription.position,
        closed: false,
      };
      subscribers.add(sub);
      perSlot[sub.slot]++;
      sink.onClose(() => close(sub));
      // The position was read with the newest epoch: streams of an older history end.
      if (sub.epoch !== epoch) {
        epoch = sub.epoch;
        for (const other of [...subscribers]) if (other !== sub) close(other);
      }
      sink.write(
        `retry: 3000\nid: ${syncToken({ epoch: sub.epoch, seq: sub.position })}\n: connected\n\n`,
      );
      startTimers();
      poll();
    },

    /** Ends every stream (server shutdown); resolves once their slots are given back. */
    async closeAll(): Promise<void> {
      for (const sub of [...subscribers]) close(sub);
      stopTimers();
      await Promise.all([...releasing]);
    },

    count: (): number => subscribers.size,
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
