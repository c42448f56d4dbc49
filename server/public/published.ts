/**
 * What the public pages show, read through the resource services with an anonymous actor, so a
 * page shows exactly what an anonymous API client may read: published content only.
 */
import { DomainError } from '../errors.js';
import type { Links } from '../http/links.js';
import type { Services } from '../services.js';
import { categoryListSchema, tagListSchema } from '../../shared/schemas/term.js';

export interface TermPage {
  taxonomy: 'category' | 'tag';
  id: number;
  name: string;
  slug: string;
  description: string;
}

/** Runs a read; a refusal ("not found", "not accessible", …) becomes `undefined`. */
async function visible<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

export async function publishedEvent(services: Services, slug: string, links: Links) {
  const row = await services.events.findBySlug(slug);
  if (!row) return undefined;
  // `read` publishes due scheduled events and refuses anything an anonymous reader may not see.
  try {
    return await services.events.read(row.id, null, links);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** What a published venue or organizer page needs of its service. */
interface LinkedReads<Row, Wire> {
  findBySlug(slug: string): Promise<Row | undefined>;
  read(row: Row, actor: null): Row;
  present(rows: readonly Row[], links: Links, jsonLd: boolean): Promise<Wire[]>;
}

async function publishedLinked<Row extends { status: string }, Wire>(
  service: LinkedReads<Row, Wire>,
  slug: string,
  links: Links,
): Promise<Wire | undefined> {
  const row = await service.findBySlug(slug);
  if (!row || row.status !== 'publish') return undefined;
  return visible(async () => (await service.present([service.read(row, null)], links, true))[0]);
}

export const publishedVenue = (services: Services, slug: string, links: Links) =>
  publishedLinked(services.venues, slug, links);

export const publishedOrganizer = (services: Services, slug: string, links: Links) =>
  publishedLinked(services.organizers, slug, links);

export async function termBySlug(
  services: Services,
  taxonomy: 'category' | 'tag',
  slug: string,
): Promise<TermPage | undefined> {
  const schema = taxonomy === 'category' ? categoryListSchema : tagListSchema;
  const args = schema.safeParse({ slug, hide_empty: 'false', per_page: '1' });
  if (!args.success) return undefined;
  let row;
  try {
    row = (await services.terms.list(taxonomy, args.data, null)).rows[0];
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
  if (!row || row.slug !== slug) return undefined;
  return { taxonomy, id: row.id, name: row.name, slug: row.slug, description: row.description };
}
