/**
 * Test data made through the API, and the key lists of the wire shapes, in one place.
 *
 * Every helper POSTs to a collection of the events namespace as the administrator (or `auth`),
 * asserts the 201 and returns the body. Key lists are derived from the zod wire schemas in
 * shared/schemas/wire, which also generate the OpenAPI document: a test that compares a
 * response's keys with them checks the server against the one definition of each shape.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import {
  costDetails,
  dateDetails,
  embeddedTerm,
  event,
  organizer,
  venue,
} from '../../shared/schemas/wire/index.js';
import type { TestServer } from './server.js';

export const NS = '/api/calendar/events/v1';

export type Collection = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
export type Created = { id: number } & Record<string, unknown>;

/** POSTs to a collection of the events namespace and expects 201. */
export async function create(
  server: TestServer,
  collection: Collection,
  body: Record<string, unknown>,
  auth: string = server.admin,
): Promise<Created> {
  const res = await server.call('POST', `${NS}/${collection}`, { auth, body });
  expect(res.status, `POST ${collection}: ${res.text}`).toBe(201);
  return res.body as Created;
}

/** The id of a new object: `create` for tests that only link to it. */
export const createId = async (...args: Parameters<typeof create>): Promise<number> =>
  (await create(...args)).id;

/** An event on 2026-07-01 10:00-12:00 unless the body says otherwise. */
export const createEvent = (
  server: TestServer,
  body: Record<string, unknown> = {},
  auth: string = server.admin,
) =>
  create(
    server,
    'events',
    {
      title: 'An event',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 12:00:00',
      ...body,
    },
    auth,
  );

/** The keys of a wire object in the order the server writes them, less `omit`. */
export function wireKeys(schema: z.ZodObject, omit: readonly string[] = []): string[] {
  return Object.keys(schema.shape).filter((key) => !omit.includes(key));
}

/** An event as listings, creates and updates write it (single reads add `json_ld`). */
export const EVENT_KEYS = wireKeys(event, ['json_ld']);
/** A venue's keys in order, less the fields left out because they are empty (or `json_ld`). */
export const venueKeys = (omit: readonly string[] = []) => wireKeys(venue, omit);
export const organizerKeys = (omit: readonly string[] = []) => wireKeys(organizer, omit);
/** `*_date_details`, `cost_details` and a term inside an event. */
export const DATE_DETAILS_KEYS = wireKeys(dateDetails);
export const COST_DETAILS_KEYS = wireKeys(costDetails);
export const EMBEDDED_TERM_KEYS = wireKeys(embeddedTerm);
