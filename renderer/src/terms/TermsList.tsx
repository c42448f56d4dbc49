import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { decodeEntities } from '../api/resources';
import type { TermWire } from '../../../shared/schemas/wire';
import { ResourceList, type Column } from '../lists/ResourceList';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { useT } from '../i18n';

const FILTERS = { hide_empty: false };

export default function TermsList({ kind }: { kind: 'categories' | 'tags' }) {
  const t = useT();
  const columns: Array<Column<TermWire>> = [
    {
      key: 'name',
      label: 'fields.name',
      render: (term) => <Link to={`/${kind}/${term.id}`}>{decodeEntities(term.name)}</Link>,
      orderby: 'name',
    },
    {
      key: 'slug',
      label: 'fields.slug',
      render: (term) => <code>{term.slug}</code>,
      orderby: 'slug',
    },
    {
      key: 'count',
      label: 'termsList.events',
      render: (term) => term.count ?? 0,
      orderby: 'count',
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
        {t(kind === 'categories' ? 'termsList.categoriesLead' : 'termsList.tagsLead')}
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
