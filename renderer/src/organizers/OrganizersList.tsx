import type { OrganizerWire } from '../../../shared/schemas/wire';
import { LinkedPostsList } from '../lists/LinkedPostsList';
import type { Column } from '../lists/ResourceList';
import { useT } from '../i18n';

const columns: Array<Column<OrganizerWire>> = [
  { key: 'email', label: 'fields.email', render: (o) => o.email || '—' },
  { key: 'phone', label: 'fields.phone', render: (o) => o.phone || '—' },
];

export default function OrganizersList() {
  const t = useT();
  return <LinkedPostsList kind="organizers" lead={t('organizersList.lead')} columns={columns} />;
}
