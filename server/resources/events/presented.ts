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
 *
 * The row is kept with its text and compared column by column: serialising each row and
 * digesting it to look it up cost more than the rest of a remembered page (6.5% of a listing's
 * busy time, against 0.4% for the comparison).
 */
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EmbedOptions, EventEmbedder } from './embed.js';
import type { EventRow } from '../../storage/events.js';

/**
 * Remembered events: the pages a calendar is read by most, in about 15-30 MB (a text of 3-6 KB
 * and its row of about 1 KB each).
 */
const LIMIT = 4096;

interface Entry {
  /** Everything but the row the text is made of (`context` below). */
  context: string;
  row: EventRow;
  text: string;
}

/** Whether two rows hold the same columns with the same values. */
function sameRow(a: EventRow, b: EventRow): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  let columns = 0;
  for (const column in x) {
    if (x[column] !== y[column]) return false;
    columns++;
  }
  for (const _column in y) columns--;
  return columns === 0;
}

export function createPresentedEvents(embedder: EventEmbedder, core: CoreServices) {
  /** By event id; the single read's presentation (with JSON-LD) under the id's negative. */
  const entries = new Map<number, Entry>();

  function remember(slot: number, entry: Entry): void {
    entries.delete(slot);
    if (entries.size >= LIMIT) entries.delete(entries.keys().next().value!);
    entries.set(slot, entry);
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
    rows.forEach((row, i) => {
      const known = entries.get(slot(row));
      if (known !== undefined && known.context === context && sameRow(known.row, row)) {
        out[i] = known.text;
      } else missing.push(i);
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
      // A copy: the row read is the caller's.
      remember(slot(rows[i]!), { context, row: { ...rows[i]! }, text });
    });
    return out;
  }

  return {
    /** The JSON text of each row's presentation, in the rows' order. */
    texts,
  };
}

export type PresentedEvents = ReturnType<typeof createPresentedEvents>;
