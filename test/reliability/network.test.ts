/**
 * Network attacks (issue 9, item 5): DNS-rebinding Host headers, CORS per docs/contract/decisions.md 8,
 * oversized and malformed bodies, and slow or abandoned connections. Connection deadlines are
 * shortened through start()'s `limits` so nothing waits for the production values; every loop
 * here is bounded in count and time and cleans up its sockets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createNetworkController } from '../../server/lan-sharing.js';
import { DEFAULT_LIMITS, type ConnectionLimits } from '../../server/http/listener.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest, shapeProblem, sleep } from '../helpers/reliability.js';

const ADMIN_API = '/api/calendar/admin/v1';
const FAST: Partial<ConnectionLimits> = {
  headersMs: 400,
  requestMs: 800,
  keepAliveMs: 300,
  idleMs: 1_000,
  checkIntervalMs: 100,
};

const sockets = new Set<Socket>();
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
});

interface Watched {
  socket: Socket;
  /** Milliseconds from connect until the server closed the connection, once it has. */
  closedAfter(): number | undefined;
  received(): string;
  closed: Promise<void>;
}

function open(port: number, host = '127.0.0.1'): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host });
    sockets.add(socket);
    let closedAt: number | undefined;
    let data = '';
    const started = Date.now();
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        closedAt = Date.now() - started;
        done();
      }),
    );
    socket.once('connect', () =>
      resolve({
        socket,
        closedAfter: () => closedAt,
        received: () => data,
        closed,
      }),
    );
    socket.once('error', reject);
  });
}

/**
 * Resolves once every socket is closed. There is no deadline here on purpose: a loaded machine
 * may be slow, and a server that never closes them fails the test at its timeout instead.
 */
async function allClosed(watched: Watched[]): Promise<void> {
  await Promise.all(watched.map((w) => w.closed));
}

