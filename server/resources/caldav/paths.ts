/**
 * The addresses of CalDAV (§E6): the context path `/dav/`, each user's principal and calendar
 * home (by user id), the one calendar collection in it, and its objects by name.
 */
export const DAV = '/dav/';
export const CALENDAR = 'events';

export const principalPath = (user: number) => `${DAV}principals/${user}/`;
export const homePath = (user: number) => `${DAV}calendars/${user}/`;
export const calendarPath = (user: number) => `${homePath(user)}${CALENDAR}/`;
export const objectPath = (user: number, name: string) =>
  `${calendarPath(user)}${encodeURIComponent(name)}`;

export type Resource =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; user: number }
  | { kind: 'home'; user: number }
  | { kind: 'calendar'; user: number }
  | { kind: 'object'; user: number; name: string };

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** What a path under `/dav/` names, or undefined. A trailing slash is optional on collections. */
export function resourceOf(path: string): Resource | undefined {
  if (!path.startsWith(DAV) && path !== '/dav') return undefined;
  const parts = path.slice(DAV.length).split('/');
  if (parts[parts.length - 1] === '') parts.pop();
  const user = (s: string | undefined) =>
    s !== undefined && /^\d{1,12}$/.test(s) ? Number(s) : NaN;
  if (parts.length === 0) return { kind: 'root' };
  const [area, id, calendar, name, ...rest] = parts;
  if (rest.length > 0) return undefined;
  if (area === 'principals') {
    if (id === undefined) return { kind: 'principals' };
    if (calendar !== undefined || Number.isNaN(user(id))) return undefined;
    return { kind: 'principal', user: user(id) };
  }
  if (area !== 'calendars' || id === undefined || Number.isNaN(user(id))) return undefined;
  if (calendar === undefined) return { kind: 'home', user: user(id) };
  if (calendar !== CALENDAR) return undefined;
  if (name === undefined) return { kind: 'calendar', user: user(id) };
  const object = decoded(name);
  if (object === undefined || object === '' || object.includes('/')) return undefined;
  return { kind: 'object', user: user(id), name: object };
}
