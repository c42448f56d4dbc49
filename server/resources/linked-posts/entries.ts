/**
 * The entries of an event's `venue` or `organizer` field: an id, `{id}`, or inline data that
 * creates an item or reuses an identical one (docs/contract/compat-notes.md §7.2). Validation runs before the
 * event's write; creation runs inside it.
 */
import type { Actor } from '../../../shared/roles.js';
import { invalidParam } from '../../http/errors.js';
import type { AnyLinkedRow, LinkedKind } from './kind.js';
import type { LinkedBehaviour, LinkedInput } from './service.js';

const DIGITS = /^\d+$/;

export interface EntryDeps {
  kind: LinkedKind;
  behaviour: LinkedBehaviour;
  find(id: number): AnyLinkedRow | undefined;
  checkFields(input: LinkedInput, actor: Actor | null): Record<string, string>;
  /** Creates or reuses an item, inside the caller's transaction. */
  insertOrReuse(input: LinkedInput, actor: Actor | null): number;
}

/** The id an entry names directly (a number, digits, or `{id}`); -1 for an `{id}` that is no id. */
function idOf(entry: unknown): number | undefined {
  if (typeof entry === 'number') return Number.isSafeInteger(entry) && entry > 0 ? entry : -1;
  if (typeof entry === 'string' && DIGITS.test(entry.trim())) return Number(entry);
  if (entry !== null && typeof entry === 'object' && !Array.isArray(entry) && 'id' in entry) {
    const id = (entry as { id: unknown }).id;
    if (id === undefined || id === '' || id === null) return undefined;
    if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
    return typeof id === 'string' && DIGITS.test(id.trim()) ? Number(id) : -1;
  }
  return undefined;
}

export function createEntries(deps: EntryDeps) {
  const { kind, behaviour } = deps;

  function inlineInput(data: Record<string, unknown>): LinkedInput {
    return (behaviour.fromInline ? behaviour.fromInline(data) : data) as LinkedInput;
  }

  function problem(entry: unknown, actor: Actor | null): string | undefined {
    const id = idOf(entry);
    if (id !== undefined) {
      if (id > 0 && deps.find(id)) return undefined;
      const given = typeof entry === 'object' ? (entry as { id: unknown }).id : entry;
      return `${JSON.stringify(given)} is not ${/^[aeiou]/.test(kind.type) ? 'an' : 'a'} ${kind.type} ID.`;
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      return `must be a ${kind.type} ID or ${kind.type} data.`;
    }
    const parsed = behaviour.inlineSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || kind.nameField;
      return issue.code === 'invalid_type' && issue.input === undefined
        ? `${kind.type} data needs ${field}.`
        : `${kind.type} data: ${field} ${issue.message}`;
    }
    const first = Object.values(deps.checkFields(inlineInput(parsed.data), actor))[0];
    return first === undefined ? undefined : `${kind.type} data: ${first}`;
  }

  function ensureOne(entry: unknown, actor: Actor | null): number {
    const why = problem(entry, actor);
    if (why) throw invalidParam(kind.type, why);
    const id = idOf(entry);
    if (id !== undefined) return id;
    return deps.insertOrReuse(inlineInput(behaviour.inlineSchema.parse(entry)), actor);
  }

  return {
    /** Why one of the entries is unacceptable, or `undefined`. */
    validate(entries: readonly unknown[], actor: Actor | null): string | undefined {
      for (const entry of entries) {
        const why = problem(entry, actor);
        if (why) return why;
      }
      return undefined;
    },
    /** The ids of the entries in order, without repeats, creating inline items. */
    ensure(entries: readonly unknown[], actor: Actor | null): number[] {
      const ids: number[] = [];
      for (const entry of entries) {
        const id = ensureOne(entry, actor);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },
  };
}
