/**
 * Month, week, day and list views (FullCalendar). Events sit at their true instant in the
 * display zone (the site's, or this device's); clicking an event opens it, clicking a day
 * starts a new event there (on a phone's month view it lists the day's events below the grid),
 * and dragging an event moves it with an Undo.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import { useMediaQuery } from '../ui/useMediaQuery';
import type {
  DateSelectArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  ViewApi,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import interactionPlugin, {
  type DateClickArg,
  type EventResizeDoneArg,
} from '@fullcalendar/interaction';
import { DateTime } from 'luxon';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev, messageOf } from '../api/client';
import { invalidate, useAll } from '../api/hooks';
import { decodeEntities } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { navigate, useUrlState } from '../app/router';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toasts';
import { NewEventButton } from '../events/NewEventButton';
import { CalendarFilters, NO_FILTERS, type Filters } from './CalendarFilters';
import { DayList } from './DayList';
import { useDisplayZone } from './displayZone';
import { Legend } from './Legend';
import { labelArrows, mountEvent } from './mountEvent';
import { clockFormat, usesTwelveHours } from '../app/clock';
import { datesAfterMove } from './toCalendar';
import { useEventSource, useRefetchWhenStale } from './useEventSource';
import { ZoneSwitch } from './ZoneSwitch';
import { pickOfCell, pickOfSelection } from './quickPick';
import { QuickCreate, type QuickPick } from './QuickCreate';
import { useDebounced } from '../lists/useDebounced';
import { calendarLocale } from './calendarLocale';
import { t } from '../i18n';
import './calendar.css';

const PHONE = '(max-width: 640px)';

const activeFilters = (filters: Filters) => Object.values(filters).filter((v) => v !== '').length;

/** A phone month cell has room for a dot per event, coloured like the event. */
const dot = (arg: EventContentArg) => (
  <span
    className="fc-daygrid-event-dot"
    style={arg.borderColor ? { borderColor: arg.borderColor } : undefined}
  />
);

