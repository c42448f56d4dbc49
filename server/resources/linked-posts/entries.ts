/**
 * The entries of an event's `venue` or `organizer` field, parsed by shared/schemas/event-links.ts:
 * an existing item by id, or inline data that creates an item or reuses an identical one
 * (docs/contract/compat-notes.md §7.2). What needs the database is checked here: before the
 * event's write, and again inside it.
 */
import { canReadPost, type Actor } from '../../../shared/roles.js';
import { notAnId, type LinkEntry } from '../../../shared/schemas/event-links.js';
import { invalidInput } from '../../errors.js';
import type { Problems } from '../../errors.js';
import type { LinkedInput, LinkedRow } from './kind.js';

export const readable = (actor: Actor | null, row: LinkedRow): boolean =>
  canReadPost(actor, { author: row.author ?? 0, status: row.status });

export interface EntryDeps<Input extends LinkedInput> {
  type: 'venue' | 'organizer';
  find(id: number): LinkedRow | undefined;
  checkFields(input: Input, actor: Actor | null): Problems;
  /** Creates or reuses an item, inside the caller's transaction. */
  insertOrReuse(input: Input, actor: Actor | null): number;
}

export function createEntries<Input extends LinkedInput>(deps: EntryDeps<Input>) {
  type Entry = LinkEntry<Input>;

  function problem(entry: Entry, actor: Actor | null): string | undefined {
    if ('id' in entry) {
      // An item the caller may not read is not theirs to link, nor to learn of: as unknown.
      const row = deps.find(entry.id);
      return row && readable(actor, row) ? undefined : notAnId(deps.type, entry.given);
    }
    const first = Object.values(deps.checkFields(entry.data, actor))[0];
    return first === undefined ? undefined : `${deps.type} data: ${first}`;
  }

  function ensureOne(entry: Entry, actor: Actor | null): number {
    const why = problem(entry, actor);
    if (why) throw invalidInput(deps.type, why);
    return 'id' in entry ? entry.id : deps.insertOrReuse(entry.data, actor);
  }

  return {
    /** Why one of the entries is unacceptable, or `undefined`. */
    validate(entries: readonly Entry[], actor: Actor | null): string | undefined {
      for (const entry of entries) {
        const why = problem(entry, actor);
        if (why) return why;
      }
      return undefined;
    },
    /** The ids of the entries in order, without repeats, creating inline items. */
    ensure(entries: readonly Entry[], actor: Actor | null): number[] {
      const ids: number[] = [];
      for (const entry of entries) {
        const id = ensureOne(entry, actor);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },
  };
}
