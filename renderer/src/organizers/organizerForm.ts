import { organizerCreateSchema } from '../../../shared/schemas/organizer';
import type { OrganizerWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { EMPTY_POST, postValues, textValues } from '../ui/postValues';
import { STATUS_FIELD } from '../ui/statusOptions';

export const ORGANIZER_FIELDS: FieldSpec[] = [
  { name: 'organizer', label: 'fields.name', required: true, wide: true },
  { name: 'email', label: 'fields.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'fields.phone', type: 'tel', autoComplete: 'tel' },
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

export const ORGANIZER_INLINE_FIELDS = ORGANIZER_FIELDS.filter((f) =>
  ['organizer', 'email', 'phone'].includes(f.name),
);

export const organizerSchema = organizerCreateSchema;

const TEXT_FIELDS = ['organizer', 'email', 'phone', 'website'] as const;

export const EMPTY_ORGANIZER: Values = { ...textValues<OrganizerWire>(TEXT_FIELDS), ...EMPTY_POST };

export const organizerValues = (o: OrganizerWire): Values => ({
  ...textValues(TEXT_FIELDS, o),
  ...postValues(o),
});
