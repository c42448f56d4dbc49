import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { decodeEntities } from '../api/resources';
import type { TermWire } from '../../../shared/schemas/wire';
import { ResourceList, type Column } from '../lists/ResourceList';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';

const FILTERS = { hide_empty: false };

export default function TermsList({ kind }: { kind: 'categories' | 'tags' }) {
  const columns: Array<Column<TermWire>> = [
    {
      key: 'name',
      label: 'Name',
      render: (t) => <Link to={`/${kind}/${t.id}`}>{decodeEntities(t.name)}</Link>,
      orderby: 'name',
    },
    { key: 'slug', label: 'Slug', render: (t) => <code>{t.slug}</code>, orderby: 'slug' },
    { key: 'count', label: 'Events', render: (t) => t.count ?? 0, orderby: 'count' },
  ];
  const title = kind === 'categories' ? 'Categories' : 'Tags';
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button variant="primary" onClick={() => navigate(`/${kind}/new`)}>
            New {kind === 'categories' ? 'category' : 'tag'}
          </Button>
        }
      >
        {kind === 'categories'
          ? 'Group events by kind; categories can nest.'
          : 'Free-form labels for events.'}
      </PageHeader>
      <ResourceList<TermWire>
        key={kind}
        kind={kind}
        columns={columns}
        filters={FILTERS}
        bulk={['trash']}
        defaultSort={{ by: 'name', dir: 'asc' }}
      />
    </>
  );
}
