/**
 * Which hosts an external image URL may name. The server never downloads such a URL; browsers
 * do, from every page that shows the image. A loopback host can only name the reader's own
 * machine, and an address no network routes (0.0.0.0, which browsers send to the local machine,
 * link-local, multicast, reserved, broadcast) names nothing a calendar can show: both are refused.
 * Hostnames arrive as WHATWG URL parsing leaves them, so `0`, `0x7f.1` or `2130706433` are
 * already dotted quads and IPv6 hosts are compressed and bracketed.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const unroutable = new BlockList();
unroutable.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network" (RFC 1122)
unroutable.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local
unroutable.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
unroutable.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved, and the broadcast address
unroutable.addAddress('::', 'ipv6'); // unspecified
unroutable.addSubnet('fe80::', 10, 'ipv6'); // link-local
unroutable.addSubnet('ff00::', 8, 'ipv6'); // multicast

export type ImageHost = 'loopback' | 'unroutable' | 'ok';

/** How an image URL's host (`new URL(url).hostname`) reaches a reader's browser. */
export function imageHostKind(hostname: string): ImageHost {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const type = isIPv4(host) ? 'ipv4' : isIPv6(host) ? 'ipv6' : undefined;
  if (type === undefined) return 'ok';
  // Checked per family: BlockList also reads IPv4-mapped IPv6 addresses against the IPv4 rules.
  if (loopback.check(host, type)) return 'loopback';
  if (unroutable.check(host, type)) return 'unroutable';
  return 'ok';
}
