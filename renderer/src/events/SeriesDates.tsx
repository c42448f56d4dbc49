/**
 * A series overview (`/events/<id>/dates`): every date of a repeating event, every part of a
 * split series included, a few months at a time (a series may never end), each linking to its
 * occurrence and marked when it was moved, changed on its own, canceled or postponed.
 */
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { api, ev } from '../api/client';
import { fetchPage, useItem } from '../api/hooks';
import { decodeEntities } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { Link } from '../app/Link';
import { useUrlState } from '../app/router';
import { useT } from '../i18n';
import { Button } from '../ui/Button';
import { DataTable, type Column } from '../ui/DataTable';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { formatRange, parseWall } from './dates';
import { EventStatusMark } from './EventStatusMark';

const MONTHS = 6;
const STATUSES = 'publish,future,draft,pending,private';
const WALL = 'yyyy-MM-dd HH:mm:ss';

/** The part's own occurrences in the window (`post_parent`), and its first event when inside. */
async function partDates(first: EventWire, from: DateTime, to: DateTime): Promise<EventWire[]> {
  const out: EventWire[] = [];
  const start = from.toFormat(WALL);
  const end = to.toFormat(WALL);
  if (first.start_date >= start && first.start_date < end) out.push(first);
  for (let page = 1; page <= 20; page++) {
    const result = await fetchPage('events', {
      post_parent: first.id,
      start_date: start,
      end_date: end,
      strict_dates: 'true',
      status: STATUSES,
      per_page: 50,
      page,
    });
    out.push(...result.items);
    if (page >= result.total_pages) break;
  }
  return out;
}

/** Where the rule put a moved occurrence: its original start, with the length it has now. */
function originalRange(occurrence: EventWire): string {
  const length = parseWall(occurrence.end_date).diff(parseWall(occurrence.start_date));
  const start = parseWall(occurrence.original_start_date!);
  return formatRange({
    start_date: start.toFormat(WALL),
    end_date: start.plus(length).toFormat(WALL),
    all_day: occurrence.all_day,
  });
}

/** What the occurrence changed on its own, as far as its series' first event tells. */
function changedAlone(event: EventWire, first: EventWire | undefined): boolean {
  if (!first || event.id === first.id) return false;
  const venue = (e: EventWire) => (Array.isArray(e.venue) ? 0 : e.venue.id);
  return (
    event.title !== first.title || venue(event) !== venue(first) || event.status !== first.status
  );
}

export default function SeriesDates({ id }: { id: string }) {
  const t = useT();
  const event = useItem('events', Number(id));
  const [place, setPlace] = useUrlState({ from: '' });
  const from = place.from
    ? DateTime.fromISO(place.from, { zone: 'UTC' }).startOf('month')
    : event.data
      ? parseWall(event.data.start_date).startOf('month')
      : DateTime.utc().startOf('month');
  const to = from.plus({ months: MONTHS });
  const parts = event.data?.series_parts?.length
    ? event.data.series_parts
    : event.data?.series_id
      ? [event.data.series_id]
      : [];
  const dates = useQuery({
    queryKey: ['events', 'series-dates', parts, from.toISODate()],
    enabled: parts.length > 0,
    queryFn: async () => {
      // A part whose first event is in the trash (a 403) is left out, as the API leaves it.
      const firsts = await Promise.all(
        parts.map((part) => api<EventWire>(ev(`events/${part}`)).catch(() => undefined)),
      );
      const live = firsts.filter((f): f is EventWire => f !== undefined);
      const lists = await Promise.all(live.map((first) => partDates(first, from, to)));
      const byPart = new Map(live.map((first) => [first.id, first]));
      return lists
        .flat()
        .sort((a, b) => a.utc_start_date.localeCompare(b.utc_start_date))
        .map((occurrence) => ({ occurrence, first: byPart.get(occurrence.series_id ?? 0) }));
    },
  });

  if (event.isPending)
    return (
      <div className="screen-loading">
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (!event.data) return <ErrorNote error={event.error} />;
  const title = decodeEntities(event.data.title);
  type Row = { occurrence: EventWire; first: EventWire | undefined };
  const columns: Array<Column<Row>> = [
    { label: t('seriesDates.date'), cell: ({ occurrence }) => formatRange(occurrence) },
    {
      label: t('seriesDates.event'),
      cell: ({ occurrence }) => (
        <Link to={`/events/${occurrence.id}`}>{decodeEntities(occurrence.title)}</Link>
      ),
    },
    {
      label: t('seriesDates.marks'),
      cell: ({ occurrence, first }) => {
        const moved =
          occurrence.original_start_date !== null &&
          occurrence.original_start_date !== occurrence.start_date;
        return (
          <span className="series-dates__marks">
            {moved && (
              <span className="badge">
                {t('seriesDates.moved', {
                  original: originalRange(occurrence),
                })}
              </span>
            )}
            {changedAlone(occurrence, first) && (
              <span className="badge">{t('seriesDates.changed')}</span>
            )}
            <EventStatusMark event={occurrence} />
          </span>
        );
      },
    },
  ];
  const shift = (months: number) => setPlace({ from: from.plus({ months }).toISODate()! });
  return (
    <>
      <PageHeader
        title={t('seriesDates.title', { title })}
        actions={<Link to={`/events/${id}`}>{t('seriesDates.back')}</Link>}
      >
        {t('seriesDates.lead', { months: MONTHS })}{' '}
        {t('seriesDates.parts', { count: parts.length })}
      </PageHeader>
      <div className="card">
        <div className="series-dates__window">
          <Button small onClick={() => shift(-MONTHS)}>
            {t('seriesDates.earlier')}
          </Button>
          <strong aria-live="polite">
            {t('seriesDates.window', {
              from: from.toFormat('LLL yyyy'),
              to: to.minus({ days: 1 }).toFormat('LLL yyyy'),
            })}
          </strong>
          <Button small onClick={() => shift(MONTHS)}>
            {t('seriesDates.later')}
          </Button>
        </div>
        <ErrorNote error={dates.error} />
        <DataTable
          rows={dates.data ?? []}
          rowKey={(row) => row.occurrence.id}
          columns={columns}
          pending={dates.isPending}
          empty={t('seriesDates.none')}
        />
      </div>
    </>
  );
}