async function connectionCount(server: TestServer): Promise<number> {
  return new Promise((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Resolves once the server holds no connection (polling; no deadline, as above). */
async function connectionsDrained(server: TestServer): Promise<void> {
  while ((await connectionCount(server)) > 0) await sleep(50);
}

describe('DNS rebinding: the Host allow-list', () => {
  const hostile = [
    'attacker.example',
    'attacker.example:80',
    'localhost.attacker.example',
    '127.0.0.1.nip.io',
    'evil.com:127.0.0.1',
    '127.0.0.1@evil.com',
    'evil.com\\@localhost',
    '0.0.0.0',
    '[::ffff:127.0.0.1]',
    'xn--80ak6aa92e.com',
    'a'.repeat(300),
  ];

  it('refuses every foreign Host on every kind of path and method, before any route runs', async () => {
    const server = await startTestServer();
    const paths = [
      '/api/',
      `${ADMIN_API}/me`,
      '/api/calendar/events/v1/events',
      '/wp-json/tribe/events/v1/events',
      '/?rest_route=/calendar/events/v1/events',
      '/console/',
      '/event/anything/',
      '/no-such-page',
    ];
    for (const host of hostile) {
      for (const path of paths) {
        for (const method of ['GET', 'POST', 'OPTIONS', 'DELETE']) {
          const res = await rawRequest(server.url, method, path, {
            headers: { host, origin: 'http://attacker.example' },
            auth: server.admin,
          });
          expect(res.status, `${method} ${path} Host: ${host}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          if (res.status === 403) expect(res.body.code).toBe('almanac_host_not_allowed');
          expect(res.text).not.toMatch(/"login"|"token"/);
        }
      }
    }
    // The refusal happens before authentication: no failed login was counted.
    expect(await server.services.auth.failureCount('127.0.0.1', 'admin')).toBe(0);
  });

  it('answers the loopback names in any case, with or without the port', async () => {
    const server = await startTestServer();
    for (const host of [
      'localhost',
      'LOCALHOST',
      `127.0.0.1:${server.port}`,
      `[::1]:${server.port}`,
    ]) {
      const res = await rawRequest(server.url, 'GET', '/api/', { headers: { host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('keeps working when the stored public URL is not a URL it can parse', async () => {
    const server = await startTestServer();
    const res = await server.call('PATCH', `${ADMIN_API}/settings`, {
      auth: server.admin,
      body: { public_url: 'http://[' },
    });
    expect(res.status).toBe(400);
    // A value stored by other means (an older version, a restored backup) must not take the
    // whole server down either.
    await server.services.settings.update({ public_url: 'http://[' });
    const after = await rawRequest(server.url, 'GET', '/api/', {});
    expect(after.status).toBe(200);
  });
});

describe('CORS (decisions.md 8)', () => {
  const allowed = 'https://app.example.org';

  it('lets any origin read anonymously and exposes the paging headers', async () => {
    const server = await startTestServer({ settings: { cors_origins: [allowed] } });
    for (const origin of ['https://elsewhere.example', 'null', 'file://', allowed]) {
      const res = await rawRequest(server.url, 'GET', '/api/calendar/events/v1/categories', {
        headers: { origin },
      });
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-expose-headers']).toBe(
        'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, Allow, ETag',
      );
      expect(String(res.headers.vary)).toMatch(/origin/i);
      if (origin !== allowed) {
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
  });

  it('refuses credentials and writes from origins that are not allowed, look-alikes included', async () => {
    const server = await startTestServer({ settings: { cors_origins: [allowed] } });
    const foreign = [
      'https://elsewhere.example',
      'null',
      'https://app.example.org.evil.com',
      'https://evil-app.example.org',
      'http://app.example.org',
      'https://app.example.org:8443',
      `http://127.0.0.1:${server.port}.evil.com`,
    ];
    for (const origin of foreign) {
      const credentialed = await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
        headers: { origin },
        auth: server.admin,
      });
      expect(credentialed.status, origin).toBe(403);
      expect(credentialed.body.code).toBe('rest_forbidden_origin');
      expect(shapeProblem(credentialed)).toBeUndefined();
      expect(credentialed.headers['access-control-allow-credentials']).toBeUndefined();

      const write = await rawRequest(server.url, 'POST', '/api/calendar/events/v1/tags', {
        headers: { origin },
        json: { name: 'from elsewhere' },
      });
      expect(write.status, origin).toBe(403);

      const preflight = await rawRequest(server.url, 'OPTIONS', `${ADMIN_API}/users`, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(String(preflight.headers['access-control-allow-headers'])).not.toMatch(
        /authorization/i,
      );
      expect(String(preflight.headers['access-control-allow-methods'])).not.toMatch(
        /POST|PUT|PATCH|DELETE/,
      );
    }
    const [tags] = await server.sql<{ n: number | string }>(
      "SELECT count(*) AS n FROM terms WHERE name = 'from elsewhere'",
    );
    expect(Number(tags!.n)).toBe(0);
  });

  it('gives allowed origins credentials, on errors too', async () => {
    const server = await startTestServer({ settings: { cors_origins: [allowed] } });
    for (const origin of [allowed, `${allowed}/`, allowed.toUpperCase(), server.url]) {
      const res = await rawRequest(server.url, 'GET', `${ADMIN_API}/me`, {
        headers: { origin },
        auth: server.admin,
      });
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    }
    const missing = await rawRequest(server.url, 'GET', `${ADMIN_API}/users/999`, {
      headers: { origin: allowed },
      auth: server.admin,
    });
    expect(missing.status).toBe(400);
    expect(missing.headers['access-control-allow-origin']).toBe(allowed);
  });
});

describe('request bodies', () => {
  it('answers 413 in the error shape for bodies over the limit, JSON, form or chunked', async () => {
    const server = await startTestServer();
    const big = 'x'.repeat(1_100_000);
    const attempts: Array<[string, Record<string, string>, string]> = [
      ['json', { 'content-type': 'application/json' }, JSON.stringify({ name: big })],
      ['form', { 'content-type': 'application/x-www-form-urlencoded' }, `name=${big}`],
    ];
    for (const [label, headers, body] of attempts) {
      const res = await rawRequest(server.url, 'POST', '/api/calendar/events/v1/tags', {
        headers,
        body,
        auth: server.admin,
      });
      expect(res.status, label).toBe(413);
      expect(res.body.code).toBe('rest_payload_too_large');
      expect(shapeProblem(res)).toBeUndefined();
    }
    const chunked = await chunkedPost(
      server.port,
      '/api/calendar/events/v1/tags',
      big,
      server.admin,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413/);
    const [terms] = await server.sql<{ n: number | string }>('SELECT count(*) AS n FROM terms');
    expect(Number(terms!.n)).toBe(0);
  });

  it('answers 4xx in the error shape for malformed, deep, odd or mislabelled bodies', async () => {
    const server = await startTestServer();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const bodies: Array<[string, string | Buffer]> = [
      ['application/json', '{"name": '],
      ['application/json', deep],
      ['application/json', deepObject],
      ['application/json', '"just a string"'],
      ['application/json', 'null'],
      ['application/json', '[1,2,3]'],
      ['application/json', '{"__proto__": {"role": "administrator"}, "name": "p"}'],
      ['application/json', '{"constructor": {"prototype": {"x": 1}}, "name": "c"}'],
      [
        'application/json',
        Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      ],
      ['application/json; charset=latin-9', '{"name": "x"}'],
      ['application/json; charset=utf-16', '{"name": "x"}'],
      ['application/x-www-form-urlencoded', 'name=%ZZ&slug=%'],
      ['application/x-www-form-urlencoded', 'name[a][b][c][d][e][f]=1'],
      [
        'application/x-www-form-urlencoded',
        Array.from({ length: 2_000 }, (_, i) => `k${i}=1`).join('&'),
      ],
      ['text/plain', 'name=plain'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nm\r\n--x--',
      ],
    ];
    for (const [type, body] of bodies) {
      const res = await rawRequest(server.url, 'POST', '/api/calendar/events/v1/tags', {
        headers: { 'content-type': type },
        body,
        auth: server.admin,
      });
      const label = `${type}: ${body.slice(0, 40).toString()}`;
      expect(shapeProblem(res), label).toBeUndefined();
      expect(res.status, label).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('answers malformed HTTP with a 4xx instead of dropping it silently', async () => {
    const server = await startTestServer();
    const cases = [
      `GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      'GET /api/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'GET /api/ HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      'BREW /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /api/\x00 HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GARBAGE\r\n\r\n',
    ];
    for (const text of cases) {
      const w = await open(server.port);
      w.socket.write(text);
      await allClosed([w]);
      const answer = w.received();
      expect(answer, JSON.stringify(text.slice(0, 60))).toMatch(/^HTTP\/1\.1 4\d\d /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
        code: string;
        data: { status: number };
      };
      expect(body.data.status).toBe(Number(answer.slice(9, 12)));
      expect(body.code).toMatch(/^rest_/);
      w.socket.destroy();
    }
    // After a complete answer on the connection, garbage gets no second, stray answer.
    const pipelined = await open(server.port);
    pipelined.socket.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\nGARBAGE\r\n\r\n');
    await allClosed([pipelined]);
    expect(pipelined.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(pipelined.received().match(/HTTP\/1\.1 \d{3} /g)).toHaveLength(1);
    const alive = await rawRequest(server.url, 'GET', '/api/');
    expect(alive.status).toBe(200);
  });
});

function chunkedPost(port: number, path: string, payload: string, auth: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    sockets.add(socket);
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(data));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
    );
    const body = JSON.stringify({ name: payload });
    for (let i = 0; i < body.length; i += 65_536) {
      const part = body.slice(i, i + 65_536);
      socket.write(`${part.length.toString(16)}\r\n${part}\r\n`);
    }
    socket.end('0\r\n\r\n');
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

describe('slow and abandoned connections', () => {
  it('keeps production deadlines that Node actually enforces', () => {
    expect(DEFAULT_LIMITS.checkIntervalMs).toBeLessThanOrEqual(DEFAULT_LIMITS.headersMs / 5);
    expect(DEFAULT_LIMITS.headersMs).toBeLessThanOrEqual(DEFAULT_LIMITS.requestMs);
    expect(DEFAULT_LIMITS.idleMs).toBeGreaterThan(0);
  });

  it('cuts off slowloris clients (headers trickling in) and keeps serving others meanwhile', async () => {
    // A headers deadline far above what answering one request takes: the honest request below
    // must be answered while every attacker still holds its connection.
    const server = await startTestServer({
      start: { limits: { ...FAST, headersMs: 4_000, requestMs: 8_000 } },
    });
    const attackers = await Promise.all(Array.from({ length: 150 }, () => open(server.port)));
    for (const a of attackers) a.socket.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\n');
    // One more header byte every 50 ms until the server hangs up: a client that never stops
    // sending is only cut off by the server's deadline.
    const timer = setInterval(() => {
      for (const a of attackers) if (!a.socket.destroyed) a.socket.write('X');
    }, 50);
    try {
      const res = await rawRequest(server.url, 'GET', '/api/');
      expect(res.status).toBe(200);
      expect(attackers.filter((a) => a.closedAfter() !== undefined)).toEqual([]);
      await allClosed(attackers);
      for (const a of attackers) expect(a.received()).not.toMatch(/^HTTP\/1\.1 200/);
    } finally {
      clearInterval(timer);
    }
    await connectionsDrained(server);
  });

  it('cuts off clients that connect and send nothing, or stop in the middle of a body', async () => {
    const server = await startTestServer({ start: { limits: FAST } });
    const silent = await Promise.all(Array.from({ length: 50 }, () => open(server.port)));
    const partial = await Promise.all(Array.from({ length: 50 }, () => open(server.port)));
    for (const p of partial) {
      p.socket.write(
        `POST /api/calendar/events/v1/tags HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name": "`,
      );
    }
    await allClosed([...silent, ...partial]);
    const ok = await rawRequest(server.url, 'GET', '/api/');
    expect(ok.status).toBe(200);
  });

  it('closes idle keep-alive connections and connections whose client stops reading', async () => {
    const server = await startTestServer({ start: { limits: FAST } });
    const idle = await open(server.port);
    idle.socket.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await allClosed([idle]);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);

    // A pipeline of requests whose answers are never read fills the socket buffers; the idle
    // deadline then frees the connection (and its buffers) instead of keeping it forever.
    const reader = await open(server.port);
    reader.socket.pause();
    const one = `GET /api/calendar/events/v1/doc HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    for (let i = 0; i < 200 && !reader.socket.destroyed; i++) reader.socket.write(one);
    await connectionsDrained(server);
  });

  it('gives the LAN listeners the same deadlines as loopback', async () => {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.2', () => resolve((probe.address() as AddressInfo).port)),
    );
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const network = createNetworkController(() => ['127.0.0.2']);
    network.attach((_req, res) => res.end('ok'), '127.0.0.1', port, false, {
      ...DEFAULT_LIMITS,
      ...FAST,
    });
    await network.apply(true);
    try {
      const slow = await open(port, '127.0.0.2');
      slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      await allClosed([slow]);
    } finally {
      await network.close();
    }
  });
});
