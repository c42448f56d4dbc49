/**
 * What other devices are given to connect (GET /calendar/admin/v1/connect) and the Apple
 * configuration profile (/connect/almanac.mobileconfig): only addresses another device can
 * reach, never loopback; the profile only for its own signed-in caller.
 */
import { describe, expect, it } from 'vitest';
import { lanAddresses } from '../../../../server/http/guards.js';
import { silentAnnouncer } from '../../../../server/lan-announce.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const CONNECT = '/api/calendar/admin/v1/connect';
const PROFILE = '/connect/almanac.mobileconfig';

/** The value after `<key>name</key>` in the profile's XML. */
function plistValue(xml: string, key: string): string | undefined {
  const match = new RegExp(`<key>${key}</key>\\s*<(\\w+)(?:/>|>([^<]*)</\\w+>)`).exec(xml);
  if (!match) return undefined;
  return match[2] ?? match[1];
}

async function appPassword(server: TestServer, auth: string, id: number): Promise<string> {
  const res = await server.call(
    'POST',
    `/api/calendar/admin/v1/users/${id}/application-passwords`,
    {
      auth,
      body: { name: 'My iPhone' },
    },
  );
  expect(res.status).toBe(201);
  return (res.json as { password: string }).password;
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('GET /calendar/admin/v1/connect', () => {
  it('gives a signed-in user no address while LAN sharing is off, and never loopback', async () => {
    const server = await startTestServer();
    const author = await server.userWith('author', 'amira');
    const res = await server.call('GET', CONNECT, { auth: author.auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      login: 'amira',
      lan_sharing: false,
      fixed_by_config: true,
      origins: [],
      internet: false,
      caldav_path: '/dav/',
      profile_path: PROFILE,
    });
    expect((await server.call('GET', CONNECT)).status).toBe(401);
  });

  it('gives the public URL, and says whether it is on the internet', async () => {
    const server = await startTestServer({ settings: { public_url: 'https://cal.example.org' } });
    const online = await server.call('GET', CONNECT, { auth: server.admin });
    expect(online.json).toMatchObject({ origins: ['https://cal.example.org'], internet: true });
    await server.services.settings.update({ public_url: 'http://192.168.1.9:7420' });
    const lan = await server.call('GET', CONNECT, { auth: server.admin });
    expect(lan.json).toMatchObject({ origins: ['http://192.168.1.9:7420'], internet: false });
    await server.services.settings.update({ public_url: 'http://127.0.0.1:7420' });
    const loop = await server.call('GET', CONNECT, { auth: server.admin });
    expect(loop.json).toMatchObject({ origins: [], internet: false });
  });

  it('gives the LAN addresses once sharing is on', async () => {
    const server = await startTestServer({
      config: { host: undefined },
      start: { announcer: silentAnnouncer },
    });
    const on = await server.call('POST', '/api/calendar/admin/v1/settings', {
      auth: server.admin,
      body: { lan_sharing: true },
    });
    expect(on.status).toBe(200);
    const res = await server.call('GET', CONNECT, { auth: server.admin });
    const expected = lanAddresses()
      .filter((a) => !a.startsWith('fe80:') && !a.includes(':'))
      .map((a) => `http://${a}:${server.port}`);
    expect(res.json).toMatchObject({ lan_sharing: true, fixed_by_config: false });
    const origins = (res.json as { origins: string[] }).origins;
    expect(origins.slice(0, expected.length)).toEqual(expected);
    expect(origins.some((o) => /127\.0\.0\.1|\[::1\]|localhost/.test(o))).toBe(false);
    await server.call('POST', '/api/calendar/admin/v1/settings', {
      auth: server.admin,
      body: { lan_sharing: false },
    });
  });
});

describe('GET /connect/almanac.mobileconfig', () => {
  it('asks a browser for credentials, and refuses bad ones', async () => {
    const server = await startTestServer();
    const anonymous = await fetch(`${server.url}${PROFILE}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(
      'Basic realm="Almanac", charset="UTF-8"',
    );
    const wrong = await fetch(`${server.url}${PROFILE}`, {
      headers: { authorization: basic('admin', 'not-the-password') },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('sets up the caller’s own CalDAV account, with an application password', async () => {
    const server = await startTestServer({ settings: { public_url: 'https://cal.example.org' } });
    const editor = await server.userWith('editor', 'noor');
    const secret = await appPassword(server, editor.auth, editor.id);
    const res = await fetch(`${server.url}${PROFILE}`, {
      headers: { authorization: basic('noor', secret) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-apple-aspen-config/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="almanac.mobileconfig"',
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE plist/);
    expect({
      type: plistValue(xml, 'PayloadType'),
      host: plistValue(xml, 'CalDAVHostName'),
      port: plistValue(xml, 'CalDAVPort'),
      path: plistValue(xml, 'CalDAVPrincipalURL'),
      user: plistValue(xml, 'CalDAVUsername'),
      ssl: plistValue(xml, 'CalDAVUseSSL'),
    }).toEqual({
      type: 'com.apple.caldav.account',
      host: 'cal.example.org',
      port: '443',
      path: '/dav/',
      user: 'noor',
      ssl: 'true',
    });
    // No secret in the file: the device asks for the password while installing.
    expect(xml).not.toContain(secret);
    expect(xml).not.toContain('CalDAVPassword');
    expect(xml.match(/<key>PayloadType<\/key>\s*<string>Configuration<\/string>/)).not.toBeNull();
  });

  it('names the address asked for only when other devices can reach it', async () => {
    const server = await startTestServer({ settings: { public_url: 'http://192.168.1.9:7420' } });
    const ok = await server.call('GET', PROFILE, {
      auth: server.admin,
      query: { origin: 'http://192.168.1.9:7420' },
    });
    expect(ok.status).toBe(200);
    const refused = await server.call('GET', PROFILE, {
      auth: server.admin,
      query: { origin: 'http://10.9.9.9:7420' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});
