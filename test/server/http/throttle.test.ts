/**
 * The failed sign-in throttle cannot be turned against others: failures count per client and
 * login, so another login's failures never hold up valid credentials; a request whose client went
 * away leaves the queue; and Basic auth answers an unknown login like a wrong password, after the
 * same password hashing.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, basic, startTestServer, type TestServer } from '../../helpers/server.js';

const ADMIN_API = '/api/calendar/admin/v1';
const HOUR = 3_600_000;

/** A request that can be abandoned; resolves with the status, or `aborted`. */
function send(server: TestServer, auth: string, signal?: AbortSignal) {
  return fetch(`${server.url}${ADMIN_API}/me`, { headers: { authorization: auth }, signal }).then(
    (res) => res.status,
    () => 'aborted' as const,
  );
}

/** Resolves once `condition` holds, checking between turns of the event loop. */
async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the failed sign-in throttle', () => {
  it('never holds up valid credentials behind another login’s failures from the same client', async () => {
    const server = await startTestServer({ failureDelayMs: () => HOUR });
    await server.userWith('editor', 'target');
    const stop = new AbortController();
    // Four free failures, then requests that would each wait an hour.
    const guesses = Array.from({ length: 8 }, (_, i) =>
      send(server, basic('target', `guess-${i}`), stop.signal),
    );
    await until(async () => (await server.services.auth.failureCount('127.0.0.1', 'target')) === 4);
    expect(await send(server, server.admin)).toBe(200);
    expect(await send(server, basic('nobody', 'x'))).toBe(401);
    stop.abort();
    const statuses = await Promise.all(guesses);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
  });

  it('drops requests whose client went away, with their wait, from the queue', async () => {
    let delay = HOUR;
    const waits: number[] = [];
    const server = await startTestServer({
      failureDelayMs: (excess) => {
        waits.push(excess);
        return delay;
      },
    });
    for (let i = 0; i < 4; i++) expect(await send(server, basic('admin', `wrong-${i}`))).toBe(401);
    const gone = new AbortController();
    const abandoned = Array.from({ length: 5 }, (_, i) =>
      send(server, basic('admin', `abandoned-${i}`), gone.signal),
    );
    // The first abandoned request is waiting its hour, the others are queued behind it.
    await until(() => waits.length === 1);
    gone.abort();
    expect(await Promise.all(abandoned)).toEqual(abandoned.map(() => 'aborted'));
    // Every abandoned request leaves the queue, even one whose hour had begun: were any left
    // waiting, the queue would stay busy for an hour and this wait would time the test out.
    await until(() => !server.services.auth.checking('127.0.0.1', 'admin'));
    delay = 1;
    // The owner's next attempt waits only for its own turn, not for the abandoned ones.
    expect(await send(server, server.admin)).toBe(200);
    expect(waits.at(-1)).toBe(1);
    // Nothing was checked for the abandoned requests, so nothing was counted: a success clears.
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(0);
  });

  it('answers an unknown Basic login like a wrong password, after as much hashing', async () => {
    const server = await startTestServer();
    await server.userWith('editor', 'known');
    const unknown: number[] = [];
    const wrong: number[] = [];
    const timed = async (auth: string) => {
      const started = performance.now();
      const res = await server.call('GET', `${ADMIN_API}/me`, { auth });
      return { res, ms: performance.now() - started };
    };
    // Side by side, each login fresh: no throttle delay, no remembered secret.
    for (let i = 0; i < 7; i++) {
      const a = await timed(basic(`ghost-${i}`, `pw-${i}`));
      const b = await timed(basic(i % 2 === 0 ? 'known' : ADMIN.login, `pw-${i}`));
      expect(a.res.status).toBe(401);
      expect(a.res.json).toEqual(b.res.json);
      unknown.push(a.ms);
      wrong.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[3]!;
    // An unknown login costs a password hash too (about the same as a wrong password, and far
    // more than the lookup alone).
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);

    const session = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'ghost', password: 'whatever' },
    });
    const bad = await server.call('POST', `${ADMIN_API}/sessions`, {
      body: { login: 'known', password: 'whatever' },
    });
    expect(session.status).toBe(401);
    expect(session.json).toEqual(bad.json);
  });
});
