import { venueCreateSchema } from '../../../shared/schemas/venue';
import type { VenueWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { EMPTY_POST, postValues, textValues } from '../ui/postValues';
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

const TEXT_FIELDS = [
  'venue',
  'address',
  'city',
  'zip',
  'state',
  'province',
  'country',
  'phone',
  'website',
] as const;

export const EMPTY_VENUE: Values = {
  ...textValues<VenueWire>(TEXT_FIELDS),
  show_map: true,
  show_map_link: true,
  ...EMPTY_POST,
};

export const venueValues = (v: VenueWire): Values => ({
  ...textValues(TEXT_FIELDS, v),
  show_map: v.show_map ?? true,
  show_map_link: v.show_map_link ?? true,
  ...postValues(v),
});
