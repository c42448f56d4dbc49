/**
 * WebDAV XML (RFC 4918 §14): request bodies read with @xmldom/xmldom, namespace-aware, and
 * answers written as text. A body with a document type declaration is refused before it is
 * parsed: DAV has no use for one, and refusing it rules out external entities (XXE) and entity
 * expansion (billion laughs); xmldom itself never expands declared entities either.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { Refused } from '../../errors.js';

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

const PREFIXES: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.apple]: 'a',
};

export const badXml = (message: string) => new Refused('caldav_bad_xml', message);

/** The body's root element, or undefined for an empty body. */
export function parseXml(text: string): Element | undefined {
  if (text.trim() === '') return undefined;
  if (/<!DOCTYPE/i.test(text)) throw badXml('Document type declarations are not accepted.');
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw badXml(`The body is not well-formed XML: ${message}`);
    },
  });
  let root: Element | null;
  try {
    root = parser.parseFromString(text, 'application/xml').documentElement;
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw badXml('The body is not well-formed XML.');
  }
  if (!root) throw badXml('The body has no root element.');
  return root;
}

/** A qualified name: namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

export const is = (element: Element, ns: string, name: string): boolean =>
  element.namespaceURI === ns && element.localName === name;

/** The child elements (in document order). */
export function children(element: Element): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) out.push(node as Element);
  }
  return out;
}

export const child = (element: Element, ns: string, name: string): Element | undefined =>
  children(element).find((c) => is(c, ns, name));

export const qname = (element: Element): QName => ({
  ns: element.namespaceURI ?? '',
  name: element.localName ?? element.nodeName,
});

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** An element of a known namespace by its prefix, or with its own default namespace. */
export function tag(q: QName, content?: string): string {
  const prefix = PREFIXES[q.ns];
  const open = prefix ? `${prefix}:${q.name}` : `x:${q.name} xmlns:x="${escapeXml(q.ns)}"`;
  const close = prefix ? `${prefix}:${q.name}` : `x:${q.name}`;
  return content === undefined ? `<${open}/>` : `<${open}>${content}</${close}>`;
}

export const dav = (name: string, content?: string) => tag({ ns: NS.dav, name }, content);
export const cal = (name: string, content?: string) => tag({ ns: NS.caldav, name }, content);

const DECLARATIONS = Object.entries(PREFIXES)
  .map(([ns, prefix]) => `xmlns:${prefix}="${ns}"`)
  .join(' ');

/** A whole document whose root is in one of the known namespaces. */
export function documentOf(root: string, content: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root} ${DECLARATIONS}>${content}</${root}>`;
}

/** A property's value in a propstat: rendered XML, or missing (404). */
export type PropValue = string | undefined;

/** One `<d:response>` with the properties found (200) and those missing (404). */
export function propResponse(href: string, props: Array<[QName, PropValue]>): string {
  const found = props.filter(([, value]) => value !== undefined);
  const missing = props.filter(([, value]) => value === undefined);
  let out = dav('href', escapeXml(href));
  if (found.length > 0 || missing.length === 0) {
    out += dav(
      'propstat',
      dav('prop', found.map(([q, value]) => tag(q, value)).join('')) +
        dav('status', 'HTTP/1.1 200 OK'),
    );
  }
  if (missing.length > 0) {
    out += dav(
      'propstat',
      dav('prop', missing.map(([q]) => tag(q)).join('')) + dav('status', 'HTTP/1.1 404 Not Found'),
    );
  }
  return dav('response', out);
}

export const statusResponse = (href: string, status: string): string =>
  dav('response', dav('href', escapeXml(href)) + dav('status', `HTTP/1.1 ${status}`));

export const multistatus = (responses: string[], extra = ''): string =>
  documentOf('d:multistatus', responses.join('') + extra);
