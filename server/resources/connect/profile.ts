/**
 * An Apple configuration profile (`.mobileconfig`) that adds the CalDAV account to an iPhone,
 * iPad or Mac in one step: a `com.apple.caldav.account` payload with the host, port, path, user
 * name and SSL flag (Apple's Configuration Profile Reference, "CalDAV"). It carries no password:
 * the device asks for one while installing, so the file never holds a secret. Identifiers are
 * derived from the account and the host, so installing it again replaces the same profile.
 */
import { createHash } from 'node:crypto';

export interface ProfileInput {
  /** Where the device reaches the server (`http://192.168.1.20:7420`). */
  origin: string;
  login: string;
  /** The CalDAV server's path (`/dav/`). */
  path: string;
  /** The site's name, shown in Settings → Calendar → Accounts. */
  siteName: string;
}

/** A UUID (RFC 4122 form) derived from a text, so the same account gets the same identifiers. */
function derivedUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Plist = string | number | boolean | Plist[] | { [key: string]: Plist };

function plist(value: Plist, indent = ''): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `${indent}<string>${xml(value)}</string>`;
  if (typeof value === 'number') return `${indent}<integer>${Math.trunc(value)}</integer>`;
  if (typeof value === 'boolean') return `${indent}<${value}/>`;
  if (Array.isArray(value))
    return `${indent}<array>\n${value.map((v) => plist(v, inner)).join('\n')}\n${indent}</array>`;
  const entries = Object.entries(value).map(
    ([key, v]) => `${inner}<key>${xml(key)}</key>\n${plist(v, inner)}`,
  );
  return `${indent}<dict>\n${entries.join('\n')}\n${indent}</dict>`;
}

/** The host name used in identifiers: reverse-DNS names allow letters, digits, dots and hyphens. */
const identifierPart = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '-');

export function caldavProfile({ origin, login, path, siteName }: ProfileInput): string {
  const url = new URL(origin);
  const ssl = url.protocol === 'https:';
  const port = url.port === '' ? (ssl ? 443 : 80) : Number(url.port);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const account = `${login}@${host}:${port}`;
  const id = `org.almanac.caldav.${identifierPart(host)}-${port}.${identifierPart(login)}`;
  const name = siteName.trim() || 'Almanac';
  const body = plist({
    PayloadContent: [
      {
        CalDAVAccountDescription: name,
        CalDAVHostName: host,
        CalDAVPort: port,
        CalDAVPrincipalURL: path,
        CalDAVUseSSL: ssl,
        CalDAVUsername: login,
        PayloadDescription: `The calendar of ${name} for ${login}`,
        PayloadDisplayName: `${name} (CalDAV)`,
        PayloadIdentifier: `${id}.account`,
        PayloadType: 'com.apple.caldav.account',
        PayloadUUID: derivedUuid(`account ${account}`),
        PayloadVersion: 1,
      },
    ],
    PayloadDescription: `Adds the calendar of ${name} (${host}) to Calendar, signed in as ${login}. The device asks for the password: use an application password made for it.`,
    PayloadDisplayName: `${name} calendar`,
    PayloadIdentifier: id,
    PayloadOrganization: name,
    PayloadRemovalDisallowed: false,
    PayloadType: 'Configuration',
    PayloadUUID: derivedUuid(`profile ${account}`),
    PayloadVersion: 1,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
${body}
</plist>
`;
}
