/**
 * How an event's `venue` and `organizer` fields are read (docs/contract/compat-notes.md §7.2, docs/contract/decisions.md 1):
 * absent or null leaves the link as it is; `""`, `0` and `[]` clear it; otherwise entries are ids,
 * `{id}` objects or inline data.
 */
export type LinkValue =
  | { kind: 'absent' }
  | { kind: 'clear' }
  | { kind: 'entries'; entries: unknown[] }
  | { kind: 'invalid'; message: string };

const isClearing = (value: unknown) =>
  value === '' ||
  value === 0 ||
  value === '0' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** An event has one venue: a single entry, or a list holding one. */
export function readVenueValue(value: unknown): LinkValue {
  if (value === undefined || value === null) return { kind: 'absent' };
  if (isClearing(value)) return { kind: 'clear' };
  if (Array.isArray(value)) {
    if (value.length > 1) return { kind: 'invalid', message: 'an event has only one venue.' };
    return readVenueValue(value[0]);
  }
  return { kind: 'entries', entries: [value] };
}

/** Organizers: one entry, a list, or comma-separated ids; order kept. */
export function readOrganizerValue(value: unknown): LinkValue {
  if (value === undefined || value === null) return { kind: 'absent' };
  if (isClearing(value)) return { kind: 'clear' };
  if (typeof value === 'string' && value.includes(',')) {
    const entries = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return entries.length === 0 ? { kind: 'clear' } : { kind: 'entries', entries };
  }
  if (Array.isArray(value)) {
    const entries = value.filter((entry) => entry !== '' && entry !== null);
    return entries.length === 0 ? { kind: 'clear' } : { kind: 'entries', entries };
  }
  return { kind: 'entries', entries: [value] };
}
