/**
 * The reference's front-end discovery (docs/contract/compat-notes.md §8.2): headers and head
 * tags that tell a client where the REST API of the page it is looking at lives, in the
 * reference's words and in WordPress's (`rel="https://api.w.org/"`).
 */
import type { Request, Response } from 'express';
import type { Services } from '../services.js';
import { requestOrigin } from '../http/dispatch.js';
import { createLinks, type Links } from '../http/links.js';
import { attr } from './html.js';

export const API_NAMESPACE = 'calendar/events/v1';

/** Links for a page request: the canonical `/api/` root and namespace. */
export function pageLinks(req: Request, services: Services): Links {
  return createLinks(requestOrigin(req, services), 'api', API_NAMESPACE);
}

/** The namespace root with its trailing slash, the site-wide `X-TEC-API-ROOT`. */
export function apiRoot(links: Links): string {
  return `${links.rest('')}/`;
}

/** The REST root WordPress clients discover (`rel="https://api.w.org/"`): the `/wp-json/` form. */
export function wordpressRoot(links: Links): string {
  return createLinks(links.origin, 'wp-json', '').root;
}

/**
 * Sends the reference's three discovery headers, `root` being the page's own API URL when it
 * has one, and WordPress's `Link` to the REST root that `WPAPI.discover()` and other WordPress
 * clients look for.
 */
export function sendDiscovery(res: Response, links: Links, root = apiRoot(links)): void {
  res.set('X-TEC-API-VERSION', 'v1');
  res.set('X-TEC-API-ROOT', root);
  res.set('X-TEC-API-ORIGIN', links.origin);
  res.set('Link', `<${wordpressRoot(links)}>; rel="https://api.w.org/"`);
}

/** The matching `<head>` tags. */
export function discoveryTags(links: Links, root = apiRoot(links)): string {
  return [
    '<meta name="tec-api-version" content="v1">',
    `<meta name="tec-api-origin" content="${attr(links.origin)}">`,
    `<link rel="alternate" href="${attr(root)}">`,
    `<link rel="https://api.w.org/" href="${attr(wordpressRoot(links))}">`,
  ].join('\n');
}
