/**
 * The failed sign-in throttle holds for the whole calendar: two server processes on one database
 * (worker processes on one SQLite file, or nodes on one PostgreSQL database) count failures
 * against one budget, so guesses spread over them get no more free failures than guesses sent
 * to one.
 */
import { describe, expect, it } from 'vitest';
import { basic, startTestServer, type TestServer } from '../../helpers/server.js';

const ADMIN_API = '/api/calendar/admin/v1';

const me = (server: TestServer, auth: string) =>
  server.call('GET', `${ADMIN_API}/me`, { auth }).then((res) => res.status);

describe('the sign-in throttle on two servers sharing one database', () => {
  it('shares the free failures and the delays, and a success on either clears them', async () => {
    const waits: Record<'a' | 'b', number[]> = { a: [], b: [] };
    const a = await startTestServer({
      file: true,
      failureDelayMs: (excess) => (waits.a.push(excess), 1),
    });
    const b = await startTestServer({
      sharing: a,
      failureDelayMs: (excess) => (waits.b.push(excess), 1),
    });
    // Two failures on each: the four free ones of the whole calendar.
    for (const server of [a, b, a, b]) expect(await me(server, basic('admin', 'wrong'))).toBe(401);
    expect(waits).toEqual({ a: [], b: [] });
    expect(await b.services.auth.failureCount('127.0.0.1', 'admin')).toBe(4);
    // The next attempt waits on whichever server it reaches, longer after each failure.
    expect(await me(b, basic('admin', 'wrong'))).toBe(401);
    expect(await me(a, basic('admin', 'wrong'))).toBe(401);
    expect(await me(b, basic('admin', 'wrong'))).toBe(401);
    expect(waits).toEqual({ a: [2], b: [1, 3] });
    expect(await a.services.auth.failureCount('127.0.0.1', 'admin')).toBe(7);
    // The owner still signs in (after the delay), and that clears the count for both.
    expect(await me(a, a.admin)).toBe(200);
    expect(await b.services.auth.failureCount('127.0.0.1', 'admin')).toBe(0);
    expect(await me(b, basic('admin', 'wrong'))).toBe(401);
    expect(waits.b).toEqual([1, 3]);
  });
});
