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
