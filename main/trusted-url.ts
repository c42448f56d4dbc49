/**
 * URL guards for the desktop window (docs/architecture.md, convention 8). Pure functions over
 * strings, so every trick a page could play (other schemes, look-alike hosts, credentials in URLs,
 * encoded dot segments, whitespace and control characters) is covered by unit tests.
 */

/** Longer URLs are refused outright: no legitimate link needs more, and parsers disagree past it. */
export const MAX_URL_LENGTH = 4096;

/** The URL the app's own pages live under, relative to the server's origin. */
export const CONSOLE_PATH = '/console/';

/** Parses a string as a URL only when it is plainly one: no surrounding space, no control chars. */
export function parseStrictUrl(raw: unknown): URL | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(raw)) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/**
 * The URL is written the plain way, `http(s)://host/…`, with no `@` in its authority. Parsers
 * accept `https:evil.example`, `http:/\\evil.example` and `https://@evil.example` too, and
 * what a user or a guard reads in those is not always where they lead.
 */
function isPlainHttp(raw: string): boolean {
  const authority = /^https?:\/\/([^/?#\\]*)/i.exec(raw)?.[1];
  return authority !== undefined && authority !== '' && !authority.includes('@');
}

/** The server's origin as main received it in the ready message: `http://127.0.0.1:<port>`. */
export function appOrigin(serverUrl: string): string {
  const url = parseStrictUrl(serverUrl);
  if (!url || url.protocol !== 'http:') throw new Error(`Not a server URL: ${serverUrl}`);
  return url.origin;
}

/** Whether the URL is on the app's own origin (scheme, host and port all equal). */
export function isSameOrigin(raw: unknown, origin: string): boolean {
  const url = parseStrictUrl(raw);
  return url !== undefined && isPlainHttp(raw as string) && url.origin === origin;
}

/** A page of the console: the only thing the app window may show. */
export function isConsoleUrl(raw: unknown, origin: string): boolean {
  if (!isSameOrigin(raw, origin)) return false;
  const { pathname } = new URL(raw as string);
  return pathname === '/console' || pathname.startsWith(CONSOLE_PATH);
}

/**
 * A link that may be handed to the system browser: http(s) only, with a host and no embedded
 * credentials (`https://bank.example@evil.example/` reads as one site and goes to another).
 */
export function isExternalHttpUrl(raw: unknown): boolean {
  const url = parseStrictUrl(raw);
  if (!url || !isPlainHttp(raw as string)) return false;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export type NavigationVerdict = 'allow' | 'external' | 'deny';

/**
 * What to do when the app window is about to load `raw`: stay for console pages, send other
 * http(s) links (the public event pages included) to the system browser, refuse the rest.
 */
export function judgeNavigation(raw: unknown, origin: string): NavigationVerdict {
  if (isConsoleUrl(raw, origin)) return 'allow';
  if (isExternalHttpUrl(raw)) return 'external';
  return 'deny';
}
