/** The list screen venues and organizers share: the name, the type's own columns, the status. */
import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { nameOf } from '../api/resources';
import type { VenueWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';
import { ResourceList, type Column } from './ResourceList';
import { useT } from '../i18n';

interface Props<T> {
  kind: 'venues' | 'organizers';
  lead: string;
  /** The columns between the name and the status. */
  columns: Array<Column<T>>;
}

export function LinkedPostsList<T extends Pick<VenueWire, 'id' | 'status'>>({
  kind,
  lead,
  columns,
}: Props<T>) {
  const t = useT();
  const all: Array<Column<T>> = [
    {
      key: kind === 'venues' ? 'venue' : 'organizer',
      label: 'fields.name',
      render: (item) => <Link to={`/${kind}/${item.id}`}>{nameOf(kind, item)}</Link>,
      orderby: 'title',
    },
    ...columns,
    {
      key: 'status',
      label: 'status.field',
      render: (item) => <StatusBadge status={item.status} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={t(`nav.${kind}`)}
        actions={
          <Button variant="primary" onClick={() => navigate(`/${kind}/new`)}>
            {t(`resource.${kind}.new`)}
          </Button>
        }
      >
        {lead}
      </PageHeader>
      <ResourceList<T>
        kind={kind}
        columns={all}
        statusFilter
        bulk={['trash', 'restore', 'status']}
        defaultSort={{ by: 'date', dir: 'desc' }}
      />
    </>
  );
}
