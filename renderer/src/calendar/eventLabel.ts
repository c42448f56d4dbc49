/**
 * What an event says in words: its full title, its time in the display zone (with its own zone
 * when that differs), and its status when it is not simply published. Used for the accessible
 * label, the hover title and the phone's day list.
 */
import { DateTime } from 'luxon';
import type { EventWire } from '../../../shared/schemas/wire';
import { normalizeZone } from '../../../shared/time';
import { decodeEntities } from '../api/resources';
import { parseWall } from '../events/dates';
import { isOccurrence } from '../events/SeriesMark';
import { statusText } from '../events/EventStatusMark';
import { luxonClock } from '../app/clock';
import { t } from '../i18n';

const utc = (text: string) => DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });

export const eventTitle = (event: EventWire) => decodeEntities(event.title) || t('ui.untitled');

/** The event's own zone when it is not the display zone, else undefined. */
export function ownZone(event: EventWire, displayZone: string): string | undefined {
  if (event.all_day) return undefined;
  const own = normalizeZone(event.timezone) ?? 'UTC';
  return own === displayZone ? undefined : own;
}

/** `Mon 15 Jun, 09:30–11:00` in the display zone; all-day events by their own dates. */
export function whenText(event: EventWire, displayZone: string, twelve: boolean): string {
  const day = 'EEE d LLL yyyy';
  if (event.all_day) {
    const start = parseWall(event.start_date);
    const end = parseWall(event.end_date);
    return start.hasSame(end, 'day')
      ? t('eventWords.allDay', { when: start.toFormat(day) })
      : t('eventWords.allDay', { when: `${start.toFormat('EEE d LLL')} – ${end.toFormat(day)}` });
  }
  const clock = luxonClock(twelve);
  const start = utc(event.utc_start_date).setZone(displayZone);
  const end = utc(event.utc_end_date).setZone(displayZone);
  const span = start.hasSame(end, 'day')
    ? `${start.toFormat(day)}, ${start.toFormat(clock)}–${end.toFormat(clock)}`
    : `${start.toFormat(`${day} ${clock}`)} – ${end.toFormat(`${day} ${clock}`)}`;
  const own = ownZone(event, displayZone);
  if (own === undefined) return span;
  const local = utc(event.utc_start_date).setZone(own);
  return t('eventWords.startsElsewhere', { span, time: local.toFormat(clock), zone: own });
}

const WORDED = ['draft', 'pending', 'private', 'future'] as const;

export function statusWords(event: EventWire): string | undefined {
  const status = WORDED.find((s) => s === event.status);
  return status && t(`status.words.${status}`);
}

export function eventLabel(event: EventWire, displayZone: string, twelve: boolean): string {
  const parts = [eventTitle(event), whenText(event, displayZone, twelve)];
  const status = statusWords(event);
  if (status) parts.push(status);
  const marked = statusText(event);
  if (marked) parts.push(marked);
  if (event.featured) parts.push(t('eventWords.featured'));
  if (isOccurrence(event)) parts.push(t('eventWords.repeating'));
  return parts.join(', ');
}
