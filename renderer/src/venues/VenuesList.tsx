import type { VenueWire } from '../../../shared/schemas/wire';
import { LinkedPostsList } from '../lists/LinkedPostsList';
import type { Column } from '../lists/ResourceList';
import { useT } from '../i18n';

const columns: Array<Column<VenueWire>> = [
  {
    key: 'where',
    label: 'venuesList.address',
    render: (v) => [v.address, v.city, v.country].filter(Boolean).join(', ') || '—',
  },
  { key: 'phone', label: 'fields.phone', render: (v) => v.phone || '—' },
];

export default function VenuesList() {
  const t = useT();
  return <LinkedPostsList kind="venues" lead={t('venuesList.lead')} columns={columns} />;
}
