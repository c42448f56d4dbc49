/**
 * Live updates (docs/sync.md): the console reads the change stream with `fetch` (EventSource
 * cannot send the session token), refreshes the lists and open items that changed, and says
 * quietly who changed them when it was someone else. It reconnects with Last-Event-ID, so no
 * change made while the connection was down is missed.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { getToken } from './client';
import { keys } from './hooks';
import { nameOf, type Kind } from './resources';
import { t } from '../i18n';

export const STREAM = '/api/calendar/sync/v1/stream';
const RETRY_MS = 3_000;

const KINDS: Record<string, Kind> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
};

export interface Change {
  kind: string;
  id: number;
  action: 'created' | 'updated' | 'deleted';
  by?: { id: number; name: string };
}

/**
 * The item's name as this console last read it: its own cached read, else any cached list or
 * calendar range holding it. Read before the refetches land, so a rename is named as it was.
 */
function knownName(client: QueryClient, kind: Kind, id: number): string | undefined {
  const own = client.getQueryData<object>(keys.item(kind, id));
  if (own) return nameOf(kind, own);
  for (const [key, data] of client.getQueriesData<unknown>({ queryKey: keys.all(kind) })) {
    if (key[1] === 'item') continue;
    const rows = Array.isArray(data) ? data : (data as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(rows)) continue;
    const found = (rows as Array<{ id?: unknown }>).find((row) => row?.id === id);
    if (found) return nameOf(kind, found);
  }
  return undefined;
}

/** Refreshes what a change touches; the answer is what to tell the user, if anything. */
export function applyChange(client: QueryClient, change: Change, me: number | undefined) {
  const kind = KINDS[change.kind];
  if (!kind) return undefined;
  const name = change.by && change.by.id !== me ? knownName(client, kind, change.id) : undefined;
  // Lists of that kind, and of events for the linked kinds (their embeds changed); the
  // calendar's ranges are among them (useRefetchWhenStale follows their invalidation). The
  // trash lists events, venues and organizers, and the global search finds any kind.
  void client.invalidateQueries({
    predicate: (q) =>
      (q.queryKey[0] === kind || (kind !== 'events' && q.queryKey[0] === 'events')) &&
      q.queryKey[1] !== 'item',
  });
  if (kind === 'events' || kind === 'venues' || kind === 'organizers')
    void client.invalidateQueries({ queryKey: ['trash'] });
  void client.invalidateQueries({ queryKey: ['admin-search'] });
  const item = keys.item(kind, change.id);
  if (client.getQueryData(item)) void client.invalidateQueries({ queryKey: item, exact: true });
  if (!change.by || change.by.id === me) return undefined;
  const what = name ? t('live.named', { name }) : t(`resource.${kind}.someone`);
  return t(`live.${change.action}`, { who: change.by.name, what });
}

/** Reads the stream while signed in; `notify` receives the quiet notes about others' edits. */
export function useLiveUpdates(me: number | undefined, notify: (message: string) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (me === undefined) return;
    const stop = new AbortController();
    let lastId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function connect(): Promise<void> {
      const token = getToken();
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (lastId) headers['last-event-id'] = lastId;
      const response = await fetch(STREAM, { headers, signal: stop.signal });
      // An expired point (a restore, a long sleep): start from now; everything is read again.
      if (response.status === 410) {
        lastId = undefined;
        void client.invalidateQueries();
        return;
      }
      if (!response.ok || !response.body) return;
      const parser = createParser({
        onEvent(message) {
          if (message.id) lastId = message.id;
          if (message.event !== 'change') return;
          const note = applyChange(client, JSON.parse(message.data) as Change, me);
          if (note) notify(note);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    }

    function run() {
      connect()
        .catch(() => undefined)
        .finally(() => {
          if (!stop.signal.aborted) timer = setTimeout(run, RETRY_MS);
        });
    }
    run();
    return () => {
      stop.abort();
      if (timer) clearTimeout(timer);
    };
  }, [me, client, notify]);
}
