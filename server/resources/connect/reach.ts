/**
 * Which addresses of this server another device can reach: a phone on the LAN can open a LAN
 * address only while sharing is on, and a loopback address (127.0.0.1) only ever names the
 * phone itself. A public URL is reachable too; whether it is on the internet decides whether
 * online services (Google Calendar fetches feeds from its own servers) can reach it.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { NetworkStatus } from '../../lan-sharing.js';

const local = new BlockList();
local.addSubnet('127.0.0.0', 8, 'ipv4');
local.addSubnet('10.0.0.0', 8, 'ipv4');
local.addSubnet('172.16.0.0', 12, 'ipv4');
local.addSubnet('192.168.0.0', 16, 'ipv4');
local.addSubnet('169.254.0.0', 16, 'ipv4');
local.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT, not reachable from outside
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6'); // unique local
local.addSubnet('fe80::', 10, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

/** A host that names the device it is opened on: never an address to give another device. */
export function isLoopback(host: string): boolean {
  const h = bare(host);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const type = isIPv4(h) ? 'ipv4' : isIPv6(h) ? 'ipv6' : undefined;
  return type !== undefined && loopback.check(h, type);
}

/** A host only machines on the same network (or this one) can reach. */
export function isLocalHost(host: string): boolean {
  const h = bare(host);
  if (isLoopback(h) || h.endsWith('.local') || !h.includes('.')) return true;
  const type = isIPv4(h) ? 'ipv4' : isIPv6(h) ? 'ipv6' : undefined;
  return type !== undefined && local.check(h, type);
}

export interface Reach {
  origins: string[];
  internet: boolean;
}

/** The origins to give other devices, IPv4 LAN addresses first (the ones people can type). */
export function reachableOrigins(status: NetworkStatus, publicUrl: string): Reach {
  const lan = status.lan_sharing || status.bind_host === '0.0.0.0' || status.bind_host === '::';
  const addresses = lan
    ? status.lan_addresses
        .filter((a) => !isLoopback(a) && !a.toLowerCase().startsWith('fe80:'))
        .sort((a, b) => Number(isIPv6(a)) - Number(isIPv6(b)))
    : [];
  const origins = addresses.map((a) => `http://${isIPv6(a) ? `[${a}]` : a}:${status.port}`);
  const published = publicUrl ? URL.parse(publicUrl) : null;
  let internet = false;
  if (published && !isLoopback(published.hostname)) {
    origins.unshift(published.origin);
    internet = !isLocalHost(published.hostname);
  }
  return { origins: [...new Set(origins)], internet };
}
