/**
 * The entries of an event's `venue` or `organizer` field, parsed by shared/schemas/event-links.ts:
 * an existing item by id, or inline data that creates an item or reuses an identical one
 * (docs/contract/compat-notes.md §7.2). What needs the database is checked here: before the
 * event's write on the read side, and again inside it on the event's unit of work.
 */
import type { Actor } from '../../../shared/roles.js';
import { notAnId, type LinkEntry } from '../../../shared/schemas/event-links.js';
import { invalidInput } from '../../errors.js';
import type { Problems } from '../../errors.js';
import type { LinkedInput, LinkedRow } from './kind.js';
import { readable, type LinkedReads, type LinkedWrites } from './write.js';

export interface EntryDeps<Row extends LinkedRow, Input extends LinkedInput> {
  type: 'venue' | 'organizer';
  checkFields(repos: LinkedReads<Row>, input: Input, actor: Actor | null): Promise<Problems>;
  /** Creates or reuses an item, in the unit of work of `repos`. */
  insertOrReuse(repos: LinkedWrites<Row>, input: Input, actor: Actor | null): Promise<number>;
}

export function createEntries<Row extends LinkedRow, Input extends LinkedInput>(
  deps: EntryDeps<Row, Input>,
) {
  type Entry = LinkEntry<Input>;

  async function problem(
    repos: LinkedReads<Row>,
    entry: Entry,
    actor: Actor | null,
  ): Promise<string | undefined> {
    if ('id' in entry) {
      // An item the caller may not read is not theirs to link, nor to learn of: as unknown.
      const row = await repos.repo.find(entry.id);
      return row && readable(actor, row) ? undefined : notAnId(deps.type, entry.given);
    }
    const first = Object.values(await deps.checkFields(repos, entry.data, actor))[0];
    return first === undefined ? undefined : `${deps.type} data: ${first}`;
  }

  return {
    /** Why one of the entries is unacceptable, or `undefined`. */
    async validate(
      repos: LinkedReads<Row>,
      entries: readonly Entry[],
      actor: Actor | null,
    ): Promise<string | undefined> {
      for (const entry of entries) {
        const why = await problem(repos, entry, actor);
        if (why) return why;
      }
      return undefined;
    },
    /**
     * The ids of the entries in order, without repeats, creating inline items; each checked
     * again in the unit of work, on the rows as they are then.
     */
    async ensure(
      repos: LinkedWrites<Row>,
      entries: readonly Entry[],
      actor: Actor | null,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const entry of entries) {
        const why = await problem(repos, entry, actor);
        if (why) throw invalidInput(deps.type, why);
        const id = 'id' in entry ? entry.id : await deps.insertOrReuse(repos, entry.data, actor);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },
  };
}
