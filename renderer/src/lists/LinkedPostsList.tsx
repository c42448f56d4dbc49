/** The list screen venues and organizers share: the name, the type's own columns, the status. */
import type { ReactNode } from 'react';
import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { nameOf } from '../api/resources';
import type { VenueWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';
import { ResourceList, type Column } from './ResourceList';

interface Props<T> {
  kind: 'venues' | 'organizers';
  title: string;
  newLabel: string;
  /** The columns between the name and the status. */
  columns: Array<Column<T>>;
  children: ReactNode;
}

export function LinkedPostsList<T extends Pick<VenueWire, 'id' | 'status'>>({
  kind,
  title,
  newLabel,
  columns,
  children,
}: Props<T>) {
  const all: Array<Column<T>> = [
    {
      key: kind === 'venues' ? 'venue' : 'organizer',
      label: 'Name',
      render: (item) => <Link to={`/${kind}/${item.id}`}>{nameOf(kind, item)}</Link>,
      orderby: 'title',
    },
    ...columns,
    {
      key: 'status',
      label: 'Status',
      render: (item) => <StatusBadge status={item.status} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button variant="primary" onClick={() => navigate(`/${kind}/new`)}>
            {newLabel}
          </Button>
        }
      >
        {children}
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
