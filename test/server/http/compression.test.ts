import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../../../scripts/precompress.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createEvent, NS } from '../../helpers/fixtures.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly the headers given (fetch would add its own Accept-Encoding). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: Raw): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body.toString('utf8');
}

const varies = (res: Raw) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compressed API answers', () => {
  it('sends brotli when offered, else gzip, else the plain body, all with Vary', async () => {
    const server = await startTestServer();
    const url = `${server.url}/api/`;
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(varies(plain)).toBe(true);

    // Brotli wins even when the client lists it last (as Chromium does: "gzip, deflate, br").
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(decoded(br)).toBe(plain.body.toString('utf8'));

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(plain.body.toString('utf8'));

    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('keeps the tag, and answers 304 to it whatever the encoding', async () => {
    const server = await startTestServer();
    const url = `${server.url}/api/`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"/);
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const plain = await get(url, { 'if-none-match': tag });
    expect(plain.status).toBe(304);
  });

  it('answers HEAD without a body or an encoding', async () => {
    const server = await startTestServer();
    const head = await get(`${server.url}/api/`, { 'accept-encoding': 'br, gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers uncompressed', async () => {
    const server = await startTestServer();
    const res = await get(`${server.url}${NS}/tags`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ tags: [], total: 0 });
  });

  it('compresses listings', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 5; i++) await createEvent(server, { title: `Event ${i}` });
    const list = await get(`${server.url}${NS}/events`, { 'accept-encoding': 'gzip, br' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(list))).toMatchObject({ total: 5 });
  });

  it('leaves a large answer as it is, length and Vary included, when no encoding is accepted', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 5; i++) await createEvent(server, { title: `Event ${i}` });
    const url = `${server.url}${NS}/events`;
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const cases: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of cases) {
      const plain = await get(url, headers);
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['transfer-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      expect(varies(plain)).toBe(true);
      expect(plain.headers.etag).toBe(br.headers.etag);
      expect(plain.body.toString('utf8')).toBe(decoded(br));
    }
  });

  it('streams live changes uncompressed, each as soon as it happens', async () => {
    const server = await startTestServer({ start: { sync: { pollMs: 20, heartbeatMs: 100 } } });
    const stream = await streamStart(server);
    try {
      expect(stream.headers['content-encoding']).toBeUndefined();
      await createEvent(server, { title: 'Live' });
      await stream.until((text) => text.includes('"action":"created"'));
    } finally {
      stream.close();
    }
  });
});

/** The live stream read as raw bytes, as a client that accepts compression. */
function streamStart(server: TestServer) {
  return new Promise<{
    headers: Raw['headers'];
    until(check: (text: string) => boolean): Promise<void>;
    close(): void;
  }>((resolve, reject) => {
    const req = request(
      `${server.url}/api/calendar/sync/v1/stream`,
      { headers: { 'accept-encoding': 'br, gzip', authorization: server.admin }, agent: false },
      (res) => {
        let text = '';
        const waiting: Array<() => void> = [];
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          for (const wake of waiting.splice(0)) wake();
        });
        resolve({
          headers: res.headers,
          until: async (check) => {
            while (!check(text)) await new Promise<void>((wake) => waiting.push(wake));
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the console files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function builtConsole(): string {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-console-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>Almanac</title><script type="module" src="/console/assets/index-Ab12Cd34.js"></script>`,
    );
    const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join(
      '\n',
    );
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    // An image is compressed already: compressing it again would cost time for nothing.
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    precompressFiles(dir);
    return dir;
  }

  it('sends hashed files compressed at build time, to be kept for a year', async () => {
    const dir = builtConsole();
    const server = await startTestServer({ start: { consoleDir: dir } });
    const url = `${server.url}/console/assets/index-Ab12Cd34.js`;
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(varies(br)).toBe(true);
    expect(decoded(br)).toBe(plain.body.toString('utf8'));

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(plain.body.toString('utf8'));

    const revalidated = await get(url, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it('sends already compressed types as they are', async () => {
    const dir = builtConsole();
    const server = await startTestServer({ start: { consoleDir: dir } });
    const image = await get(`${server.url}/console/logo.png`, { 'accept-encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('has the page revalidated on every load, at every client-side route', async () => {
    const dir = builtConsole();
    const server = await startTestServer({ start: { consoleDir: dir } });
    for (const path of ['/console/', '/console/index.html', '/console/events/12']) {
      const page = await get(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body.toString('utf8'), path).toContain('index-Ab12Cd34.js');
      const again = await get(`${server.url}${path}`, {
        'if-none-match': String(page.headers.etag),
      });
      expect(again.status, path).toBe(304);
    }
  });
});
