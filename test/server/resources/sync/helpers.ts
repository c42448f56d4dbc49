/** A sync client for the tests: pages through the change feed and keeps a copy of what it saw. */
import { expect } from 'vitest';
import type { TestServer } from '../../../helpers/server.js';

export const SYNC = '/api/calendar/sync/v1';
export const CHANGES = `${SYNC}/changes`;
export const COLLECTIONS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export type Item = { id: number } & Record<string, unknown>;

export interface Page {
  events: Item[];
  venues: Item[];
  organizers: Item[];
  categories: Item[];
  tags: Item[];
  deleted: Record<Collection, number[]>;
  next_page_token?: string;
  next_sync_token?: string;
}

/** What a client holds: every object it was given, minus what it was told is deleted. */
export class Replica {
  readonly items: Record<Collection, Map<number, Item>> = {
    events: new Map(),
    venues: new Map(),
    organizers: new Map(),
    categories: new Map(),
    tags: new Map(),
  };
  token: string | undefined;
  pages = 0;

  apply(page: Page): void {
    for (const collection of COLLECTIONS) {
      for (const item of page[collection]) this.items[collection].set(item.id, item);
      for (const id of page.deleted[collection]) this.items[collection].delete(id);
    }
  }

  ids(collection: Collection): number[] {
    return [...this.items[collection].keys()].sort((a, b) => a - b);
  }
}

/** Reads one whole pass (every page) into the replica; returns the pages. */
export async function syncOnce(
  server: Pick<TestServer, 'call'>,
  replica: Replica,
  options: { auth?: string | undefined; perPage?: number; between?: () => Promise<void> } = {},
): Promise<Page[]> {
  const pages: Page[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const query: Record<string, string | number> = { per_page: options.perPage ?? 100 };
    if (pageToken) query.page_token = pageToken;
    else if (replica.token) query.sync_token = replica.token;
    const res = await server.call('GET', CHANGES, { auth: options.auth, query });
    expect(res.status, res.text).toBe(200);
    const page = res.json as Page;
    replica.apply(page);
    replica.pages++;
    pages.push(page);
    if (page.next_sync_token !== undefined) {
      expect(page.next_page_token).toBeUndefined();
      replica.token = page.next_sync_token;
      return pages;
    }
    expect(typeof page.next_page_token).toBe('string');
    pageToken = page.next_page_token;
    await options.between?.();
  }
}

export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/** A Server-Sent Events client over fetch (which, unlike EventSource, can send credentials). */
export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  lastId: string | undefined;
  status = 0;
  ended = false;
  private buffer = '';
  private readonly abort = new AbortController();
  private waiters: Array<() => void> = [];
  private done: Promise<void> = Promise.resolve();

  static async open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<SseClient & { body: string }> {
    const client = new SseClient();
    const res = await fetch(url, { headers, signal: client.abort.signal });
    client.status = res.status;
    if (res.status !== 200 || !res.body) {
      return Object.assign(client, { body: await res.text(), ended: true });
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    client.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          client.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // aborted by close()
      }
      client.ended = true;
      client.wake();
    })();
    return Object.assign(client, { body: '' });
  }

  private feed(text: string): void {
    this.buffer += text;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith('id: ')) this.lastId = line.slice(4);
      }
      if (data.length > 0) this.messages.push({ event, data: data.join('\n'), id: this.lastId });
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `test` holds (re-checked on every chunk received); fails after `ms`. */
  async until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  changes(): Array<{ kind: string; id: number; action: string; sync_token: string }> {
    return this.messages
      .filter((m) => m.event === 'change')
      .map(
        (m) =>
          JSON.parse(m.data) as { kind: string; id: number; action: string; sync_token: string },
      );
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}
