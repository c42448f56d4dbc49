/** Creating objects through the API in tests: asserts the 201 and returns the body. */
import { expect } from 'vitest';
import type { TestServer } from './server.js';

export const NS = '/api/calendar/events/v1';

export type Created = { id: number } & Record<string, unknown>;

/** POSTs to a collection of the events namespace (`venues`, `tags`, ...) and expects 201. */
export async function create(
  server: TestServer,
  collection: string,
  body: Record<string, unknown>,
  auth = server.admin,
): Promise<Created> {
  const res = await server.call('POST', `${NS}/${collection}`, { auth, body });
  expect(res.status, res.text).toBe(201);
  return res.body as Created;
}

/** An event on 2026-07-01 10:00-11:00 unless the body says otherwise. */
export const createEvent = (server: TestServer, body: Record<string, unknown> = {}) =>
  create(server, 'events', {
    title: 'E',
    start_date: '2026-07-01 10:00:00',
    end_date: '2026-07-01 11:00:00',
    ...body,
  });
