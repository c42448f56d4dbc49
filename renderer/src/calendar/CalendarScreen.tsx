/**
 * Month, week, day and list views (FullCalendar). Clicking an event opens it, clicking a day
 * starts a new event there, and dragging an event moves it with an Undo.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { EventDropArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, {
  type DateClickArg,
  type EventResizeDoneArg,
} from '@fullcalendar/interaction';
import { useQueryClient } from '@tanstack/react-query';
import { api, ev, messageOf } from '../api/client';
import { invalidate } from '../api/hooks';
import { decodeEntities } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { navigate } from '../app/router';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toasts';
import { CalendarFilters, NO_FILTERS, type Filters } from './CalendarFilters';
import { datesAfterMove } from './toCalendar';
import { formatRange } from '../events/dates';
import { isOccurrence } from '../events/SeriesMark';
import { useEventSource } from './useEventSource';
import { useDebounced } from '../lists/useDebounced';
import './calendar.css';

const PHONE = '(max-width: 640px)';

/** Text arrows need a spoken name: the hint FullCalendar keeps in their title. */
function labelArrows(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const apply = () =>
    root
      .querySelectorAll<HTMLButtonElement>('.fc-prev-button, .fc-next-button')
      .forEach((button) => {
        if (button.title && button.getAttribute('aria-label') !== button.title)
          button.setAttribute('aria-label', button.title);
      });
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['title'],
  });
  return () => observer.disconnect();
}

const activeFilters = (filters: Filters) => Object.values(filters).filter((v) => v !== '').length;

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
  const source = useEventSource(settled, onError);
  const phone = typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches;

  useEffect(() => {
    setError(null);
  }, [settled]);
  useEffect(() => labelArrows(box.current), []);

  const refetch = () => {
    invalidate(client, 'events');
    calendar.current?.getApi().refetchEvents();
  };

  const move = async (info: EventDropArg | EventResizeDoneArg) => {
    const original = info.event.extendedProps.event as EventWire;
    const dates = datesAfterMove(info.event.start!, info.event.end, info.event.allDay, original);
    const title = decodeEntities(original.title);
    try {
      // The calendar already shows the new place (optimistic); revert() puts it back on failure.
      await api(ev(`events/${original.id}`), { method: 'PATCH', body: dates });
      refetch();
      toast({
        tone: 'info',
        message: `Moved “${title}”.`,
        action: {
          label: 'Undo',
          run: () =>
            void api(ev(`events/${original.id}`), {
              method: 'PATCH',
              body: { start_date: original.start_date, end_date: original.end_date },
            })
              .then(() => {
                refetch();
                toast({ tone: 'success', message: `“${title}” is back where it was.` });
              })
              .catch((e) => toast({ tone: 'error', message: `Undo failed: ${messageOf(e)}` })),
        },
      });
    } catch (failure) {
      info.revert();
      toast({ tone: 'error', message: `Could not move “${title}”: ${messageOf(failure)}` });
    }
  };

  return (
    <>
      <PageHeader
        title="Calendar"
        actions={
          <Button variant="primary" onClick={() => navigate('/events/new')}>
            New event
          </Button>
        }
      />
      {/* On a phone the filters fold away so the calendar comes first. */}
      <details className="calendar-filters-fold" open={!phone}>
        <summary>
          Filters
          {activeFilters(filters) > 0 ? ` (${activeFilters(filters)} on)` : ''}
        </summary>
        <CalendarFilters value={filters} onChange={setFilters} />
      </details>
      <ErrorNote error={error} title="Could not load events." />
      <div
        ref={box}
        className={`calendar card${loading ? ' calendar--loading' : ''}`}
        aria-busy={loading}
      >
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={phone ? 'listWeek' : 'dayGridMonth'}
          timeZone="UTC"
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
          // Text arrows: FullCalendar's icon font is a data: URL, which the console's CSP refuses.
          buttonIcons={false}
          buttonText={{
            prev: '‹',
            next: '›',
            today: 'Today',
            month: 'Month',
            week: 'Week',
            day: 'Day',
            list: 'List',
          }}
          height="auto"
          dayMaxEvents={3}
          nowIndicator
          editable
          eventStartEditable
          eventDurationEditable
          eventAllow={(span, moving) => span.allDay === (moving?.allDay ?? span.allDay)}
          events={source}
          loading={setLoading}
          eventClick={(info: EventClickArg) => {
            info.jsEvent.preventDefault();
            navigate(`/events/${info.event.id}`);
          }}
          dateClick={(info: DateClickArg) =>
            navigate(`/events/new?date=${info.dateStr.slice(0, 10)}`)
          }
          eventDrop={(info) => void move(info)}
          eventResize={(info) => void move(info)}
          eventDidMount={(info) => {
            const event = info.event.extendedProps.event as EventWire;
            const repeats = isOccurrence(event) ? ', repeating event' : '';
            info.el.setAttribute(
              'aria-label',
              `${info.event.title}, ${formatRange(event)}${repeats}`,
            );
            // Reachable from the keyboard like a link: Enter opens the event.
            info.el.tabIndex = 0;
            info.el.setAttribute('role', 'link');
            info.el.addEventListener('keydown', (key) => {
              if (key.key === 'Enter') navigate(`/events/${info.event.id}`);
            });
          }}
        />
      </div>
    </>
  );
}
