/**
 * The five calendar resources, described once so lists, pickers and editors share the paths,
 * listing keys and name fields.
 */
import type {
  CategoryWire,
  EventWire,
  OrganizerWire,
  TagWire,
  VenueWire,
} from '../../../shared/schemas/wire';
import { t } from '../i18n';

export type Kind = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export interface ItemOf {
  events: EventWire;
  venues: VenueWire;
  organizers: OrganizerWire;
  categories: CategoryWire;
  tags: TagWire;
}

export const RESOURCE: Record<Kind, { nameKey: string; terms: boolean }> = {
  events: { nameKey: 'title', terms: false },
  venues: { nameKey: 'venue', terms: false },
  organizers: { nameKey: 'organizer', terms: false },
  categories: { nameKey: 'name', terms: true },
  tags: { nameKey: 'name', terms: true },
};

export function nameOf(kind: Kind, item: object): string {
  const value = (item as Record<string, unknown>)[RESOURCE[kind].nameKey];
  return typeof value === 'string' && value !== '' ? decodeEntities(value) : t('ui.untitled');
}

/** Titles come back HTML-escaped like the reference's; the console shows them as text. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html');
  return doc.body.textContent ?? text;
}

/** Plain text of a sanitised HTML description, for list cells and textareas. */
export function plainText(html: string | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    `<!doctype html><body>${html.replace(/<\/p>\s*<p>/g, '\n\n').replace(/<br\s*\/?>/g, '\n')}`,
    'text/html',
  );
  return (doc.body.textContent ?? '').trim();
}
