/** Shared set-up for the events tests: the API root and a quick way to make events. */
import { expect } from 'vitest';
import type { ApiResult, TestServer } from '../../../helpers/server.js';

export const EVENTS = '/api/calendar/events/v1/events';

export interface EventBody {
  id: number;
  [key: string]: unknown;
}

/** Creates an event as the administrator (or `auth`) and returns its body; fails the test on error. */
export async function makeEvent(
  server: TestServer,
  fields: Record<string, unknown> = {},
  auth: string = server.admin,
): Promise<EventBody> {
  const response = await server.call('POST', EVENTS, {
    auth,
    body: {
      title: 'An event',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 12:00:00',
      ...fields,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as EventBody;
}

/** The ids of a listing response, in order. */
export function ids(response: ApiResult): number[] {
  return (response.body.events as EventBody[]).map((event) => event.id);
}
