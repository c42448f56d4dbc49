import { venueCreateSchema } from '../../../shared/schemas/venue';
import type { VenueWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { EMPTY_POST, postValues } from '../ui/postValues';
import { STATUS_FIELD } from '../ui/statusOptions';

export const VENUE_FIELDS: FieldSpec[] = [
  { name: 'venue', label: 'Name', required: true, wide: true },
  { name: 'address', label: 'Address', wide: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'zip', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'state', label: 'State' },
  { name: 'province', label: 'Province' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'website', label: 'Website', type: 'url', wide: true, hint: 'An absolute http(s) URL.' },
  { name: 'description', label: 'Description', type: 'textarea' },
  STATUS_FIELD,
];

/** Only the name for inline creation from the event editor. */
export const VENUE_INLINE_FIELDS = VENUE_FIELDS.filter((f) =>
  ['venue', 'address', 'city', 'country'].includes(f.name),
);

export const venueSchema = venueCreateSchema;

export const EMPTY_VENUE: Values = {
  venue: '',
  address: '',
  city: '',
  zip: '',
  state: '',
  province: '',
  country: '',
  phone: '',
  website: '',
  show_map: true,
  show_map_link: true,
  ...EMPTY_POST,
};

export function venueValues(v: VenueWire): Values {
  return {
    venue: v.venue ?? '',
    address: v.address ?? '',
    city: v.city ?? '',
    zip: v.zip ?? '',
    state: v.state ?? '',
    province: v.province ?? '',
    country: v.country ?? '',
    phone: v.phone ?? '',
    website: v.website ?? '',
    show_map: v.show_map ?? true,
    show_map_link: v.show_map_link ?? true,
    ...postValues(v),
  };
}
