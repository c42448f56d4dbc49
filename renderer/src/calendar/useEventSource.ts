/**
 * Loads the events of the visible range for FullCalendar, through the query cache, following
 * the listing's pages (50 per page).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventSourceFuncArg } from '@fullcalendar/core';
import { fetchPage } from '../api/hooks';
import type { EventWire } from '../../../shared/schemas/wire';
import type { Filters } from './CalendarFilters';
import { rangeQuery, toCalendarEvent, type CategoryColors } from './toCalendar';

const MAX_PAGES = 20;

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
          queryKey: ['events', 'calendar', query],
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
