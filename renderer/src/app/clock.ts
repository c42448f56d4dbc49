/**
 * The console's one clock: 24 h or 12 h, decided by the console's locale (its language, in the
 * browser's own variant when the browser speaks it: en-US 12 h, en-GB and French 24 h). Every time the console shows goes through here (the calendar's grid and
 * events, the events list, the phone's day list, labels and hover texts, the conflict dialog,
 * the administration screens' stamps), so a 12 h reader never meets "19:30" next to "7:30 PM".
 */
import type { FormatterInput } from '@fullcalendar/core';
import { DateTime } from 'luxon';
import { consoleLocale } from '../i18n';

/** The locale of the console's dates and times (renderer/src/i18n). */
export const clockLocale = consoleLocale;

export function usesTwelveHours(locale = clockLocale()): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

/** FullCalendar's format for the same clock. */
export function clockFormat(twelve = usesTwelveHours()): FormatterInput {
  return twelve
    ? { hour: 'numeric', minute: '2-digit', hour12: true }
    : { hour: '2-digit', minute: '2-digit', hour12: false };
}

/** Luxon's token for the same clock: `9:30 AM` or `09:30`. */
export const luxonClock = (twelve = usesTwelveHours()) => (twelve ? 'h:mm a' : 'HH:mm');

/** `Wed 10 Jun 2026, 7:30 PM`: a day and its time on the console's clock. */
export const dayAndTime = (at: DateTime, twelve = usesTwelveHours()) =>
  at.toFormat(`EEE d LLL yyyy, ${luxonClock(twelve)}`);

/**
 * A server's UTC stamp (`2026-06-10 17:30:00`, when a backup was made…), said in words in
 * `zone` (the site's, see useStamp) and naming it: `Wed 10 Jun 2026, 19:30 Europe/Paris`.
 */
export function stampText(utc: string, zone = 'UTC', twelve = usesTwelveHours()): string {
  const at = DateTime.fromFormat(utc, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });
  return at.isValid ? `${dayAndTime(at.setZone(zone), twelve)} ${zone}` : `${utc} UTC`;
}

/** A form's date-time value (`2026-06-10T19:30`, or the API's `2026-06-10 19:30:00`) in words. */
export function wallText(value: string, twelve = usesTwelveHours()): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const at = DateTime.fromISO(value.replace(' ', 'T'), { zone: 'UTC' });
  return at.isValid ? dayAndTime(at, twelve) : undefined;
}
