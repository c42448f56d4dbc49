/** Raw CalDAV requests for the HTTP tests: PROPFIND, REPORT and PUT bodies, and reading answers. */
import type { TestServer } from '../../../helpers/server.js';

export const CAL_NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';

export function dav(
  server: TestServer,
  method: string,
  path: string,
  options: { auth?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return server.call(method, path, {
    auth: options.auth ?? server.admin,
    ...(options.body !== undefined ? { body: options.body } : {}),
    headers: { 'content-type': 'application/xml; charset=utf-8', ...options.headers },
  });
}

export const calendarOf = (user: number) => `/dav/calendars/${user}/events/`;

/** A VCALENDAR holding the given VEVENT lines (CRLF line ends). */
export const ics = (...vevents: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...vevents.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export function put(
  server: TestServer,
  path: string,
  text: string,
  headers: Record<string, string> = {},
  auth?: string,
) {
  return server.call('PUT', path, {
    auth: auth ?? server.admin,
    body: text,
    headers: { 'content-type': 'text/calendar; charset=utf-8', ...headers },
  });
}

export const query = (props: string, filter: string) =>
  `<c:calendar-query ${CAL_NS}><d:prop>${props}</d:prop><c:filter><c:comp-filter name="VCALENDAR">${filter}</c:comp-filter></c:filter></c:calendar-query>`;

/** The hrefs of a multistatus, in order. */
export const hrefs = (xml: string): string[] =>
  [...xml.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((m) => m[1]!);

export const tokenOf = (xml: string): string =>
  /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)![1]!;
