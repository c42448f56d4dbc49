/**
 * How the console marks a canceled or postponed event (docs/api/events.md, Event status): a
 * badge in words, with the reason on hover and for screen readers. Scheduled events get none.
 */
import type { EventWire } from '../../../shared/schemas/wire';
import { t } from '../i18n';

type Marked = Pick<EventWire, 'event_status' | 'event_status_reason'>;

/** Whether the event is canceled or postponed (answers from before the status lack the key). */
export const isMarked = (event: Partial<Marked>): event is Marked =>
  event.event_status === 'canceled' || event.event_status === 'postponed';

/** "Canceled" or "Canceled: the speaker is ill"; '' for a scheduled event. */
export function statusText(event: Partial<Marked>): string {
  if (!isMarked(event)) return '';
  const status = t(`eventStatus.${event.event_status}`);
  const reason = event.event_status_reason.trim();
  return reason === '' ? status : t('eventStatus.marked', { status, reason });
}

export function EventStatusMark({ event }: { event: Partial<Marked> }) {
  if (!isMarked(event)) return null;
  const reason = event.event_status_reason.trim();
  return (
    <span
      className={`badge badge--event-${event.event_status}`}
      title={reason === '' ? undefined : statusText(event)}
    >
      {t(`eventStatus.${event.event_status}`)}
      {reason !== '' && <span className="visually-hidden">: {reason}</span>}
    </span>
  );
}
