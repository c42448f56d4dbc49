/**
 * The reverse proxy guide's sample configuration (docs/proxy/nginx.conf), run by Debian's nginx
 * in front of two servers of one calendar (one SQLite file, or one PostgreSQL database in the
 * `server-postgres` project), as docs/scaling.md describes: answers pass through with the
 * client's Host in their links, requests go to both servers, the live stream is passed on as it
 * is written, bodies up to the import's size reach the servers, and the sign-in throttle counts
 * the address the proxy names, which a client cannot choose.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { request, type IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startNginx, type RunningNginx } from '../helpers/nginx.js';
import { basic, startTestServer, type TestServer } from '../helpers/server.js';
import { NS } from '../helpers/fixtures.js';

const ADMIN_API = '/api/calendar/admin/v1';
const STREAM = '/api/calendar/sync/v1/stream';

let nginx: RunningNginx | undefined;
afterEach(async () => {
  await nginx?.stop();
  nginx = undefined;
});

/** A logger that counts the requests a server answered. */
function counted() {
  const seen = { requests: 0, clients: new Set<string>() };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString('utf8')) as { msg?: string; client?: string };
      if (line.msg === 'request') {
        seen.requests++;
        if (line.client !== undefined) seen.clients.add(line.client);
      }
      done();
    },
  });
  return { seen, log: pino({ level: 'info' }, sink) };
}

interface Sent {
  host?: string;
  from?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  method?: string;
}

/** Opens a request to `origin` and resolves with the response as soon as its headers arrive. */
function open(origin: string, path: string, options: Sent = {}): Promise<IncomingMessage> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        ...(options.from ? { localAddress: options.from } : {}),
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
      },
      resolve,
    );
    req.once('error', reject);
    req.end(options.body);
  });
}

async function send(origin: string, path: string, options: Sent = {}) {
  const res = await open(origin, path, options);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: res.statusCode!, headers: res.headers, text };
}

/** Two servers of one calendar that trust the proxy on 127.0.0.1, and nginx in front of them. */
async function calendarBehindNginx() {
  const logs = [counted(), counted()];
  const options = (i: number) => ({
    config: { trustedProxies: ['127.0.0.1'] },
    start: { log: logs[i]!.log, sync: { pollMs: 20, heartbeatMs: 60_000 } },
  });
  const a = await startTestServer({ file: true, ...options(0) });
  const b = await startTestServer({ ...options(1), sharing: a });
  const port = (server: TestServer) => Number(new URL(server.url).port);
  nginx = await startNginx([port(a), port(b)]);
  return { a, b, proxy: nginx, counts: logs.map((l) => l.seen) };
}

