/**
 * The scalar fields of an event after a create or an update: merged over the stored row
 * (docs/contract/decisions.md 1), dates read as wall times in the event's zone, all-day snapping, the end never
 * before the start, status scale-back and scheduling (docs/contract/compat-notes.md §5.2, §7.2, §11.10).
 */
import type { DateTime } from 'luxon';
import { scaleBackStatus, type Actor, type PostStatus } from '../../../shared/roles.js';
import { formatWall, parseDateInput, readWall } from '../../../shared/dates.js';
import { costEntries } from '../../../shared/cost.js';
import { formatUtc } from '../../../shared/time.js';
import type { EventUpdateInput } from '../../../shared/schemas/event.js';
import { sanitizeHtml } from '../../text/html.js';
import { InvalidInput } from '../../errors.js';
import type { EventRow } from '../../storage/events.js';

export interface FieldContext {
  actor: Actor | null;
  siteZone: string;
  now: Date;
}

/** Everything but the id, the slug and the links, which need the write transaction. */
export type EventFields = Omit<EventRow, 'id' | 'slug' | 'venue_id' | 'image_id'>;

/** Titles are plain text. */
export function cleanTitle(title: string): string {
  return title.replace(/<[^>]*>/g, '').trim();
}

const flag = (value: boolean | undefined, existing: 0 | 1 | undefined): 0 | 1 =>
  value === undefined ? (existing ?? 0) : value ? 1 : 0;

function parseOrFail(name: string, value: string | number, zone: string, now: Date): DateTime {
  const parsed = parseDateInput(value, zone, now);
  if (!parsed) throw new InvalidInput({ [name]: `${name} is not a date.` });
  return parsed;
}

function schedule(
  input: EventUpdateInput,
  existing: EventRow | undefined,
  ctx: FieldContext,
): { status: PostStatus; date_utc: string } {
  let dateUtc = existing?.date_utc ?? formatUtc(ctx.now);
  if (input.date_utc !== undefined) {
    dateUtc = formatWall(parseOrFail('date_utc', input.date_utc, 'UTC', ctx.now).toUTC());
  } else if (input.date !== undefined) {
    dateUtc = formatWall(parseOrFail('date', input.date, ctx.siteZone, ctx.now).toUTC());
  }
  let status: PostStatus =
    existing === undefined || input.status !== undefined
      ? scaleBackStatus(ctx.actor, input.status)
      : existing.status;
  // WordPress schedules a publication dated in the future, and publishes a past "future" one.
  const nowUtc = formatUtc(ctx.now);
  if (status === 'publish' && dateUtc > nowUtc) status = 'future';
  else if (status === 'future' && dateUtc <= nowUtc) status = 'publish';
  return { status, date_utc: dateUtc };
}

type EventTimes = Pick<
  EventRow,
  'timezone' | 'all_day' | 'start_local' | 'end_local' | 'start_utc' | 'end_utc'
>;

function eventTimes(
  input: EventUpdateInput,
  existing: EventRow | undefined,
  ctx: FieldContext,
): EventTimes {
  if (
    existing &&
    input.timezone === undefined &&
    input.start_date === undefined &&
    input.end_date === undefined &&
    input.all_day === undefined
  ) {
    // Nothing about the times changes: the stored ones are what reading them again would give.
    const { timezone, all_day, start_local, end_local, start_utc, end_utc } = existing;
    return { timezone, all_day, start_local, end_local, start_utc, end_utc };
  }
  const timezone =
    input.timezone !== undefined
      ? input.timezone === ''
        ? ctx.siteZone
        : input.timezone
      : (existing?.timezone ?? ctx.siteZone);
  // Stored wall times are read again in the (possibly new) zone (docs/contract/compat-notes.md §7.2).
  let start =
    input.start_date !== undefined
      ? parseOrFail('start_date', input.start_date, timezone, ctx.now)
      : readWall(existing!.start_local, timezone);
  let end =
    input.end_date !== undefined
      ? parseOrFail('end_date', input.end_date, timezone, ctx.now)
      : readWall(existing!.end_local, timezone);
  const allDay = flag(input.all_day, existing?.all_day);
  if (allDay === 1) {
    start = start.startOf('day');
    end = end.set({ hour: 23, minute: 59, second: 59, millisecond: 0 });
  }
  // Every `set` recomputes the zone's offset: wall-time input, the usual case, has no milliseconds.
  if (start.millisecond !== 0) start = start.set({ millisecond: 0 });
  if (end.millisecond !== 0) end = end.set({ millisecond: 0 });
  if (end < start) {
    end = allDay === 1 ? start.set({ hour: 23, minute: 59, second: 59 }) : start;
  }
  return {
    timezone,
    all_day: allDay,
    start_local: formatWall(start),
    end_local: formatWall(end),
    // The instant as UTC text, without making a second luxon date in UTC for it.
    start_utc: formatUtc(start.toJSDate()),
    end_utc: formatUtc(end.toJSDate()),
  };
}

/**
 * The event status and its reason (docs/contract/extensions.md §E7). A reason belongs to the
 * status it was given with: changing the status without a new reason clears it.
 */
function eventStatus(
  input: EventUpdateInput,
  existing: EventRow | undefined,
): Pick<EventRow, 'event_status' | 'event_status_reason'> {
  const status = input.event_status ?? existing?.event_status ?? 'scheduled';
  let reason = input.event_status_reason;
  if (reason === undefined) {
    reason = status === existing?.event_status ? existing.event_status_reason : '';
  }
  return { event_status: status, event_status_reason: reason };
}

/** The new scalar fields; `existing` is the stored row on update, `undefined` on create. */
export function eventFields(
  input: EventUpdateInput,
  existing: EventRow | undefined,
  ctx: FieldContext,
): EventFields {
  const { status, date_utc } = schedule(input, existing, ctx);
  let website = existing?.website ?? null;
  if (input.website !== undefined) {
    // Created without a website, an event shows its permalink; an update can clear it (§11.9).
    website = input.website === '' && existing === undefined ? null : input.website;
  }
  return {
    author: input.author ?? existing?.author ?? ctx.actor?.id ?? null,
    status,
    title: input.title !== undefined ? cleanTitle(input.title) : (existing?.title ?? ''),
    description:
      input.description !== undefined
        ? sanitizeHtml(input.description)
        : (existing?.description ?? ''),
    excerpt: input.excerpt !== undefined ? sanitizeHtml(input.excerpt) : (existing?.excerpt ?? ''),
    date_utc,
    modified_utc: formatUtc(ctx.now),
    parent_id: existing?.parent_id ?? null,
    series_id: existing?.series_id ?? null,
    original_start_local: existing?.original_start_local ?? null,
    detached: existing?.detached ?? null,
    ...eventTimes(input, existing, ctx),
    cost:
      input.cost !== undefined ? JSON.stringify(costEntries(input.cost)) : (existing?.cost ?? '[]'),
    website,
    show_map: flag(input.show_map, existing?.show_map),
    show_map_link: flag(input.show_map_link, existing?.show_map_link),
    hide_from_listings: flag(input.hide_from_listings, existing?.hide_from_listings),
    sticky: flag(input.sticky, existing?.sticky),
    featured: flag(input.featured, existing?.featured),
    ...eventStatus(input, existing),
  };
}
