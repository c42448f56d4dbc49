/**
 * LAN sharing. By default the server listens on 127.0.0.1 only; turning LAN sharing on adds a
 * listener on each LAN address of this machine (same port, same app), and turning it off closes
 * them, without a restart. An explicit `--host` fixes the binding and the switch has no effect.
 * While sharing is on and the server answers on a LAN address, it is announced by multicast DNS
 * (lan-announce.ts).
 */
import type { RequestListener, Server } from 'node:http';
import { lanAddresses } from './http/guards.js';
import { createListener, DEFAULT_LIMITS, type ConnectionLimits } from './http/listener.js';
import type { Announcer } from './lan-announce.js';

export interface NetworkStatus {
  bind_host: string;
  port: number;
  lan_sharing: boolean;
  /** Addresses the server answers on besides loopback. */
  lan_addresses: string[];
  /** True when --host/ALMANAC_HOST fixes the binding, so the switch cannot change it. */
  fixed_by_config: boolean;
}

export function createNetworkController(
  addresses: () => string[] = lanAddresses,
  announcer?: Announcer,
) {
  let handler: RequestListener | undefined;
  let bindHost = '127.0.0.1';
  let port = 0;
  let fixed = false;
  let limits: ConnectionLimits = DEFAULT_LIMITS;
  let extra: Array<{ address: string; server: Server }> = [];

  const wide = () => bindHost === '0.0.0.0' || bindHost === '::';

  async function open(address: string): Promise<void> {
    // LAN listeners face other machines: they get the same connection deadlines as loopback.
    const server = createListener(handler, limits);
    await new Promise<void>((resolve) => {
      // An address that cannot be bound (gone, or IPv6 link-local) is skipped, not fatal.
      server.once('error', () => resolve());
      server.listen(port, address, () => {
        extra.push({ address, server });
        resolve();
      });
    });
  }

  async function closeAll(): Promise<void> {
    const closing = extra.map(
      ({ server }) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    extra = [];
    await Promise.all(closing);
  }

  return {
    attach(
      listener: RequestListener,
      host: string,
      listeningPort: number,
      fixedByConfig: boolean,
      connectionLimits: ConnectionLimits = DEFAULT_LIMITS,
    ) {
      handler = listener;
      limits = connectionLimits;
      bindHost = host;
      port = listeningPort;
      fixed = fixedByConfig;
    },
    async apply(enabled: boolean): Promise<void> {
      if (!handler) return;
      if (!fixed && !wide()) {
        if (!enabled) await closeAll();
        else {
          const wanted = addresses().filter((a) => !a.startsWith('fe80:'));
          for (const address of wanted) {
            if (!extra.some((e) => e.address === address)) await open(address);
          }
        }
      }
      const reachable = enabled && (wide() || extra.length > 0);
      if (reachable) announcer?.announce(port);
      else await announcer?.withdraw();
    },
    status(lanSharing: boolean): NetworkStatus {
      return {
        bind_host: bindHost,
        port,
        lan_sharing: lanSharing,
        lan_addresses: wide() ? addresses() : extra.map((e) => e.address),
        fixed_by_config: fixed,
      };
    },
    async close(): Promise<void> {
      await announcer?.withdraw();
      await closeAll();
    },
  };
}

export type NetworkController = ReturnType<typeof createNetworkController>;
