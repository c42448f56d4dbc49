import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { nameOf } from '../api/resources';
import type { OrganizerWire } from '../../../shared/schemas/wire';
import { ResourceList, type Column } from '../lists/ResourceList';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';

const columns: Array<Column<OrganizerWire>> = [
  {
    key: 'organizer',
    label: 'Name',
    render: (o) => <Link to={`/organizers/${o.id}`}>{nameOf('organizers', o)}</Link>,
    sortValue: (o) => nameOf('organizers', o).toLowerCase(),
  },
  { key: 'email', label: 'E-mail', render: (o) => o.email || '—', sortValue: (o) => o.email ?? '' },
  { key: 'phone', label: 'Phone', render: (o) => o.phone || '—' },
  {
    key: 'status',
    label: 'Status',
    render: (o) => <StatusBadge status={o.status} />,
    sortValue: (o) => o.status,
  },
];

export default function OrganizersList() {
  return (
    <>
      <PageHeader
        title="Organizers"
        actions={
          <Button variant="primary" onClick={() => navigate('/organizers/new')}>
            New organizer
          </Button>
        }
      >
        Who runs events.
      </PageHeader>
      <ResourceList<OrganizerWire>
        kind="organizers"
        columns={columns}
        statusFilter
        bulk={['trash', 'restore', 'status']}
      />
    </>
  );
}
