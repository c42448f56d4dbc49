/** The form values venues and organizers share: description, status and image. */
import { plainText } from '../api/resources';
import type { VenueWire } from '../../../shared/schemas/wire';
import type { Values } from './form';

export const EMPTY_POST: Values = { description: '', status: 'publish', image: '' };

export function postValues(item: Pick<VenueWire, 'description' | 'status' | 'image'>): Values {
  return {
    description: plainText(item.description),
    status: item.status,
    image: item.image ? String(item.image.id ?? item.image.url) : '',
    imagePreview: item.image ? item.image.url : undefined,
  };
}

/** Text fields of a form: the item's values ("" for those it lacks), or all "" for a new one. */
export function textValues<T extends object>(
  keys: ReadonlyArray<keyof T & string>,
  item?: T,
): Values {
  return Object.fromEntries(keys.map((key) => [key, item?.[key] ?? '']));
}
