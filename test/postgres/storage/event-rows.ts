/** Rows the events and series contract tests write through the ports. */
import type { EventRow } from '../../../server/storage/events.js';
import type { LinkedValues } from '../../../server/storage/linked-posts.js';
import type { Storage } from '../../../server/storage/storage.js';

export const eventRow = (id: number, extra: Partial<EventRow> = {}): EventRow => ({
  id,
  author: null,
  status: 'publish',
  slug: `event-${id}`,
  title: `Event ${id}`,
  description: 'About it',
  excerpt: '',
  date_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
  parent_id: null,
  timezone: 'Europe/Paris',
  start_local: '2026-05-01 20:00:00',
  end_local: '2026-05-01 22:00:00',
  start_utc: '2026-05-01 18:00:00',
  end_utc: '2026-05-01 20:00:00',
  all_day: 0,
  cost: '[]',
  website: null,
  show_map: 1,
  show_map_link: 0,
  hide_from_listings: 0,
  sticky: 0,
  featured: 1,
  venue_id: null,
  image_id: null,
  series_id: null,
  original_start_local: null,
  detached: null,
  event_status: 'scheduled',
  event_status_reason: '',
  ...extra,
});

/** Stores new events (ordinary ids) in one unit of work; answers their ids. */
export async function storeEvents(
  storage: Storage,
  rows: Array<Partial<EventRow>>,
): Promise<number[]> {
  return storage.write(async (uow) => {
    const ids: number[] = [];
    for (const extra of rows) {
      const id = await uow.events.newId();
      await uow.events.insert(eventRow(id, extra));
      ids.push(id);
    }
    return ids;
  });
}

export const linked = (title: string): LinkedValues => ({
  author: null,
  status: 'publish',
  slug: title.toLowerCase(),
  title,
  description: '',
  excerpt: '',
  date_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
  image_id: null,
});
