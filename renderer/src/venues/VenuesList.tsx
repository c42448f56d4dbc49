import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { nameOf } from '../api/resources';
import type { VenueWire } from '../../../shared/schemas/wire';
import { ResourceList, type Column } from '../lists/ResourceList';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';

const columns: Array<Column<VenueWire>> = [
  {
    key: 'venue',
    label: 'Name',
    render: (v) => <Link to={`/venues/${v.id}`}>{nameOf('venues', v)}</Link>,
    sortValue: (v) => nameOf('venues', v).toLowerCase(),
  },
  {
    key: 'where',
    label: 'Address',
    render: (v) => [v.address, v.city, v.country].filter(Boolean).join(', ') || '—',
    sortValue: (v) => (v.city ?? '').toLowerCase(),
  },
  { key: 'phone', label: 'Phone', render: (v) => v.phone || '—' },
  {
    key: 'status',
    label: 'Status',
    render: (v) => <StatusBadge status={v.status} />,
    sortValue: (v) => v.status,
  },
];

export default function VenuesList() {
  return (
    <>
      <PageHeader
        title="Venues"
        actions={
          <Button variant="primary" onClick={() => navigate('/venues/new')}>
            New venue
          </Button>
        }
      >
        Where events happen.
      </PageHeader>
      <ResourceList<VenueWire>
        kind="venues"
        columns={columns}
        statusFilter
        bulk={['trash', 'restore', 'status']}
      />
    </>
  );
}