export default function CalendarScreen() {
  const client = useQueryClient();
  const toast = useToast();
  const calendar = useRef<FullCalendar>(null);
  const box = useRef<HTMLDivElement>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const settled = useDebounced(filters, 250);
  const onError = useCallback((e: unknown) => setError(e), []);
  const categories = useAll('categories', { hide_empty: false });
  const colors = useMemo(
    () => new Map((categories.data ?? []).flatMap((c) => (c.color ? [[c.id, c.color]] : []))),
    [categories.data],
  );
  const source = useEventSource(settled, colors, onError);
  useRefetchWhenStale(calendar);
  const phone = useMediaQuery(PHONE);
  const display = useDisplayZone();
  const zone = display.zone;
  const twelve = useMemo(() => usesTwelveHours(), []);
  const clock = useMemo(() => clockFormat(twelve), [twelve]);
  const locale = useMemo(() => calendarLocale(), []);
  // The view and the date shown live in the address: reload and shared links keep them.
  // The default view is the one of the width the calendar opened at: narrowing the window later
  // changes the layout, not the view the planner is looking at.
  const [startedOnPhone] = useState(phone);
  const [address, setAddress] = useUrlState({
    view: startedOnPhone ? 'listWeek' : 'dayGridMonth',
    date: '',
  });
  const [view, setView] = useState(address.view);
  // datesSet reads the address of the latest render, not the one of the render it was made in.
  const latest = useRef(address);
  latest.current = address;
  const [shown, setShown] = useState<EventWire[]>([]);
  const [day, setDay] = useState(() => DateTime.now().setZone(zone).toISODate()!);
  const phoneMonth = phone && view === 'dayGridMonth';
  const [quick, setQuick] = useState<QuickPick | null>(null);
  /** What had the focus when quick create opened, given it back when it closes. */
  const returnTo = useRef<HTMLElement | null>(null);
  const openQuick = (pick: QuickPick) => {
    const focused = document.activeElement;
    returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setQuick(pick);
  };
  const closeQuick = () => {
    setQuick(null);
    calendar.current?.getApi().unselect();
    const back = returnTo.current;
    if (back?.isConnected) back.focus();
    else box.current?.focus();
  };
  const timeGrid = view.startsWith('timeGrid');

  useEffect(() => {
    setError(null);
  }, [settled]);
  useEffect(() => labelArrows(box.current), []);
  // The fixed height of week and day views comes in after FullCalendar applied scrollTime to a
  // view without a scroller: scroll again once it has one.
  useEffect(() => {
    if (timeGrid) calendar.current?.getApi().scrollToTime('08:00:00');
  }, [timeGrid]);

  const dayOf = (date: Date) => DateTime.fromJSDate(date, { zone }).toISODate()!;
  const today = () => DateTime.now().setZone(zone).toISODate()!;

  /** Whether the calendar shows the address's view and date (today when the address has none). */
  const shows = (onScreen: ViewApi, place: { view: string; date: string }) => {
    const date = place.date || today();
    return (
      onScreen.type === place.view &&
      dayOf(onScreen.currentStart) <= date &&
      date < dayOf(onScreen.currentEnd)
    );
  };

  // Back, Forward or a link changed the address: the calendar follows it. Its datesSet then
  // finds the address already shown and adds no history entry.
  useEffect(() => {
    const api = calendar.current?.getApi();
    if (!api || shows(api.view, address)) return;
    if (api.view.type === address.view) api.gotoDate(address.date || today());
    else api.changeView(address.view, address.date || today());
  }, [address.view, address.date]);

  // The calendar reads its range again when the invalidation reaches it (useRefetchWhenStale).
  const refetch = () => invalidate(client, 'events');

  const move = async (info: EventDropArg | EventResizeDoneArg) => {
    const original = info.event.extendedProps.event as EventWire;
    const { start, end, allDay } = info.event;
    const dates = datesAfterMove(start!, end, allDay, original, zone);
    const title = decodeEntities(original.title);
    try {
      // The calendar already shows the new place (optimistic); revert() puts it back on failure.
      await api(ev(`events/${original.id}`), { method: 'PATCH', body: dates });
      refetch();
      toast({
        tone: 'info',
        message: t('calendar.moved', { title }),
        action: {
          label: t('common.undo'),
          run: () =>
            void api(ev(`events/${original.id}`), {
              method: 'PATCH',
              body: { start_date: original.start_date, end_date: original.end_date },
            })
              .then(() => {
                refetch();
                toast({ tone: 'success', message: t('calendar.movedBack', { title }) });
              })
              .catch((e) =>
                toast({
                  tone: 'error',
                  message: t('calendar.undoFailed', { message: messageOf(e) }),
                }),
              ),
        },
      });
    } catch (failure) {
      info.revert();
      toast({
        tone: 'error',
        message: t('calendar.moveFailed', { title, message: messageOf(failure) }),
      });
    }
  };

  return (
    <>
      <PageHeader title={t('calendar.title')} actions={<NewEventButton />} />
      <div className="calendar-options">
        {/* On a phone the filters fold away so the calendar comes first. */}
        <details className="calendar-filters-fold" open={!phone}>
          <summary>
            {activeFilters(filters) > 0
              ? t('calendar.filtersOn', { count: activeFilters(filters) })
              : t('calendar.filters')}
          </summary>
          <CalendarFilters value={filters} onChange={setFilters} />
        </details>
        <ZoneSwitch
          choice={display.choice}
          site={display.site}
          device={display.device}
          onChange={display.choose}
        />
      </div>
      <ErrorNote error={error} title={t('calendar.loadFailed')} />
      <div
        ref={box}
        tabIndex={-1}
        className={`calendar card${loading ? ' calendar--loading' : ''}${phoneMonth ? ' calendar--dots' : ''}`}
        aria-busy={loading}
      >
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
          initialView={view}
          initialDate={address.date || undefined}
          timeZone={zone}
          locale={locale}
          firstDay={1}
          headerToolbar={
            phone
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : {
                  left: 'prev,next today',
                  center: 'title',
                  right: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth',
                }
          }
          footerToolbar={
            phone ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' } : undefined
          }
          // Text arrows (the locale's ‹ and ›): FullCalendar's icon font is a data: URL, which the
          // console's CSP refuses.
          buttonIcons={false}
          // Week and day views scroll inside a fixed height so that working hours come into view;
          // the whole day stays reachable, night events included.
          height={timeGrid ? (phone ? 560 : 720) : 'auto'}
          scrollTime="08:00:00"
          eventTimeFormat={clock}
          slotLabelFormat={clock}
          dayMaxEvents={phoneMonth ? false : 3}
          eventDisplay={phoneMonth ? 'list-item' : 'auto'}
          eventContent={phoneMonth ? dot : undefined}
          dayCellClassNames={(arg) =>
            phoneMonth && dayOf(arg.date) === day ? ['calendar-day--selected'] : []
          }
          // A month cell named by its date alone would hide the events it shows (WCAG 2.5.3): its
          // content (the day number, named with the full date, and the events) names it instead.
          dayCellDidMount={(arg) => {
            arg.el.removeAttribute('aria-labelledby');
            // A month day is a keyboard stop: Enter or Space opens quick create on it.
            if (arg.view.type !== 'dayGridMonth' || phone) return;
            arg.el.tabIndex = 0;
            arg.el.addEventListener('keydown', (key) => {
              if (key.target !== arg.el || (key.key !== 'Enter' && key.key !== ' ')) return;
              key.preventDefault();
              openQuick(pickOfCell(arg.date, arg.el, zone));
            });
          }}
          // "+N more" is an <a> without href that opens a popover: a button to assistive tech
          // (aria-expanded is not allowed on a plain anchor).
          moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
          nowIndicator
          editable
          eventStartEditable
          eventDurationEditable
          eventAllow={(span, moving) => span.allDay === (moving?.allDay ?? span.allDay)}
          events={source}
          loading={setLoading}
          datesSet={(info) => {
            setView(info.view.type);
            const now = new Date();
            const current = info.view.currentStart <= now && now < info.view.currentEnd;
            // Prev, next, today and a view button are steps in the history (Back steps back
            // through weeks and months). Showing what the address already says (the first
            // render, Back/Forward) only writes the address's usual form, as no new entry.
            setAddress(
              { view: info.view.type, date: current ? undefined : dayOf(info.view.currentStart) },
              { replace: shows(info.view, latest.current) },
            );
          }}
          eventsSet={(events) => setShown(events.map((e) => e.extendedProps.event as EventWire))}
          eventClick={(info: EventClickArg) => {
            info.jsEvent.preventDefault();
            if (phoneMonth) setDay(info.event.startStr.slice(0, 10));
            else navigate(`/events/${info.event.id}`);
          }}
          // A click or a drag on the grid picks a day or a time range for quick create; on a
          // phone's month a tap lists the day's events instead.
          selectable={!phoneMonth}
          select={(info: DateSelectArg) => openQuick(pickOfSelection(info, zone))}
          unselectAuto={false}
          dateClick={(info: DateClickArg) => {
            if (phoneMonth) setDay(info.dateStr.slice(0, 10));
          }}
          eventDrop={(info) => void move(info)}
          eventResize={(info) => void move(info)}
          eventDidMount={(info) => mountEvent(info, zone, twelve)}
        />
      </div>
      {phoneMonth && (
        <DayList day={day} events={shown} zone={zone} twelve={twelve} colors={colors} />
      )}
      <Legend categories={categories.data ?? []} />
      {quick && <QuickCreate pick={quick} onClose={closeQuick} />}
    </>
  );
}
