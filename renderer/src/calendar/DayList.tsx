/**
 * The phone month view's day list: the events of the tapped day, below the grid, as phone
 * calendars show them (the cells themselves only have room for dots).
 */
import { DateTime } from 'luxon';
import type { EventWire } from '../../../shared/schemas/wire';
import { Link } from '../app/Link';
import { navigate } from '../app/router';
import { Button } from '../ui/Button';
import { eventLabel, eventTitle, ownZone, statusWords } from './eventLabel';
import { luxonClock } from '../app/clock';
import { EventStatusMark, isMarked } from '../events/EventStatusMark';
import { t } from '../i18n';

const utc = (text: string) => DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });

/** The events overlapping `day` (yyyy-MM-dd) in `zone`, all-day ones first, then by start. */
export function eventsOnDay(events: readonly EventWire[], day: string, zone: string): EventWire[] {
  const from = DateTime.fromISO(day, { zone });
  const until = from.plus({ days: 1 });
  return events
    .filter((e) =>
      e.all_day
        ? e.start_date.slice(0, 10) <= day && e.end_date.slice(0, 10) >= day
        : utc(e.utc_start_date) < until &&
          (utc(e.utc_end_date) > from ||
            (e.utc_start_date === e.utc_end_date && utc(e.utc_start_date) >= from)),
    )
    .sort((a, b) =>
      a.all_day !== b.all_day
        ? a.all_day
          ? -1
          : 1
        : a.utc_start_date.localeCompare(b.utc_start_date),
    );
}

interface Props {
  day: string;
  events: readonly EventWire[];
  zone: string;
  twelve: boolean;
  colors: ReadonlyMap<number, string>;
}

export function DayList({ day, events, zone, twelve, colors }: Props) {
  const list = eventsOnDay(events, day, zone);
  const heading = DateTime.fromISO(day).toFormat('EEEE d LLLL');
  return (
    <section className="calendar-day card" aria-label={t('dayList.label', { day: heading })}>
      <header className="calendar-day__head">
        <h2>{heading}</h2>
        <Button onClick={() => navigate(`/events/new?date=${day}`)}>{t('dayList.newHere')}</Button>
      </header>
      {list.length === 0 ? (
        <p className="calendar-day__empty">{t('dayList.empty')}</p>
      ) : (
        <ul className="calendar-day__list">
          {list.map((event) => {
            const color = event.categories.map((c) => colors.get(c.id)).find(Boolean);
            const status = statusWords(event);
            const own = ownZone(event, zone);
            return (
              <li
                key={event.id}
                className={`calendar-day__item event--${event.status}${isMarked(event) ? ` event--${event.event_status}` : ''}`}
              >
                <span
                  className="calendar-day__dot"
                  style={color ? { background: color } : undefined}
                  aria-hidden="true"
                />
                <span className="calendar-day__time">
                  {event.all_day
                    ? t('dayList.allDay')
                    : utc(event.utc_start_date).setZone(zone).toFormat(luxonClock(twelve))}
                </span>
                <Link to={`/events/${event.id}`} aria-label={eventLabel(event, zone, twelve)}>
                  {eventTitle(event)}
                </Link>
                {status && <span className="badge">{status}</span>}
                <EventStatusMark event={event} />
                {own && <span className="calendar-day__zone">{own}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
