/**
 * Presented venues and organizers remembered by what they are made of. A listing page embeds the
 * same venues and organizers again and again, and presenting one (HTML paragraphs, dates in the
 * site zone, links, empty fields dropped) costs more than reading its row. The key is everything
 * the presentation reads: the row's columns, the site zone, whether JSON-LD is wanted, and the
 * links' origin, REST root and namespace (every link is made from these). A presentation is a
 * function of these alone, so no content version is needed: a changed row is a new key and
 * nothing needs clearing on writes; rows with an image are presented afresh (the image is read
 * from another table). Values are shared between requests: callers never mutate them.
 *
 * One presentation is kept per object and JSON-LD flag, with its row and context, and a row is
 * compared column by column: serialising each row into a key cost more than presenting it
 * again would have saved on a listing page (2% of its busy time).
 */
import type { Links } from '../../http/links.js';
import type { LinkedRow } from './kind.js';

export interface PresentedMemo<Wire> {
  /** The wire of `row`, made by `make` unless remembered for the same inputs. */
  get(row: LinkedRow, context: string, make: () => Wire): Wire;
}

/** What a presentation depends on besides the row, as one string. */
export const presentContext = (links: Links, timezone: string, jsonLd: boolean): string =>
  `${links.origin}\n${links.root}\n${links.namespace}\n${timezone}\n${jsonLd ? 1 : 0}`;

/** Whether two rows hold the same columns with the same values. */
function sameRow(a: LinkedRow, b: LinkedRow): boolean {
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

export function presentedMemo<Wire>(limit: number): PresentedMemo<Wire> {
  const entries = new Map<number, { context: string; row: LinkedRow; wire: Wire }>();
  return {
    get(row, context, make) {
      if (row.image_id !== null) return make();
      // The context's last character is its JSON-LD flag (presentContext).
      const slot = row.id * 2 + (context.endsWith('1') ? 1 : 0);
      const known = entries.get(slot);
      if (known !== undefined && known.context === context && sameRow(known.row, row)) {
        return known.wire;
      }
      const wire = make();
      entries.delete(slot);
      // Oldest first out: a calendar's venues and organizers in use fit many times over.
      if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      entries.set(slot, { context, row: { ...row }, wire });
      return wire;
    },
  };
}
