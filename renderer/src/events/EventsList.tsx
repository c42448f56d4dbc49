import { useMemo } from 'react';
import { Link } from '../app/Link';
import { useUrlState } from '../app/router';
import { decodeEntities, nameOf } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { ResourceList, type Column } from '../lists/ResourceList';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';
import { formatRange } from './dates';
import { SeriesMark } from './SeriesMark';
import { EventStatusMark } from './EventStatusMark';
import { NewEventButton } from './NewEventButton';
import { upcomingFilter } from './upcoming';
import { t, useT } from '../i18n';

const WHEN: Record<string, Record<string, string>> = {
  past: { start_date: '1970-01-01', end_date: 'today' },
  all: { start_date: '1970-01-01', end_date: '2999-12-31' },
};

const WHEN_DEFAULT = { when: 'upcoming' };

const columns: Array<Column<EventWire>> = [
  {
    key: 'title',
    label: 'eventsList.title',
    render: (e) => (
      <>
        <Link to={`/events/${e.id}`}>{decodeEntities(e.title) || t('ui.untitled')}</Link>
        <SeriesMark event={e} />
        <EventStatusMark event={e} />
        {e.featured && <span className="badge">{t('eventsList.featured')}</span>}
      </>
    ),
    orderby: 'title',
  },
  { key: 'when', label: 'eventsList.when', render: (e) => formatRange(e), orderby: 'start_date' },
  {
    key: 'venue',
    label: 'editor.venue',
    render: (e) => (Array.isArray(e.venue) ? '—' : nameOf('venues', e.venue)),
  },
  {
    key: 'categories',
    label: 'editor.categories',
    render: (e) => e.categories.map((c) => c.name).join(', ') || '—',
  },
  {
    key: 'status',
    label: 'status.field',
    render: (e) => <StatusBadge status={e.status} />,
  },
];

export default function EventsList() {
  const t = useT();
  const [{ when }, setUrl] = useUrlState(WHEN_DEFAULT);
  // "Upcoming" is read at the minute it is chosen: events still going on or yet to start.
  const filters = useMemo(() => WHEN[when] ?? upcomingFilter(), [when]);
  return (
    <>
      <PageHeader title={t('nav.events')} actions={<NewEventButton />}>
        {t('eventsList.lead')}
      </PageHeader>
      <ResourceList<EventWire>
        kind="events"
        columns={columns}
        statusFilter
        filters={filters}
        defaultSort={{ by: 'start_date', dir: 'asc' }}
        bulk={['trash', 'restore', 'status', 'category']}
        filterControls={
          <Field label={t('eventsList.when')}>
            <select
              value={when}
              onChange={(e) => setUrl({ when: e.target.value, page: undefined })}
            >
              <option value="upcoming">{t('eventsList.upcoming')}</option>
              <option value="past">{t('eventsList.past')}</option>
              <option value="all">{t('eventsList.allDates')}</option>
            </select>
          </Field>
        }
      />
    </>
  );
}
