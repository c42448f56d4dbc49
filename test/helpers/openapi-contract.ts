/**
 * The pieces of the property test that reads the live OpenAPI document as a contract
 * (test/clients/openapi-contract.test.ts): a seeded calendar, requests generated from each
 * operation's schemas, and the check of one answer against what the operation documents.
 */
import fc from 'fast-check';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { TestServer } from './server.js';
import { create, NS, type Collection } from './fixtures.js';
import { arbitraryFor, type Schema } from './openapi-arbitrary.js';
import { pngBytes, upload } from '../server/resources/media/helpers.js';

// ajv-formats is published as CommonJS with a default export.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
  required?: boolean;
  description?: string;
};
export type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
export type Doc = { paths: Record<string, Record<string, Operation>>; servers: { url: string }[] };

/**
 * Rules a JSON schema cannot say, which the document states in words: a 400 whose message for a
 * parameter matches `message` is documented when the parameter's schema (its forms and nested
 * properties included) has a description matching `documented`.
 */
export const STATED_RULES: { message: RegExp; documented: RegExp }[] = [
  { message: /must be a date/, documented: /a day that exists/ },
  { message: /time zone/, documented: /an IANA name/ },
  { message: /content line|RRULE|recurrence/i, documented: /RFC 5545/ },
  { message: /go together/, documented: /together with geo_l(at|ng)/ },
  { message: /must be given together/, documented: /needs geoloc_l(at|ng)/ },
  { message: /must be a non-empty string|not only markup/, documented: /some text must remain/ },
  { message: /not allowed to add images by URL/, documented: /for users who may publish/ },
  { message: /may not create (categories|tags)/, documented: /for users who may create them/ },
  { message: /(may|can) only be publish/, documented: /publish only for those who cannot edit/ },
];

/** The same for 400s about the stored data rather than one parameter's value, by error code. */
export const STATED_CONFLICTS: { code: string; field: string; documented: RegExp }[] = [
  { code: 'duplicate_term_slug', field: 'slug', documented: /unique in its taxonomy/ },
  { code: 'term_exists', field: 'name', documented: /unique among the terms with the same parent/ },
];

export interface World {
  server: TestServer;
  ids: Record<'venue' | 'organizer' | 'category' | 'tag' | 'event' | 'media' | 'user', number>;
  slugs: Record<'category' | 'tag', string>;
}

/** A calendar with one of everything, for requests that must name something that exists. */
export async function seedWorld(server: TestServer): Promise<World> {
  const venue = await create(server, 'venues', { venue: 'Seed Hall', city: 'Lyon' });
  const organizer = await create(server, 'organizers', { organizer: 'Seed Choir' });
  const category = await create(server, 'categories', { name: 'Seed music' });
  const tag = await create(server, 'tags', { name: 'Seed jazz' });
  const event = await create(server, 'events', {
    title: 'Seed concert',
    start_date: '2026-07-01 19:00:00',
    end_date: '2026-07-01 21:00:00',
    venue: venue.id,
    organizer: [organizer.id],
    categories: [category.id],
    tags: [tag.id],
  });
  const media = await upload(
    `${server.url}/api/calendar/admin/v1/media`,
    server.admin,
    pngBytes(8, 8),
    'image/png',
    'seed.png',
  );
  if (media.status !== 201) throw new Error(`the seed image answered ${media.status}`);
  return {
    server,
    ids: {
      venue: venue.id,
      organizer: organizer.id,
      category: category.id,
      tag: tag.id,
      event: event.id,
      media: media.body.id as number,
      user: 1,
    },
    slugs: { category: category.slug as string, tag: tag.slug as string },
  };
}

const VALID_ZONES = fc.constantFrom('', 'Europe/Paris', 'America/New_York', 'UTC', 'UTC+2');
const VALID_RULES = fc.constantFrom(
  [],
  ['RRULE:FREQ=WEEKLY;COUNT=3'],
  ['RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20270101T000000Z'],
);

/**
 * Values a schema cannot make valid: ids and slugs of things that exist (by the name of the
 * parameter or property holding them; list items keep their list's name), and mostly valid time
 * zones and recurrence rules (whose rules the document states in words), sometimes anything the
 * schema allows.
 */
