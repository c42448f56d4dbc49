/**
 * Finding the server on the LAN (DNS-SD over multicast DNS, RFC 6762/6763): while LAN sharing
 * is on, the server announces `_caldav._tcp` with `path=/dav/` (RFC 6764 §3, so calendar apps
 * that browse, such as DAVx5, find the CalDAV server) and `_http._tcp` with `path=/console/`.
 * Turning sharing off withdraws both (goodbye packets), and so does stopping the server.
 */
import { hostname } from 'node:os';
import { Bonjour, type Service } from 'bonjour-service';

export const CALDAV_PATH = '/dav/';
export const CONSOLE_PATH = '/console/';

/** What the network controller asks of an announcer. */
export interface Announcer {
  /** Announces the services on `port`; a second call with the same port changes nothing. */
  announce(port: number): void;
  /** Withdraws what was announced. */
  withdraw(): Promise<void>;
}

/** The instance name users see in a browse list: the product and this computer's name. */
export function instanceName(host = hostname()): string {
  const short = host.split('.')[0] || 'computer';
  return `Almanac on ${short}`;
}

export interface MdnsOptions {
  /** Where a failure of the responder is reported; it never stops the server. */
  onError?: (error: unknown) => void;
  name?: string;
}

export function createMdnsAnnouncer(options: MdnsOptions = {}): Announcer {
  let responder: Bonjour | undefined;
  let services: Service[] = [];
  let announced: number | undefined;
  const name = options.name ?? instanceName();
  const report = (error: unknown) => options.onError?.(error);

  return {
    announce(port) {
      if (announced === port) return;
      try {
        responder ??= new Bonjour({}, report);
        // No probing: every worker of `--workers N` answers with the same records, which
        // multicast DNS allows, whereas probing would make them find each other as conflicts.
        const common = { name, port, probe: false, disableIPv6: false };
        services = [
          responder.publish({ ...common, type: 'caldav', txt: { path: CALDAV_PATH } }),
          responder.publish({ ...common, type: 'http', txt: { path: CONSOLE_PATH } }),
        ];
        for (const service of services) service.on('error', report);
        announced = port;
      } catch (error) {
        report(error);
      }
    },
    async withdraw() {
      const current = responder;
      responder = undefined;
      services = [];
      announced = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => current.unpublishAll(() => resolve()));
      await new Promise<void>((resolve) => current.destroy(() => resolve()));
    },
  };
}

/** For embedding and tests that must not touch the network's multicast group. */
export const silentAnnouncer: Announcer = {
  announce: () => undefined,
  withdraw: () => Promise.resolve(),
};
