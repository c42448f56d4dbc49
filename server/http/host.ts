/**
 * The `Host` header, read strictly (RFC 9110 §7.2, RFC 3986 §3.2.2): a host name, an IPv4
 * address or a bracketed IPv6 address, then an optional port from 1 to 65535, and nothing else.
 * Links in answers are built on it, so anything else (`127.0.0.1:80@evil.example`, `[::1]evil`,
 * a bare `::1`, `:abc`, `:99999`) is refused rather than echoed or left to break a URL later.
 */
import { isIPv6 } from 'node:net';

export interface HostHeader {
  /** Lower case; IPv6 addresses keep their brackets, as URL hosts do. */
  name: string;
  port?: number;
}

/** One DNS label: letters, digits and inner hyphens (underscores too: some machine names have them). */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

function isHostName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  // A fully qualified name may end with a dot.
  const labels = (name.endsWith('.') ? name.slice(0, -1) : name).split('.');
  return labels.every((label) => LABEL.test(label));
}

export function parseHostHeader(header: string): HostHeader | undefined {
  const value = header.toLowerCase();
  let name: string;
  let rest: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0 || !isIPv6(value.slice(1, end))) return undefined;
    name = value.slice(0, end + 1);
    rest = value.slice(end + 1);
  } else {
    const colon = value.indexOf(':');
    name = colon < 0 ? value : value.slice(0, colon);
    rest = colon < 0 ? '' : value.slice(colon);
    if (!isHostName(name)) return undefined;
  }
  if (rest === '') return { name };
  const port = /^:(\d{1,5})$/.exec(rest);
  if (!port) return undefined;
  const number = Number(port[1]);
  return number >= 1 && number <= 65535 ? { name, port: number } : undefined;
}