function existing(world: World, path: string, name: string, schema: Schema) {
  const { ids, slugs } = world;
  const termId = path.startsWith('/tags') ? ids.tag : ids.category;
  const byId: Record<string, number> = {
    venue: ids.venue,
    organizer: ids.organizer,
    categories: ids.category,
    tags: ids.tag,
    post_parent: ids.event,
    event: ids.event,
    post: ids.event,
    parent: ids.category,
    author: ids.user,
    image: ids.media,
    include: path.startsWith('/events') ? ids.event : termId,
    exclude: termId,
  };
  if (schema.type === 'integer' && name in byId) return fc.constant(byId[name]);
  if (schema.type === 'string' && schema.enum === undefined) {
    if (name === 'categories') return fc.constantFrom(slugs.category, 'Seed music');
    if (name === 'tags') return fc.constantFrom(slugs.tag, `${ids.tag},Seed jazz`);
    if (name === 'organizer') return fc.constantFrom(`${ids.organizer}`, `${ids.organizer},`);
  }
  // Time zones and rules hold no ids: the schema alone makes the other values.
  const free = () => arbitraryFor(schema, name);
  if (name === 'timezone' && schema.type === 'string') {
    return fc.oneof({ arbitrary: VALID_ZONES, weight: 4 }, { arbitrary: free(), weight: 1 });
  }
  if (name === 'recurrence' && schema.type === 'array') {
    return fc.oneof({ arbitrary: VALID_RULES, weight: 4 }, { arbitrary: free(), weight: 1 });
  }
  return undefined;
}

/** An arbitrary of the values of one parameter or body property. */
export function fieldArbitrary(world: World, path: string, name: string, schema: Schema) {
  return arbitraryFor(schema, name, (inner, held) => existing(world, path, held, inner));
}

/** The item an operation on one item works on: the seeded one to read, a fresh one to write. */
export async function target(world: World, path: string, write: boolean) {
  const base = path.split('/')[1] as Collection;
  const seeded: Record<Collection, number> = {
    events: world.ids.event,
    venues: world.ids.venue,
    organizers: world.ids.organizer,
    categories: world.ids.category,
    tags: world.ids.tag,
  };
  if (!write) {
    const read = await world.server.call('GET', `${NS}/${base}/${seeded[base]}`, {
      auth: world.server.admin,
    });
    return { id: seeded[base], slug: read.body.slug as string };
  }
  const n = Math.random().toString(36).slice(2, 8);
  const fields: Record<Collection, Record<string, unknown>> = {
    events: { title: `Target ${n}`, start_date: '2026-08-01 10:00', end_date: '2026-08-01 11:00' },
    venues: { venue: `Target ${n}` },
    organizers: { organizer: `Target ${n}` },
    categories: { name: `Target ${n}` },
    tags: { name: `Target ${n}` },
  };
  const made = await create(world.server, base, fields[base]);
  return { id: made.id, slug: made.slug as string };
}

/** A query string as WordPress clients write one: lists as comma-separated values. */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Every description in a schema: its own, its forms', its items' and its properties'. */
export function descriptions(schema: Schema | undefined): string {
  if (!schema) return '';
  const parts = [schema.description ?? ''];
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    parts.push(descriptions(branch));
  }
  if (schema.items) parts.push(descriptions(schema.items));
  for (const property of Object.values(schema.properties ?? {})) parts.push(descriptions(property));
  return parts.join(' ');
}

export function responseValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

export interface Answer {
  status: number;
  json: unknown;
  /** The request and the answer, for messages. */
  where: string;
}

/**
 * What is wrong with an answer to a request valid by the document, or `undefined`: a 5xx, a
 * status the operation does not document, a body its schema refuses, or a 400 whose reasons
 * the document does not state.
 */
export function problemWith(
  ajv: Ajv,
  op: Operation,
  answer: Answer,
  schemaOf: (name: string) => { schema?: Schema; description?: string },
): string | undefined {
  const { status, json, where } = answer;
  if (status >= 500) return `a ${status}: ${where}`;
  const documented = op.responses[String(status)];
  if (!documented) return `an undocumented status: ${where}`;
  const schema = documented.content?.['application/json']?.schema;
  if (schema && !ajv.validate(schema, json)) return `${ajv.errorsText()}: ${where}`;
  if (status !== 400) return undefined;
  const error = json as { code?: string; data?: { params?: Record<string, string> } };
  const conflict = STATED_CONFLICTS.find((rule) => rule.code === error.code);
  if (conflict) {
    const { schema: own, description } = schemaOf(conflict.field);
    if (conflict.documented.test(`${description ?? ''} ${descriptions(own)}`)) return undefined;
  }
  const params = error.data?.params ?? {};
  const unstated = Object.entries(params).filter(([name, message]) => {
    const { schema: own, description } = schemaOf(name);
    const words = `${description ?? ''} ${descriptions(own)}`;
    return !STATED_RULES.some((rule) => rule.message.test(message) && rule.documented.test(words));
  });
  if (Object.keys(params).length === 0 || unstated.length > 0) {
    return `refused for a reason the document does not state: ${where}`;
  }
  return undefined;
}
