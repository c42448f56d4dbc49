/**
 * 24 h or 12 h clock, decided once from the console's language and the browser's locale, and
 * used by every time the calendar shows (grid labels, event times, labels, the day list).
 */
import type { FormatterInput } from '@fullcalendar/core';
import { consoleLanguage } from '../app/language';

/** The browser's locale when it speaks the console's language (en-GB, fr-CA…), else the language. */
export function calendarLocale(): string {
  const language = consoleLanguage();
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return browser.toLowerCase().startsWith(language) ? browser : language;
}

export function usesTwelveHours(locale = calendarLocale()): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

export function clockFormat(twelve = usesTwelveHours()): FormatterInput {
  return twelve
    ? { hour: 'numeric', minute: '2-digit', hour12: true }
    : { hour: '2-digit', minute: '2-digit', hour12: false };
}

/** Luxon's token for the same clock: `9:30 AM` or `09:30`. */
export const luxonClock = (twelve = usesTwelveHours()) => (twelve ? 'h:mm a' : 'HH:mm');
