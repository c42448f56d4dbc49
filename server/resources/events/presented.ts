/**
 * Each event's presented JSON text, remembered per event and sent again while nothing it is made
 * of has changed, so that a listing page or a single read is its queries plus a copy of text
 * instead of presenting and serialising every event again. The key is the content version
 * (server/db/content-version.ts), which moves with every write to anything an event shows, the
 * row as the reader sees it (a due scheduled event is shown published), who reads it (what they
 * may see of drafts), the settings in effect, and the links' origin, REST root and namespace
 * every URL is made from. The version is read once, before anything a text is made of (the row
 * is in the key): a text is as new as its version or newer, and a version never comes back once
 * it has moved, so a text made across a write is never sent for a later version.
 */
import { hash } from 'node:crypto';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EmbedOptions, EventEmbedder } from './embed.js';
import type { EventRow } from '../../storage/events.js';

/**
 * Remembered events: the pages a calendar is read by most, in about 15-30 MB (a text of 3-6 KB
 * and its key's digest each). The key itself holds the whole row: only its digest is kept.
 */
const LIMIT = 4096;

const digest = (key: string): string => hash('sha1', key, 'base64');

export function createPresentedEvents(embedder: EventEmbedder, core: CoreServices) {
  /** By event id; the single read's presentation (with JSON-LD) under the id's negative. */
  const entries = new Map<number, { key: string; text: string }>();

  function remember(slot: number, key: string, text: string): void {
    entries.delete(slot);
    if (entries.size >= LIMIT) entries.delete(entries.keys().next().value!);
    entries.set(slot, { key, text });
  }

  async function texts(rows: EventRow[], links: Links, options: EmbedOptions): Promise<string[]> {
    if (rows.length === 0) return [];
    const version = await core.storage.contentVersion();
    const context = JSON.stringify([
      version,
      core.settings.get(),
      links.origin,
      links.root,
      links.namespace,
      options.jsonLd,
      options.reader?.id ?? 0,
      options.reader?.role ?? '',
    ]);
    const slot = (row: EventRow) => (options.jsonLd ? -row.id : row.id);
    const out: string[] = [];
    const missing: number[] = [];
    const keys = rows.map((row, i) => {
      const key = digest(`${context}\n${JSON.stringify(row)}`);
      const known = entries.get(slot(row));
      if (known?.key === key) out[i] = known.text;
      else missing.push(i);
      return key;
    });
    if (missing.length === 0) return out;
    const wires = await embedder.many(
      missing.map((i) => rows[i]!),
      links,
      options,
    );
    missing.forEach((i, n) => {
      const text = JSON.stringify(wires[n]);
      out[i] = text;
      remember(slot(rows[i]!), keys[i]!, text);
    });
    return out;
  }

  return {
    /** The JSON text of each row's presentation, in the rows' order. */
    texts,
  };
}

export type PresentedEvents = ReturnType<typeof createPresentedEvents>;
