import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bonjour, type Service } from 'bonjour-service';
import { createNetworkController } from '../../server/lan-sharing.js';
import { createMdnsAnnouncer, instanceName, type Announcer } from '../../server/lan-announce.js';
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

/** An announcer that records what it was asked. */
function recorder(): Announcer & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    announce: (port) => void calls.push(`announce ${port}`),
    withdraw: async () => void calls.push('withdraw'),
  };
}

describe('LAN announcement', () => {
  it('announces while sharing is on and the server answers on a LAN address', async () => {
    const announcer = recorder();
    const network = createNetworkController(() => ['127.0.0.2'], announcer);
    const main = createServer(hello);
    await new Promise<void>((r) => main.listen(0, '127.0.0.1', r));
    const port = (main.address() as AddressInfo).port;
    network.attach(hello, '127.0.0.1', port, false);
    await network.apply(false);
    await network.apply(true);
    await network.apply(false);
    await network.apply(true);
    await network.close();
    expect(announcer.calls).toEqual([
      'withdraw',
      `announce ${port}`,
      'withdraw',
      `announce ${port}`,
      'withdraw',
    ]);
    main.close();
  });

  it('announces nothing when no LAN address answers or --host fixes the binding', async () => {
    const none = recorder();
    const lonely = createNetworkController(() => [], none);
    lonely.attach(hello, '127.0.0.1', 1, false);
    await lonely.apply(true);
    const fixed = recorder();
    const pinned = createNetworkController(() => ['127.0.0.3'], fixed);
    pinned.attach(hello, '127.0.0.1', 1, true);
    await pinned.apply(true);
    expect([none.calls, fixed.calls]).toEqual([['withdraw'], ['withdraw']]);
  });

  it('names the instance after this computer', () => {
    expect(instanceName('office-mac.local')).toBe('Almanac on office-mac');
    expect(instanceName('')).toBe('Almanac on computer');
  });

  // Multicast reaches this machine's own sockets (IP_MULTICAST_LOOP), so the library's own
  // browser, in the same process, sees what a phone on the LAN would.
  it('is found by a DNS-SD browser as _caldav._tcp with path=/dav/ and _http._tcp', async () => {
    const name = `Almanac test ${process.pid}`;
    const announcer = createMdnsAnnouncer({ name });
    const browser = new Bonjour();
    const found = (type: string) =>
      new Promise<Service>((resolve) => {
        const watch = browser.find({ type }, (service) => {
          if (service.name !== name) return;
          watch.stop();
          resolve(service);
        });
      });
    try {
      const caldav = found('caldav');
      const http = found('http');
      announcer.announce(7433);
      expect(await caldav).toMatchObject({ port: 7433, txt: { path: '/dav/' }, protocol: 'tcp' });
      expect(await http).toMatchObject({ port: 7433, txt: { path: '/console/' } });
      // Withdrawing says goodbye: a browser that saw the service sees it go.
      const watch = browser.find({ type: 'caldav' });
      await new Promise<void>((resolve) => {
        watch.on('up', (service) => {
          if (service.name === name) void announcer.withdraw();
        });
        watch.on('down', (service) => {
          if (service.name === name) resolve();
        });
      });
    } finally {
      await announcer.withdraw();
      await new Promise<void>((resolve) => browser.destroy(() => resolve()));
    }
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
