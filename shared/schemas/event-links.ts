/**
 * An event's `venue` and `organizer` fields (docs/contract/compat-notes.md §7.2, docs/contract/decisions.md 1): absent or null
 * leaves the links as they are; `""`, `0`, `"0"`, `false` and `[]` clear them; otherwise each
 * entry is an id, an `{id}` object, or inline data that creates (or reuses) a venue or organizer.
 * Parsing checks everything but what needs the database: that an id names an item, and the
 * inline data's author and image.
 */
import { z } from 'zod';
import { positiveInt } from './coerce.js';
import { organizerInlineSchema } from './organizer.js';
import { venueInlineSchema, type VenueCreateInput } from './venue.js';
import type { OrganizerCreateInput } from './organizer.js';
import { isRecord } from '../record.js';

/** An existing item by id (`given` is the id as sent, for messages), or data for a new one. */
export type LinkEntry<Data> = { id: number; given: number | string } | { data: Data };
export type VenueEntry = LinkEntry<VenueCreateInput>;
export type OrganizerEntry = LinkEntry<OrganizerCreateInput>;

interface Kind<Data> {
  type: 'venue' | 'organizer';
  inline: z.ZodType<Data>;
}

const DIGITS = /^\d+$/;

const isClearing = (value: unknown) =>
  value === '' ||
  value === 0 ||
  value === '0' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** The id an entry names (a number, digits, or `{id}`); -1 for one that cannot be an id. */
function idOf(entry: unknown): number | undefined {
  if (typeof entry === 'number') return Number.isSafeInteger(entry) && entry > 0 ? entry : -1;
  if (typeof entry === 'string' && DIGITS.test(entry.trim())) return Number(entry);
  if (isRecord(entry) && 'id' in entry) {
    const id = entry.id;
    if (id === undefined || id === '' || id === null) return undefined;
    if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
    return typeof id === 'string' && DIGITS.test(id.trim()) ? Number(id) : -1;
  }
  return undefined;
}

/** The message for an id that names no item of the type. */
export function notAnId(type: string, given: unknown): string {
  return `${JSON.stringify(given)} is not ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} ID.`;
}

// These messages say what is wrong without the parameter's name: the route reports them as written.
function fail(ctx: z.RefinementCtx, message: string): undefined {
  ctx.addIssue({ code: 'custom', message, params: { standalone: true } });
}

/** The entry, or `undefined` once its problem is reported. */
function parseEntry<Data>(
  kind: Kind<Data>,
  entry: unknown,
  ctx: z.RefinementCtx,
): LinkEntry<Data> | undefined {
  const id = idOf(entry);
  if (id !== undefined) {
    const given = isRecord(entry) ? entry.id : entry;
    if (id > 0) return { id, given: given as number | string };
    return fail(ctx, notAnId(kind.type, given));
  }
  if (!isRecord(entry)) return fail(ctx, `must be a ${kind.type} ID or ${kind.type} data.`);
  const parsed = kind.inline.safeParse(entry);
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || kind.type;
  return fail(
    ctx,
    issue.code === 'invalid_type' && issue.input === undefined
      ? `${kind.type} data needs ${field}.`
      : `${kind.type} data: ${field} ${issue.message}`,
  );
}

const venueKind: Kind<VenueCreateInput> = { type: 'venue', inline: venueInlineSchema };
const organizerKind: Kind<OrganizerCreateInput> = {
  type: 'organizer',
  inline: organizerInlineSchema,
};

/** An event has one venue: a single entry, or a list holding one. */
function parseVenue(value: unknown, ctx: z.RefinementCtx): VenueEntry | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (isClearing(value)) return null;
  if (Array.isArray(value)) {
    if (value.length > 1) return fail(ctx, 'an event has only one venue.') ?? z.NEVER;
    return parseVenue(value[0], ctx);
  }
  return parseEntry(venueKind, value, ctx) ?? z.NEVER;
}

/** Organizers one event may have: each inline one may create an organizer (docs/reliability.md). */
export const MAX_ORGANIZERS_PER_EVENT = 50;

/** Organizers: one entry, a list, or comma-separated ids, in order; `[]` clears. */
function parseOrganizers(value: unknown, ctx: z.RefinementCtx): OrganizerEntry[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (isClearing(value)) return [];
  let entries: unknown[] = [value];
  if (typeof value === 'string' && value.includes(',')) {
    entries = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  } else if (Array.isArray(value)) {
    entries = value.filter((entry) => entry !== '' && entry !== null);
  }
  if (entries.length > MAX_ORGANIZERS_PER_EVENT) {
    return (
      fail(ctx, `an event may have at most ${MAX_ORGANIZERS_PER_EVENT} organizers.`) ?? z.NEVER
    );
  }
  const out: OrganizerEntry[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(organizerKind, entry, ctx);
    if (parsed === undefined) return z.NEVER;
    out.push(parsed);
  }
  return out;
}

const venueId = positiveInt.meta({ type: 'integer', description: 'The ID of a venue.' });
const organizerId = positiveInt.meta({ type: 'integer', description: 'The ID of an organizer.' });
const byId = (id: z.ZodType, description: string) => z.object({ id }).meta({ description });
const clears = (description: string) => z.literal('').meta({ description });

const venueForms = [
  venueId,
  byId(venueId, 'A venue given by its ID.'),
  venueInlineSchema.meta({
    description: 'Venue data: a new venue, or the existing one with the same details.',
  }),
  clears('An empty string removes the venue.'),
];

const organizerEntryForms = [
  organizerId,
  byId(organizerId, 'An organizer given by its ID.'),
  organizerInlineSchema.meta({
    description: 'Organizer data: a new organizer, or the existing one with the same details.',
  }),
];

/**
 * `venue`. The namespace index keeps the reference's one-word type; `forms` lists for the OpenAPI
 * document every shape the field accepts.
 */
export const venueLink = z.unknown().transform(parseVenue).meta({
  type: 'integer',
  description: 'A venue ID, an object with an id, or venue data.',
  forms: venueForms,
});

export const organizerLinks = z
  .unknown()
  .transform(parseOrganizers)
  .meta({
    type: 'array',
    items: { type: 'integer' },
    maxItems: MAX_ORGANIZERS_PER_EVENT,
    description: 'Organizer IDs, objects with an id, organizer data, or a mix.',
    forms: [
      ...organizerEntryForms,
      z.array(z.union(organizerEntryForms)).meta({
        description: 'Organizers in order: IDs, objects with an id, data, or a mix.',
        maxItems: MAX_ORGANIZERS_PER_EVENT,
      }),
      z.string().meta({
        description: 'Organizer IDs separated by commas.',
        pattern: '^\\s*\\d*[1-9]\\d*\\s*(,\\s*\\d*[1-9]\\d*\\s*)*,?\\s*$',
      }),
      clears('An empty string, or an empty list, removes every organizer.'),
    ],
  });
