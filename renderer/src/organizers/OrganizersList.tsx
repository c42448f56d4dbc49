import type { OrganizerWire } from '../../../shared/schemas/wire';
import { LinkedPostsList } from '../lists/LinkedPostsList';
import type { Column } from '../lists/ResourceList';

const columns: Array<Column<OrganizerWire>> = [
  { key: 'email', label: 'E-mail', render: (o) => o.email || '—' },
  { key: 'phone', label: 'Phone', render: (o) => o.phone || '—' },
];

export default function OrganizersList() {
  return (
    <LinkedPostsList
      kind="organizers"
      title="Organizers"
      newLabel="New organizer"
      columns={columns}
    >
      Who runs events.
    </LinkedPostsList>
  );
}
