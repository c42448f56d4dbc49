/**
 * Live changes as Server-Sent Events (`GET /sync/v1/stream`). Each server process watches the
 * change log itself: a cheap check of SQLite's own counters (`data_version` moves with every
 * commit of another connection, other processes included; `total_changes()` with this
 * connection's writes) tells when to read it, so several worker processes on one database all
 * see every change without telling each other. Every subscriber keeps its own position in the
 * log, so one that resumes with `Last-Event-ID` gets exactly what followed it.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/open.js';
import { TooMany } from '../../errors.js';
import { canEditPosts, isAdministrator, type Actor } from '../../../shared/roles.js';
import { emptyIds, type Items, type LoadedRows } from './items.js';
import type { ChangeRow, SyncStore } from './store.js';
import { syncToken } from './tokens.js';
import type { StreamOptions } from './options.js';
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
  /** The last change number the client has (its `Last-Event-ID`), or now. */
  position: number;
  /** Checks the caller's credentials again; a stream whose check fails is closed. */
  stillValid(): Promise<boolean>;
}

/** Which share of the slots a stream takes. */
type Slot = 'anonymous' | 'user' | 'administrator';

const slotOf = (actor: Actor | null): Slot =>
  actor === null ? 'anonymous' : isAdministrator(actor) ? 'administrator' : 'user';

interface Subscriber extends Subscription {
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

export function createStreamHub(
  db: Db,
  store: SyncStore,
  items: Items,
  log: Logger,
  options: StreamOptions,
) {
  const subscribers = new Set<Subscriber>();
  const perKey = new Map<string, number>();
  const perSlot: Record<Slot, number> = { anonymous: 0, user: 0, administrator: 0 };
  const generation = db
    .prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version')
    .raw();
  let seen = '';
  let epoch = store.state().epoch;
  let poller: NodeJS.Timeout | undefined;
  let beater: NodeJS.Timeout | undefined;

  function close(sub: Subscriber): void {
    if (sub.closed) return;
    sub.closed = true;
    subscribers.delete(sub);
    perSlot[sub.slot]--;
    const left = (perKey.get(sub.key) ?? 1) - 1;
    if (left > 0) perKey.set(sub.key, left);
    else perKey.delete(sub.key);
    sub.sink.end();
    if (subscribers.size === 0) stopTimers();
  }

  function stopTimers(): void {
    clearInterval(poller);
    clearInterval(beater);
    poller = beater = undefined;
  }

  function startTimers(): void {
    poller ??= setInterval(poll, options.pollMs);
    beater ??= setInterval(() => void heartbeat(), options.heartbeatMs);
  }

  function message(
    sub: Subscriber,
    change: ChangeRow,
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
    const token = syncToken({ epoch, seq: change.seq });
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

  function deliver(sub: Subscriber, upTo: number): void {
    while (!sub.closed && sub.position < upTo) {
      const changes = store.changes(sub.position, upTo, BATCH);
      if (changes.length === 0) {
        sub.position = upTo;
        break;
      }
      const ids = emptyIds();
      for (const change of changes) ids[change.kind].push(change.item_id);
      const rows = items.load(ids);
      const names = store.userNames([
        ...new Set(changes.flatMap((c) => (c.by_user === null ? [] : [c.by_user]))),
      ]);
      for (const change of changes) {
        const text = message(sub, change, rows, names);
        sub.position = change.seq;
        if (text === undefined) continue;
        sub.sink.write(text);
        sub.sentPosition = change.seq;
      }
      if (sub.sink.buffered() > options.maxBufferedBytes) {
        log.warn({ stream: sub.key }, 'change stream dropped: the client stopped reading');
        close(sub);
      }
    }
  }

  function poll(): void {
    const now = generation.get()!.join(':');
    if (now === seen) return;
    seen = now;
    try {
      const state = store.state();
      if (state.epoch !== epoch) {
        // A restore started a new history: clients must start over (their ids are refused).
        epoch = state.epoch;
        for (const sub of [...subscribers]) close(sub);
        return;
      }
      for (const sub of [...subscribers]) deliver(sub, state.seq);
    } catch (error) {
      log.error({ err: error }, 'reading the change log for the streams failed');
    }
  }

  async function heartbeat(): Promise<void> {
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
        sub.position > sub.sentPosition ? `id: ${syncToken({ epoch, seq: sub.position })}\n` : '';
      sub.sentPosition = sub.position;
      sub.sink.write(`${id}: heartbeat\n\n`);
    }
  }

  return {
    /** Refuses a new stream beyond the limits, before anything is sent. */
    admit(key: string, actor: Actor | null): void {
      if ((perKey.get(key) ?? 0) >= options.maxPerClient) throw tooManyStreams();
      const slot = slotOf(actor);
      if (slot === 'administrator') return;
      if (perSlot.anonymous + perSlot.user >= options.maxStreams) throw serverFull();
      if (slot === 'anonymous' && perSlot.anonymous >= options.maxAnonymousStreams)
        throw serverFull();
    },

    open(sink: StreamSink, subscription: Subscription): void {
      this.admit(subscription.key, subscription.actor);
      const sub: Subscriber = {
        ...subscription,
        slot: slotOf(subscription.actor),
        sink,
        sentPosition: subscription.position,
        closed: false,
      };
      subscribers.add(sub);
      perSlot[sub.slot]++;
      perKey.set(sub.key, (perKey.get(sub.key) ?? 0) + 1);
      sink.onClose(() => close(sub));
      const current = store.state().epoch;
      if (current !== epoch) {
        epoch = current;
        for (const other of [...subscribers]) if (other !== sub) close(other);
      }
      sink.write(`retry: 3000\nid: ${syncToken({ epoch, seq: sub.position })}\n: connected\n\n`);
      startTimers();
      deliver(sub, store.seq());
    },

    /** Ends every stream (server shutdown). */
    closeAll(): void {
      for (const sub of [...subscribers]) close(sub);
      stopTimers();
    },

    count: (): number => subscribers.size,
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
