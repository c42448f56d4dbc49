/**
 * FullCalendar's words and formats in the console's language: its locale code makes every
 * date it writes go through `Intl` in the console's locale (`lun. 23/11` in fr-FR, `Mon 23/11`
 * in en-GB), and the texts come from the console's catalogues rather than FullCalendar's own.
 */
import type { LocaleInput } from '@fullcalendar/core';
import { consoleLocale, t } from '../i18n';

type Unit = 'month' | 'week' | 'day';
const unitOf = (unit: string): Unit => (unit === 'week' || unit === 'day' ? unit : 'month');

export function calendarLocale(): LocaleInput {
  return {
    code: consoleLocale(),
    buttonText: {
      prev: '‹',
      next: '›',
      today: t('calendar.today'),
      month: t('calendar.month'),
      week: t('calendar.week'),
      day: t('calendar.day'),
      list: t('calendar.list'),
    },
    buttonHints: {
      prev: (_text: string, unit: string) => t(`calendar.previous.${unitOf(unit)}`),
      next: (_text: string, unit: string) => t(`calendar.next.${unitOf(unit)}`),
      today: (_text: string, unit: string) => t(`calendar.current.${unitOf(unit)}`),
    },
    viewHint: (text: string) => t('calendar.viewHint', { view: text }),
    navLinkHint: (date: string) => t('calendar.goTo', { date }),
    moreLinkHint: (count: number) => t('calendar.moreHint', { count }),
    moreLinkText: (count: number) => t('calendar.more', { count }),
    allDayText: t('calendar.allDay'),
    noEventsText: t('calendar.noEvents'),
    closeHint: t('calendar.close'),
    timeHint: t('calendar.time'),
    eventHint: t('calendar.event'),
  };
}
