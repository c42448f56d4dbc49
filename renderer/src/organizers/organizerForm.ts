import { organizerCreateSchema } from '../../../shared/schemas/organizer';
import type { OrganizerWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { EMPTY_POST, postValues } from '../ui/postValues';
import { STATUS_FIELD } from '../ui/statusOptions';

export const ORGANIZER_FIELDS: FieldSpec[] = [
  { name: 'organizer', label: 'Name', required: true, wide: true },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'website', label: 'Website', type: 'url', wide: true, hint: 'An absolute http(s) URL.' },
  { name: 'description', label: 'Description', type: 'textarea' },
  STATUS_FIELD,
];

export const ORGANIZER_INLINE_FIELDS = ORGANIZER_FIELDS.filter((f) =>
  ['organizer', 'email', 'phone'].includes(f.name),
);

export const organizerSchema = organizerCreateSchema;

export const EMPTY_ORGANIZER: Values = {
  organizer: '',
  email: '',
  phone: '',
  website: '',
  ...EMPTY_POST,
};

export function organizerValues(o: OrganizerWire): Values {
  return {
    organizer: o.organizer ?? '',
    email: o.email ?? '',
    phone: o.phone ?? '',
    website: o.website ?? '',
    ...postValues(o),
  };
}
