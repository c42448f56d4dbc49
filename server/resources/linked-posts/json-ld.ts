/** The schema.org objects of venues (`Place`) and organizers (`Person`), docs/contract/compat-notes.md §1.7. */
import { plainText } from '../../text/html.js';
import type { AnyLinkedRow } from './kind.js';

const compact = (object: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== '' && value !== null,
    ),
  );

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function base(type: string, row: AnyLinkedRow, image: { url: string } | undefined, url: string) {
  return {
    '@context': 'http://schema.org',
    '@type': type,
    name: row.title,
    description: plainText(row.excerpt !== '' ? row.excerpt : row.description),
    image: image?.url,
    url,
  };
}

export function venueJsonLd(row: AnyLinkedRow, image: { url: string } | undefined, url: string) {
  const address = compact({
    '@type': 'PostalAddress',
    streetAddress: str(row.address),
    addressLocality: str(row.city),
    addressRegion: str(row.stateprovince),
    postalCode: str(row.zip),
    addressCountry: str(row.country),
  });
  const geo =
    typeof row.geo_lat === 'number' && typeof row.geo_lng === 'number'
      ? { '@type': 'GeoCoordinates', latitude: row.geo_lat, longitude: row.geo_lng }
      : undefined;
  return compact({
    ...base('Place', row, image, url),
    address: Object.keys(address).length > 1 ? address : undefined,
    geo,
    telephone: str(row.phone),
    sameAs: str(row.website),
  });
}

export function organizerJsonLd(
  row: AnyLinkedRow,
  image: { url: string } | undefined,
  url: string,
) {
  return compact({
    ...base('Person', row, image, url),
    telephone: str(row.phone),
    email: str(row.email),
    sameAs: str(row.website),
  });
}
