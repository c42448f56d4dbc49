/**
 * What events use from the media, terms, venues and organizers services, in one place. Events
 * write their own link rows; these functions validate inputs, create linked objects inside the
 * event's write transaction, and present batches of linked objects for a page of events.
 */
import type { Actor } from '../../../shared/roles.js';
import type { Links } from '../../http/links.js';
import type { EventDeps } from './service.js';

export type Taxonomy = 'category' | 'tag';
export type Wire = Record<string, unknown>;

export interface EventPorts {
  venues: {
    validateLink(input: unknown, actor: Actor | null): string | undefined;
    ensureForEvent(input: unknown, actor: Actor | null): number | null | undefined;
    embed(ids: number[], links: Links, options: { jsonLd: boolean }): Map<number, Wire>;
  };
  organizers: {
    validateLinks(input: unknown, actor: Actor | null): string | undefined;
    ensureForEvent(input: unknown, actor: Actor | null): number[] | undefined;
    embed(ids: number[], links: Links, options: { jsonLd: boolean }): Map<number, Wire>;
  };
  media: {
    validateImage(
      input: unknown,
      actor: Actor | null,
      options: { allowEmpty: boolean },
    ): string | undefined;
    ensure(input: unknown, actorId: number | null): number | null;
    present(ids: number[], links: Links): Map<number, Wire>;
  };
  terms: {
    findRefs(taxonomy: Taxonomy, values: (string | number)[]): { ids: number[]; unknown: string[] };
    resolveForEvent(taxonomy: Taxonomy, values: (string | number)[]): number[];
    embed(eventIds: number[], links: Links): Map<number, { categories: Wire[]; tags: Wire[] }>;
  };
}

function missing(service: string, name: string): never {
  throw new Error(`The ${service} service does not provide ${name}() yet.`);
}

function pick<T extends object>(service: string, target: object, names: (keyof T)[]): T {
  const source = target as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const fn = source[name as string];
    out[name as string] =
      typeof fn === 'function' ? fn.bind(target) : () => missing(service, String(name));
  }
  return out as T;
}

/** Binds the functions events need; each service is typed by its owner, so they are read by name. */
export function eventPorts(deps: EventDeps): EventPorts {
  return {
    venues: pick('venues', deps.venues, ['validateLink', 'ensureForEvent', 'embed']),
    organizers: pick('organizers', deps.organizers, ['validateLinks', 'ensureForEvent', 'embed']),
    media: pick('media', deps.media, ['validateImage', 'ensure', 'present']),
    terms: pick('terms', deps.terms, ['findRefs', 'resolveForEvent', 'embed']),
  };
}
