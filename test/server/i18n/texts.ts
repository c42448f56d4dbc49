/**
 * Every localisable text the API publishes about itself: the `description`, `summary` and
 * `title` strings of the root index (all namespaces, aliases included) and of the OpenAPI doc.
 */
import type { TestServer } from '../../helpers/server.js';

const LOCALISED = new Set(['description', 'summary', 'title']);

/** Calls `visit` for every localised string in `node`, in document order. */
export function walkTexts(node: unknown, visit: (text: string) => void): void {
  mapTexts(node, (text) => {
    visit(text);
    return text;
  });
}

/** A copy of `node` with every localised string replaced by `fn(text)`. */
export function mapTexts(node: unknown, fn: (text: string) => string, container = false): unknown {
  if (Array.isArray(node)) return node.map((item) => mapTexts(item, fn));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      !container && LOCALISED.has(key) && typeof value === 'string'
        ? fn(value)
        : mapTexts(value, fn, key === 'properties' || key === 'args'),
    ]),
  );
}

export async function publishedDocuments(server: TestServer) {
  const root = (await server.call('GET', '/api/')).json;
  const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json;
  const index = (await server.call('GET', '/api/calendar/events/v1')).json;
  return { root, doc, index };
}

export async function publishedTexts(server: TestServer): Promise<string[]> {
  const texts = new Set<string>();
  const docs = await publishedDocuments(server);
  for (const node of Object.values(docs)) walkTexts(node, (text) => texts.add(text));
  return [...texts].sort();
}
