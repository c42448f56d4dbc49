/**
 * X-Forwarded-For and X-Forwarded-Proto are believed only from the reverse proxies named by
 * --trusted-proxies: the sign-in throttle counts the client the proxy names, and links take the
 * scheme it was reached by. From anyone else the headers change nothing.
 */
import { describe, expect, it } from 'vitest';
import { basic, startTestServer } from '../../helpers/server.js';
import { NS } from '../../helpers/fixtures.js';

const ME = '/api/calendar/admin/v1/me';
const wrong = basic('admin', 'wrong');

describe('trusted proxies', () => {
  it('ignores forwarded headers by default: a client cannot choose the address it is counted under', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', ME, {
      auth: wrong,
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(401);
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(1);
    expect(await server.services.auth.failureCount('198.51.100.7', 'admin')).toBe(0);
    const page = await server.call('GET', `${NS}/events`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.body.rest_url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('counts the client a trusted proxy names, the address the proxy itself added', async () => {
    const server = await startTestServer({ config: { trustedProxies: ['127.0.0.1'] } });
    // What the client sent itself comes first; the trusted proxy appended the address it saw.
    await server.call('GET', ME, {
      auth: wrong,
      headers: { 'x-forwarded-for': '203.0.113.5, 198.51.100.7' },
    });
    expect(await server.services.auth.failureCount('198.51.100.7', 'admin')).toBe(1);
    expect(await server.services.auth.failureCount('203.0.113.5', 'admin')).toBe(0);
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(0);
    // An IPv6 client behind the proxy is counted by its /64, as a direct one is.
    await server.call('GET', ME, { auth: wrong, headers: { 'x-forwarded-for': '2001:db8::1' } });
    expect(await server.services.auth.failureCount('2001:db8:0:0::/64', 'admin')).toBe(1);
    const page = await server.call('GET', `${NS}/events`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.body.rest_url).toMatch(/^https:\/\/127\.0\.0\.1:/);
  });
});
