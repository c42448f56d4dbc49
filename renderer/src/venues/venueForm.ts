import { venueCreateSchema } from '../../../shared/schemas/venue';
import type { VenueWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { EMPTY_POST, postValues, textValues } from '../ui/postValues';
import { STATUS_FIELD } from '../ui/statusOptions';

export const VENUE_FIELDS: FieldSpec[] = [
  { name: 'venue', label: 'fields.name', required: true, wide: true },
  { name: 'address', label: 'fields.address', wide: true, autoComplete: 'street-address' },
  { name: 'city', label: 'fields.city', autoComplete: 'address-level2' },
  { name: 'zip', label: 'fields.zip', autoComplete: 'postal-code' },
  { name: 'state', label: 'fields.state' },
  { name: 'province', label: 'fields.province' },
  { name: 'country', label: 'fields.country', autoComplete: 'country-name' },
  { name: 'phone', label: 'fields.phone', type: 'tel' },
  {
    name: 'website',
    label: 'fields.website',
    type: 'url',
    wide: true,
    hint: 'fields.websiteHint',
  },
  { name: 'description', label: 'fields.description', type: 'textarea' },
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