describe('the sample nginx configuration in front of two servers of one calendar', () => {
  it('passes answers through with the client’s Host in their links, to both servers', async () => {
    const { a, proxy, counts } = await calendarBehindNginx();
    for (const title of ['One', 'Two']) {
      const created = await send(proxy.url, `${NS}/events`, {
        method: 'POST',
        headers: { authorization: a.admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          start_date: '2026-07-01 10:00:00',
          end_date: '2026-07-01 12:00:00',
        }),
      });
      expect(created.status, created.text).toBe(201);
    }
    const before = counts.map((c) => c.requests);
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => send(proxy.url, `${NS}/events?per_page=1`)),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      const body = JSON.parse(page.text) as { next_rest_url: string; events: unknown[] };
      expect(body.events).toHaveLength(1);
      // The address the client used, the proxy's port included: not the server's own.
      expect(body.next_rest_url.startsWith(`${proxy.url}${NS}/events/?page=2&per_page=1&`)).toBe(
        true,
      );
      expect(page.headers.link).toBe(`<${body.next_rest_url}>; rel="next"`);
    }
    // Both servers answered some of them.
    expect(counts[0]!.requests).toBeGreaterThan(before[0]!);
    expect(counts[1]!.requests).toBeGreaterThan(before[1]!);

    // A name the servers do not know is refused by their Host guard, through the proxy too;
    // once it is the public URL, it is let through and links are built on it.
    const named = () =>
      send(proxy.url, `${NS}/events?per_page=1`, { host: 'calendar.example.org' });
    const refused = await named();
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'almanac_host_not_allowed' });
    await a.services.settings.update({ public_url: 'https://calendar.example.org' });
    const allowed = await named();
    expect(allowed.status).toBe(200);
    const next = (JSON.parse(allowed.text) as { next_rest_url: string }).next_rest_url;
    expect(next.startsWith(`https://calendar.example.org${NS}/events/?page=2&`)).toBe(true);
  });

  it('takes bodies up to the import document’s size: the servers answer, not the proxy', async () => {
    const { a, proxy } = await calendarBehindNginx();
    // 3 MB, past nginx's default of 1 MB: the media route's own answer, in the API's shape.
    const upload = await send(proxy.url, `${ADMIN_API}/media`, {
      method: 'POST',
      headers: {
        authorization: a.admin,
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="big.png"',
      },
      body: Buffer.alloc(3 * 1024 * 1024, 7),
    });
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.text)).toMatchObject({ data: { status: 400 } });
  });

  it('passes the live stream on as it is written and keeps it open', async () => {
    const { a, proxy } = await calendarBehindNginx();
    // As a browser's EventSource asks: compressed if the proxy would.
    const res = await open(proxy.url, STREAM, {
      headers: { authorization: a.admin, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    let received = '';
    const arrived = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(received)) {
            res.off('data', onData);
            resolve();
          }
        };
        const onData = (chunk: Buffer) => {
          received += chunk.toString('utf8');
          check();
        };
        res.on('data', onData);
        res.once('end', () => reject(new Error(`the stream ended: ${received}`)));
        check();
      });
    // The first event, a few dozen bytes, arrives while the connection stays open: a buffering
    // proxy would hold it until its buffer filled or the stream ended.
    await arrived(/: connected\n\n/);
    expect(res.complete).toBe(false);
    // A change made through the proxy (on either server) follows on the same connection.
    const created = await send(proxy.url, `${NS}/events`, {
      method: 'POST',
      headers: { authorization: a.admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Live',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 12:00:00',
      }),
    });
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.text) as { id: number }).id;
    await arrived(new RegExp(`"id":${id},"action":"created"`));
    expect(res.complete).toBe(false);
    res.destroy();
  });

  it('has the sign-in throttle count the address the proxy names, which a client cannot choose', async () => {
    const { a, b, proxy, counts } = await calendarBehindNginx();
    const wrong = { authorization: basic('admin', 'wrong') };
    const failures = (client: string) => b.services.auth.failureCount(client, 'admin');
    // A client on 127.0.0.2 reaches the servers only through the proxy on 127.0.0.1.
    expect(
      (await send(proxy.url, `${ADMIN_API}/me`, { from: '127.0.0.2', headers: wrong })).status,
    ).toBe(401);
    expect(await failures('127.0.0.2')).toBe(1);
    expect(await failures('127.0.0.1')).toBe(0);
    // Its own X-Forwarded-For is replaced by the proxy.
    const spoofed = { ...wrong, 'x-forwarded-for': '198.51.100.7' };
    expect(
      (await send(proxy.url, `${ADMIN_API}/me`, { from: '127.0.0.2', headers: spoofed })).status,
    ).toBe(401);
    expect(await failures('127.0.0.2')).toBe(2);
    expect(await failures('198.51.100.7')).toBe(0);
    // The request log names the client as the throttle counts it, not the proxy.
    expect([...counts[0]!.clients, ...counts[1]!.clients]).toContain('127.0.0.2');
    expect(counts.every((c) => !c.clients.has('198.51.100.7'))).toBe(true);
    // Sent straight to a server, from an address that is not a trusted proxy, it is ignored.
    expect(
      (await send(a.url, `${ADMIN_API}/me`, { from: '127.0.0.2', headers: spoofed })).status,
    ).toBe(401);
    expect(await failures('127.0.0.2')).toBe(3);
    expect(await failures('198.51.100.7')).toBe(0);
  });
});
