/**
 * Absolute links in responses. They use the configured public URL when set, else the request's
 * own origin, and keep the REST root (`/api/`, `/wp-json/` or `?rest_route=`) and namespace the
 * client used, so clients of aliases stay on their alias (docs/contract/decisions.md, URLs).
 */
export type QueryValue = string | number | undefined;

export interface Links {
  /** Scheme, host and port, no trailing slash. */
  origin: string;
  /** The REST root with its trailing slash, e.g. `http://h/api/` or `http://h/?rest_route=/`. */
  root: string;
  /** The namespace the request used, e.g. `calendar/events/v1` or `tribe/events/v1`. */
  namespace: string;
  /** A URL inside the namespace: `rest('events/12')`, with optional query arguments in order. */
  rest(path: string, query?: ReadonlyArray<readonly [string, QueryValue]>): string;
  /** A URL inside another namespace, e.g. the admin namespace. */
  restIn(namespace: string, path: string): string;
  /** A public page on the site, e.g. `site('/event/my-slug/')`. */
  site(path: string): string;
}

function appendQuery(
  url: string,
  query: ReadonlyArray<readonly [string, QueryValue]> = [],
): string {
  const pairs = query.filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  if (pairs.length === 0) return url;
  const encoded = pairs
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${url}${url.includes('?') ? '&' : '?'}${encoded}`;
}

export function createLinks(
  origin: string,
  rootStyle: 'api' | 'wp-json' | 'rest_route',
  namespace: string,
): Links {
  const base = origin.replace(/\/+$/, '');
  const root =
    rootStyle === 'rest_route'
      ? `${base}/?rest_route=/`
      : `${base}/${rootStyle === 'api' ? 'api' : 'wp-json'}/`;
  const under = (ns: string, path: string) =>
    `${root}${ns}${path === '' ? '' : `/${path.replace(/^\/+/, '')}`}`;
  return {
    origin: base,
    root,
    namespace,
    rest: (path, query) => appendQuery(under(namespace, path), query),
    restIn: (ns, path) => under(ns, path),
    site: (path) => `${base}${path.startsWith('/') ? path : `/${path}`}`,
  };
}

/** `<host>?id=<ID>`, the reference's global id (host without port, like PHP's URL host). */
export function globalId(id: number, links: Pick<Links, 'origin'>): string {
  return `${new URL(links.origin).hostname}?id=${id}`;
}

/** The same links inside another namespace: objects of one namespace shown by a route of another. */
export function withNamespace(links: Links, namespace: string): Links {
  return {
    ...links,
    namespace,
    rest: (path, query) => appendQuery(links.restIn(namespace, path), query),
  };
}
