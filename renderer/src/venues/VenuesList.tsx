import type { VenueWire } from '../../../shared/schemas/wire';
import { LinkedPostsList } from '../lists/LinkedPostsList';
import type { Column } from '../lists/ResourceList';

const columns: Array<Column<VenueWire>> = [
  {
    key: 'where',
    label: 'Address',
    render: (v) => [v.address, v.city, v.country].filter(Boolean).join(', ') || '—',
  },
  { key: 'phone', label: 'Phone', render: (v) => v.phone || '—' },
];

export default function VenuesList() {
  return (
    <LinkedPostsList kind="venues" title="Venues" newLabel="New venue" columns={columns}>
      Where events happen.
    </LinkedPostsList>
  );
}
