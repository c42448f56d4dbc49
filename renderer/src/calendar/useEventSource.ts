/**
 * Loads the events of the visible range for FullCalendar, through the query cache, following
 * the listing's pages (50 per page), and loads them again when the cache says they changed.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventSourceFuncArg } from '@fullcalendar/core';
import { fetchPage } from '../api/hooks';
import type { EventWire } from '../../../shared/schemas/wire';
import type { Filters } from './CalendarFilters';
import { rangeQuery, toCalendarEvent, type CategoryColors } from './toCalendar';

const MAX_PAGES = 20;
const KEY = ['events', 'calendar'] as const;

const isCalendarRange = (key: readonly unknown[]) => key[0] === KEY[0] && key[1] === KEY[1];

export function useEventSource(
  filters: Filters,
  colors: CategoryColors,
  onError: (error: unknown) => void,
) {
  const client = useQueryClient();
  return useCallback(
    async (info: EventSourceFuncArg) => {
      const query = {
        ...rangeQuery(info.start, info.end),
        search: filters.search.trim() || undefined,
        categories: filters.categories || undefined,
        tags: filters.tags || undefined,
        venue: filters.venue || undefined,
        organizer: filters.organizer || undefined,
        status: filters.status || undefined,
      };
      try {
        const events = await client.fetchQuery({
          queryKey: [...KEY, query],
          staleTime: 5_000,
          queryFn: async () => {
            const events: EventWire[] = [];
            for (let page = 1; page <= MAX_PAGES; page++) {
              const result = await fetchPage('events', { ...query, per_page: 50, page });
              events.push(...result.items);
              if (page >= result.total_pages) break;
            }
            return events;
          },
        });
        return events.map((event) => toCalendarEvent(event, colors));
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    [client, filters, colors, onError],
  );
}

/**
 * FullCalendar reads its events through `fetchQuery`, which does not watch the cache: an
 * invalidation (a live change from someone else, a save elsewhere in the console) only marks the
 * ranges stale. This asks the calendar to read its range again when that happens, once for any
 * number of ranges invalidated together; the stale range is then fetched anew.
 */
export function useRefetchWhenStale(
  calendar: RefObject<{ getApi(): { refetchEvents(): void } } | null>,
) {
  const client = useQueryClient();
  useEffect(() => {
    let queued = false;
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      if (!isCalendarRange(event.query.queryKey) || queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        calendar.current?.getApi().refetchEvents();
      });
    });
  }, [client, calendar]);
}
