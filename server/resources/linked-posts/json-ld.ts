/**
 * What the schema.org objects of venues (`Place`) and organizers (`Person`) share,
 * docs/contract/compat-notes.md §1.7.
 */
import { plainText } from '../../text/html.js';
import type { LinkedRow } from './kind.js';

/** The object without its empty values, which schema.org readers take as missing anyway. */
export const compact = (object: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== '' && value !== null,
    ),
  );

/** The context, type, name, description, image and url every such object starts with. */
export function jsonLdBase(
  type: 'Place' | 'Person',
  row: LinkedRow,
  image: { url: string } | undefined,
  url: string,
) {
  return {
    '@context': 'http://schema.org',
    '@type': type,
    name: row.title,
    description: plainText(row.excerpt !== '' ? row.excerpt : row.description),
    image: image?.url,
    url,
  };
}
