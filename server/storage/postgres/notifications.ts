/**
 * What other nodes committed, as PostgreSQL tells it: the change log's trigger sends
 * `NOTIFY almanac_changes` (migration 0010), delivered at commit to every connection listening,
 * once per transaction. A notification carries nothing
 * and is not kept for a node that is not listening: a node that hears one reads the change feed
 * from where it stands, so one that missed notifications (while reconnecting) only learns of the
 * changes later, from the next one, and loses none.
 */
import type pg from 'pg';
import type { CommitNotifier } from '../changes.js';
import { createClient } from './pool.js';

export const CHANNELS = ['almanac_changes'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Notifications {
  /** Calls `listener` after each commit that notified `channel`; returns how to stop. */
  on(channel: Channel, listener: () => void): () => void;
  close(): Promise<void>;
}

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

export async function listenForCommits(url: string): Promise<Notifications> {
  const listeners = new Map<Channel, Set<() => void>>(CHANNELS.map((c) => [c, new Set()]));
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const notifyAll = (channel: Channel) => listeners.get(channel)!.forEach((fn) => fn());

  async function connect(): Promise<void> {
    const next = createClient(url);
    next.on('notification', (message) => {
      if ((CHANNELS as readonly string[]).includes(message.channel))
        notifyAll(message.channel as Channel);
    });
    next.on('error', () => {
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!closed) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    });
    await next.connect();
    for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    client = next;
  }

  async function reconnect(): Promise<void> {
    try {
      await connect();
      // Whatever committed while nobody listened is read now.
      CHANNELS.forEach(notifyAll);
    } catch {
      if (!closed) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  }

  await connect();
  return {
    on(channel, listener) {
      listeners.get(channel)!.add(listener);
      return () => listeners.get(channel)!.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/**
 * The storage's commit notifier (storage/changes.ts) on PostgreSQL: a listening connection,
 * opened when the first listener comes and closed with the storage. A notification wakes the
 * listeners at once. They are also woken every `everyMs`: a change committed while an older
 * transaction still ran stays below the feed's watermark until that one ends, and the older one
 * may have written nothing that notifies; the catch-up read then delivers it.
 */
export function pgCommitNotifier(url: string): CommitNotifier & { close(): Promise<void> } {
  const listeners = new Set<() => void>();
  let listening: Promise<Notifications> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let every = Infinity;
  let closed = false;
  const wake = () => [...listeners].forEach((listener) => listener());

  function restart(): void {
    clearInterval(timer);
    timer = listeners.size === 0 || closed ? undefined : setInterval(wake, every);
  }

  return {
    onCommit(listener, everyMs) {
      listeners.add(listener);
      if (listening === undefined && !closed) {
        listening = listenForCommits(url);
        listening.then(
          (notifications) => notifications.on('almanac_changes', wake),
          // Not listening: the checks every `everyMs` still deliver, later.
          () => undefined,
        );
      }
      if (timer === undefined || everyMs < every) {
        every = Math.min(every, everyMs);
        restart();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) restart();
      };
    },
    async close() {
      closed = true;
      clearInterval(timer);
      const notifications = await listening?.catch(() => undefined);
      await notifications?.close();
    },
  };
}
