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

const WHEN: Record<string, Record<string, string>> = {
  past: { start_date: '1970-01-01', end_date: 'today' },
  all: { start_date: '1970-01-01', end_date: '2999-12-31' },
};

const WHEN_DEFAULT = { when: 'upcoming' };

const columns: Array<Column<EventWire>> = [
  {
    key: 'title',
    label: 'Title',
    render: (e) => (
      <>
        <Link to={`/events/${e.id}`}>{decodeEntities(e.title) || '(untitled)'}</Link>
        <SeriesMark event={e} />
        <EventStatusMark event={e} />
        {e.featured && <span className="badge">Featured</span>}
      </>
    ),
    orderby: 'title',
  },
  { key: 'when', label: 'When', render: (e) => formatRange(e), orderby: 'start_date' },
  {
    key: 'venue',
    label: 'Venue',
    render: (e) => (Array.isArray(e.venue) ? '—' : nameOf('venues', e.venue)),
  },
  {
    key: 'categories',
    label: 'Categories',
    render: (e) => e.categories.map((c) => c.name).join(', ') || '—',
  },
  {
    key: 'status',
    label: 'Status',
    render: (e) => <StatusBadge status={e.status} />,
  },
];

export default function EventsList() {
  const [{ when }, setUrl] = useUrlState(WHEN_DEFAULT);
  // "Upcoming" is read at the minute it is chosen: events still going on or yet to start.
  const filters = useMemo(() => WHEN[when] ?? upcomingFilter(), [when]);
  return (
    <>
      <PageHeader title="Events" actions={<NewEventButton />}>
        Upcoming events by default; choose “All” to include the past.
      </PageHeader>
      <ResourceList<EventWire>
        kind="events"
        columns={columns}
        statusFilter
        filters={filters}
        defaultSort={{ by: 'start_date', dir: 'asc' }}
        bulk={['trash', 'restore', 'status', 'category']}
        filterControls={
          <Field label="When">
            <select
              value={when}
              onChange={(e) => setUrl({ when: e.target.value, page: undefined })}
            >
              <option value="upcoming">Upcoming</option>
              <option value="past">Past</option>
              <option value="all">All dates</option>
            </select>
          </Field>
        }
      />
    </>
  );
}
