import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetworkController } from '../../server/lan-sharing.js';
import { startTestServer } from '../helpers/server.js';

const hello = (_req: unknown, res: { end(body: string): void }) => res.end('hello');

describe('LAN sharing controller', () => {
  it('adds and removes listeners on the LAN addresses without a restart', async () => {
    const main = createServer(hello);
    await new Promise<void>((r) => main.listen(0, '127.0.0.1', r));
    const port = (main.address() as AddressInfo).port;
    // 127.0.0.2 stands in for a LAN address: tests only ever listen on loopback.
    const network = createNetworkController(() => ['127.0.0.2']);
    network.attach(hello, '127.0.0.1', port, false);

    await expect(fetch(`http://127.0.0.2:${port}/`)).rejects.toThrow();
    await network.apply(true);
    expect(await (await fetch(`http://127.0.0.2:${port}/`)).text()).toBe('hello');
    expect(network.status(true).lan_addresses).toEqual(['127.0.0.2']);
    await network.apply(true);
    expect(network.status(true).lan_addresses).toEqual(['127.0.0.2']);

    await network.apply(false);
    await expect(fetch(`http://127.0.0.2:${port}/`)).rejects.toThrow();
    expect(network.status(false).lan_addresses).toEqual([]);
    main.close();
  });

  it('leaves an explicit --host binding alone', async () => {
    const network = createNetworkController(() => ['127.0.0.3']);
    network.attach(hello, '127.0.0.1', 1, true);
    await network.apply(true);
    expect(network.status(true)).toMatchObject({ lan_addresses: [], fixed_by_config: true });
  });
});

describe('GET /calendar/admin/v1/network', () => {
  it('tells administrators where the server answers', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/admin/v1/network', { auth: server.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      bind_host: '127.0.0.1',
      port: server.port,
      lan_sharing: false,
      lan_addresses: [],
      fixed_by_config: true,
      console_urls: [],
    });
    const editor = await server.userWith('editor');
    expect(
      (await server.call('GET', '/api/calendar/admin/v1/network', { auth: editor.auth })).status,
    ).toBe(403);
  });
});
