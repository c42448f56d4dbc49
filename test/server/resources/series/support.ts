/** Helpers of the recurring-event tests: series made and read through the API. */
import { expect } from 'vitest';
import { create, NS, type Created } from '../../../helpers/fixtures.js';
import type { TestServer } from '../../../helpers/server.js';
import type { Scope } from '../../../../shared/recurrence/schema.js';

export const ADMIN_NS = '/api/calendar/admin/v1';

export interface Occurrence {
  id: number;
  title: string;
  status: string;
  slug: string;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  series_id: number | null;
  original_start_date: string | null;
  recurrence: string[];
}

/** A weekly 19:00-21:00 rehearsal in Paris from Tuesday 16 June 2026, unless `body` says otherwise. */
export const createSeries = (
  server: TestServer,
  body: Record<string, unknown> = {},
  auth: string = server.admin,
): Promise<Created> =>
  create(
    server,
    'events',
    {
      title: 'Rehearsal',
      start_date: '2026-06-16 19:00:00',
      end_date: '2026-06-16 21:00:00',
      timezone: 'Europe/Paris',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
      ...body,
    },
    auth,
  );

/**
 * Every event a listing gives for `query` (all pages), as the caller (`null`: anonymous) sees
 * them; the window defaults to 2026-2027 and every status an editor sees.
 */
export async function listAll(
  server: TestServer,
  query: Record<string, string | number> = {},
  auth: string | null = server.admin,
): Promise<Occurrence[]> {
  const out: Occurrence[] = [];
  for (let page = 1; ; page++) {
    const res = await server.call('GET', `${NS}/events`, {
      auth: auth ?? undefined,
      query: {
        start_date: '2026-01-01',
        end_date: '2027-12-31',
        per_page: 50,
        page,
        ...(auth === null ? {} : { status: 'publish,future,draft,pending,private' }),
        ...query,
      },
    });
    if (res.status === 404 && page > 1) break;
    expect(res.status, res.text).toBe(200);
    out.push(...(res.body.events as Occurrence[]));
    if (page >= (res.body.total_pages as number)) break;
  }
  return out;
}

/** The occurrences of a series other than its parent (`post_parent`), in order. */
export const childrenOf = (
  server: TestServer,
  seriesId: number,
  query: Record<string, string | number> = {},
  auth: string | null = server.admin,
) => listAll(server, { post_parent: seriesId, ...query }, auth);

export async function read(server: TestServer, id: number, auth = server.admin) {
  const res = await server.call('GET', `${NS}/events/${id}`, { auth });
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Occurrence & Record<string, unknown>;
}

export async function update(
  server: TestServer,
  id: number,
  body: Record<string, unknown>,
  scope?: Scope,
  auth = server.admin,
) {
  const res = await server.call('PUT', `${NS}/events/${id}`, {
    auth,
    body,
    ...(scope ? { query: { scope } } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Occurrence;
}

export async function trash(server: TestServer, id: number, scope?: Scope, auth = server.admin) {
  const res = await server.call('DELETE', `${NS}/events/${id}`, {
    auth,
    ...(scope ? { query: { scope } } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Occurrence;
}

/** `YYYY-MM-DD` of each start, in the event's zone. */
export const days = (list: Occurrence[]) => list.map((o) => o.start_date.slice(0, 10));
