/** How the console marks an occurrence of a series: a ↻ with a spoken label, and the rule. */
import type { EventWire } from '../../../shared/schemas/wire';
import { parseRecurrence } from '../../../shared/recurrence/lines';
import { summarize } from '../../../shared/recurrence/summary';
import { Link } from '../app/Link';
import { consoleLanguage } from '../app/language';
import { t } from '../i18n';

/** Whether the event belongs to a series (answers from before recurrence lack the key). */
export const isOccurrence = (event: Pick<EventWire, 'series_id'>) =>
  typeof event.series_id === 'number';

/** The rule in words for a saved event; '' when it does not repeat (or the lines are odd). */
export function seriesSummary(event: EventWire): string {
  if (!event.recurrence?.length) return '';
  try {
    return summarize(
      parseRecurrence(event.recurrence),
      { start: event.original_start_date ?? event.start_date, zone: event.timezone || 'UTC' },
      consoleLanguage(),
    );
  } catch {
    return '';
  }
}

/** The mark next to a title in lists. */
export function SeriesMark({ event }: { event: EventWire }) {
  if (!isOccurrence(event)) return null;
  const summary = seriesSummary(event);
  return (
    <span className="series-mark" title={summary || t('series.repeating')}>
      <span aria-hidden="true">↻</span>
      <span className="visually-hidden">
        {summary ? t('series.repeatingWith', { summary }) : t('series.repeating')}
      </span>
    </span>
  );
}

/** Under the editor's title: the series it belongs to, and a way to its first event. */
export function SeriesNote({ event }: { event: EventWire }) {
  if (!isOccurrence(event)) return null;
  const summary = seriesSummary(event);
  return (
    <span className="series-note">
      <span aria-hidden="true">↻ </span>
      {summary ? t('series.repeats', { summary }) : t('series.oneOf')}
      {event.series_id !== event.id && (
        <>
          {' · '}
          <Link to={`/events/${event.series_id}`}>{t('series.first')}</Link>
        </>
      )}
      {' · '}
      <Link to={`/events/${event.id}/dates`}>{t('series.allDates')}</Link>
    </span>
  );
}
