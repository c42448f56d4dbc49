/** The event editor's values, and how they map to and from the API (docs/contract/calendar-api.md §2.1). */
import { DateTime } from 'luxon';
import { decodeEntities, plainText } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import type { EventStatus } from '../../../shared/schemas/event-status';
import type { Values } from '../ui/form';
import { fromInput, toInput } from './dates';

export interface EventValues extends Values {
  title: string;
  description: string;
  excerpt: string;
  start: string;
  end: string;
  all_day: boolean;
  timezone: string;
  status: string;
  venue: number | null;
  organizer: number[];
  categories: number[];
  tags: number[];
  image: string;
  imagePreview: string | undefined;
  cost: string;
  website: string;
  slug: string;
  /** Publication date (site time zone) and author: empty keeps the server's choice. */
  published: string;
  author: string;
  featured: boolean;
  sticky: boolean;
  hide_from_listings: boolean;
  show_map: boolean;
  show_map_link: boolean;
  /** The series' RFC 5545 lines (docs/api/recurrence.md); `[]`: the event does not repeat. */
  recurrence: string[];
  /** Whether it takes place (docs/api/events.md, Event status), and why not. */
  event_status: EventStatus;
  event_status_reason: string;
}

export function emptyEvent(day?: string): EventValues {
  const base = day
    ? DateTime.fromISO(day).set({ hour: 10 })
    : DateTime.now().plus({ hours: 1 }).startOf('hour');
  return {
    title: '',
    description: '',
    excerpt: '',
    start: base.toFormat("yyyy-MM-dd'T'HH:mm"),
    end: base.plus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"),
    all_day: false,
    timezone: '',
    status: 'publish',
    venue: null,
    organizer: [],
    categories: [],
    tags: [],
    image: '',
    imagePreview: undefined,
    cost: '',
    website: '',
    slug: '',
    published: '',
    author: '',
    featured: false,
    sticky: false,
    hide_from_listings: false,
    show_map: true,
    show_map_link: true,
    recurrence: [],
    event_status: 'scheduled',
    event_status_reason: '',
  };
}

/**
 * A new event's values with what quick create passed on (`/events/new?title=…&start=…&end=…
 * &all_day=1&timezone=…`, calendar/QuickCreate.tsx): its title, times and zone.
 */
export function withQuickValues(base: EventValues, query: URLSearchParams): EventValues {
  const allDay = query.get('all_day') === '1';
  const start = query.get('start');
  const end = query.get('end');
  return {
    ...base,
    title: query.get('title') ?? base.title,
    ...(start && end ? { start, end, all_day: allDay } : {}),
    timezone: query.get('timezone') ?? base.timezone,
  };
}

export function eventValues(e: EventWire): EventValues {
  return {
    title: e.title,
    description: plainText(e.description),
    excerpt: plainText(e.excerpt),
    start: toInput(e.start_date, e.all_day),
    end: toInput(e.end_date, e.all_day),
    all_day: e.all_day,
    timezone: e.timezone,
    status: e.status,
    venue: Array.isArray(e.venue) ? null : e.venue.id,
    organizer: e.organizer.map((o) => o.id),
    categories: e.categories.map((c) => c.id),
    tags: e.tags.map((t) => t.id),
    image: e.image ? String(e.image.id ?? e.image.url) : '',
    imagePreview: e.image ? e.image.url : undefined,
    cost: e.cost_details?.values?.length ? e.cost : e.cost,
    // Without a website the API shows the event's own page (docs/contract/compat-notes.md §1.1): not a real value.
    website: e.website === e.url ? '' : e.website,
    slug: e.slug,
    published: toInput(e.date, false),
    author: e.author && e.author !== '0' ? e.author : '',
    featured: e.featured,
    sticky: e.sticky,
    hide_from_listings: e.hide_from_listings,
    show_map: e.show_map,
    show_map_link: e.show_map_link,
    recurrence: e.recurrence ?? [],
    event_status: e.event_status ?? 'scheduled',
    event_status_reason: e.event_status_reason ?? '',
  };
}

/** The payload: every field for a create; the editor sends only the changed ones on update. */
export function eventPayload(v: EventValues, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: v.title.trim(),
    description: v.description,
    excerpt: v.excerpt,
    start_date: fromInput(v.start, v.all_day),
    end_date: fromInput(v.end, v.all_day, true),
    all_day: v.all_day,
    timezone: v.timezone,
    status: v.status,
    // 0 clears the venue on update (docs/contract/decisions.md 1).
    venue: v.venue ?? 0,
    organizer: v.organizer,
    categories: v.categories,
    tags: v.tags,
    image: v.image,
    cost: v.cost,
    website: v.website,
    slug: v.slug,
    // Publication date and author cannot be cleared, only changed.
    ...(v.published ? { date: fromInput(v.published, false) } : {}),
    ...(v.author ? { author: Number(v.author) } : {}),
    featured: v.featured,
    sticky: v.sticky,
    hide_from_listings: v.hide_from_listings,
    show_map: v.show_map,
    show_map_link: v.show_map_link,
    recurrence: v.recurrence,
    event_status: v.event_status,
    // A reason goes with a status other than scheduled.
    event_status_reason: v.event_status === 'scheduled' ? '' : v.event_status_reason.trim(),
  };
  if (!creating) return body;
  // The reference refuses an empty image on events, and a create needs no empty fields.
  const optional = new Set([
    'image',
    'slug',
    'excerpt',
    'description',
    'cost',
    'website',
    'timezone',
  ]);
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        !(optional.has(key) && value === '') &&
        !(key === 'venue' && v.venue === null) &&
        !(key === 'recurrence' && v.recurrence.length === 0) &&
        !(key === 'event_status' && value === 'scheduled') &&
        !(key === 'event_status_reason' && value === ''),
    ),
  );
}

/**
 * A new event copied from another: same dates, place, people, terms and texts, but none of its
 * identity (id, slug, publication date, author) and never its series: the copy is one draft event.
 */
export function copyValues(e: EventWire): EventValues {
  return {
    ...eventValues(e),
    title: `${decodeEntities(e.title)} (copy)`,
    status: 'draft',
    slug: '',
    published: '',
    author: '',
    recurrence: [],
    // A copy is a new event: it takes place unless someone says otherwise.
    event_status: 'scheduled',
    event_status_reason: '',
  };
}
