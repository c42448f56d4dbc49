/**
 * Each event's presented JSON text, remembered per event and sent again while everything it is
 * made of is unchanged, so that a listing page or a single read is its queries plus a copy of
 * text instead of presenting and serialising every event again. What it is made of, and how each
 * part is compared when the event is read again:
 * - the event's own row: the row the listing or the read has just loaded, compared whole;
 * - its links (terms, organizers, with their positions) and its terms' counts: one query per page
 *   (presented-store.ts);
 * - the other rows it shows (venues, organizers, term names, images, series rules, settings):
 *   the generation that triggers move on every write to them (migration 0016), whatever the
 *   write path (API, import, restore, another server process);
 * - who reads it (what they may see of drafts), the settings in effect, and the links' origin,
 *   REST root and namespace every URL is made from.
 * Nothing is cleared on writes: a changed input is a different key, so a write path cannot
 * forget to invalidate it. A text is remembered only when no other connection committed between
 * reading its key and presenting it (SQLite's data_version), so a write by another process in
 * between cannot pair new text with an old key.
 */
import { hash } from 'node:crypto';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../services.js';
import type { EmbedOptions, EventEmbedder } from './embed.js';
import type { PresentedStore } from './presented-store.js';
import type { EventRow } from './store.js';

/**
 * Remembered events: the pages a calendar is read by most, in about 15-30 MB (a text of 3-6 KB
 * and its key's digest each). The key itself holds the whole row: only its digest is kept.
 */
const LIMIT = 4096;

const digest = (key: string): string => hash('sha1', key, 'base64');

export function createPresentedEvents(
  store: PresentedStore,
  embedder: EventEmbedder,
  core: CoreServices,
) {
  /** By event id; the single read's presentation (with JSON-LD) under the id's negative. */
  const entries = new Map<number, { key: string; text: string }>();

  function remember(slot: number, key: string, text: string): void {
    entries.delete(slot);
    if (entries.size >= LIMIT) entries.delete(entries.keys().next().value!);
    entries.set(slot, { key, text });
  }

  function texts(rows: EventRow[], links: Links, options: EmbedOptions): string[] {
    if (rows.length === 0) return [];
    const keyed = store.keys(rows.map((row) => row.id));
    const context = JSON.stringify([
      keyed.generation,
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
      const key = digest(`${context}\n${keyed.links.get(row.id) ?? ''}\n${JSON.stringify(row)}`);
      const known = entries.get(slot(row));
      if (known?.key === key) out[i] = known.text;
      else missing.push(i);
      return key;
    });
    if (missing.length === 0) return out;
    const wires = embedder.many(
      missing.map((i) => rows[i]!),
      links,
      options,
    );
    const consistent = store.dataVersion() === keyed.dataVersion;
    missing.forEach((i, n) => {
      const text = JSON.stringify(wires[n]);
      out[i] = text;
      if (consistent) remember(slot(rows[i]!), keys[i]!, text);
    });
    return out;
  }

  return {
    /** The JSON text of each row's presentation, in the rows' order. */
    texts,
  };
}

export type PresentedEvents = ReturnType<typeof createPresentedEvents>;
