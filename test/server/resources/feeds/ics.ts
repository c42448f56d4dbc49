/**
 * Reading iCalendar text in tests, line by line, without the library under test; the import
 * route and its fixture files.
 */
import { readFileSync } from 'node:fs';
import type { TestServer } from '../../../helpers/server.js';

export const IMPORT = '/api/calendar/admin/v1/import/ics';

/** Content lines with folding undone (RFC 5545 §3.1). */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

/** The content lines of each VEVENT, in order. */
export function vevents(text: string): string[][] {
  const out: string[][] = [];
  let current: string[] | undefined;
  for (const line of unfold(text)) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      if (current) out.push(current);
      current = undefined;
    } else current?.push(line);
  }
  return out;
}

/** A lookup of a component's property value by its name and parameters as written. */
export function propertyOf(lines: string[]): (nameAndParams: string) => string | undefined {
  return (nameAndParams) => {
    const line = lines.find((l) => l.startsWith(`${nameAndParams}:`));
    return line?.slice(nameAndParams.length + 1);
  };
}

/** A fixture file of ./fixtures, as its app wrote it. */
export const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** POSTs a file to the import route. */
export async function importIcs(
  server: TestServer,
  text: string,
  query: Record<string, string> = {},
  auth = server.admin,
) {
  return server.call('POST', IMPORT, {
    auth,
    body: text,
    query,
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
}
