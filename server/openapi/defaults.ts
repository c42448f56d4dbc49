/**
 * Argument defaults that depend on the deployment, which the route schemas cannot state: the
 * reference documents `per_page` with the site's "posts per page" as a string-typed integer and
 * the event archive's date window computed from "now" (docs/contract/calendar-api.md §4.2.1, docs/contract/compat-notes.md §3.2).
 */
import { DateTime } from 'luxon';
import { normalizeZone } from '../../shared/time.js';
import type { Services } from '../services.js';
import type { CompiledRoute } from '../http/registry.js';
import type { Method } from '../http/route.js';

export const CALENDAR_NAMESPACE = 'calendar/events/v1';

export type DynamicDefault = (route: CompiledRoute, methods: Method[], arg: string) => unknown;

const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** The default window of `GET /events`: 00:00 of the local day holding "yesterday 23:59 UTC", to now + 24 months. */
export function eventWindow(now: Date, timezone: string): { start: string; end: string } {
  const zone = normalizeZone(timezone) ?? 'UTC';
  const yesterdayLate = DateTime.fromJSDate(now, { zone: 'UTC' })
    .minus({ days: 1 })
    .set({ hour: 23, minute: 59, second: 0, millisecond: 0 });
  const start = yesterdayLate.setZone(zone).startOf('day');
  const end = DateTime.fromJSDate(now, { zone }).plus({ months: 24 }).endOf('day');
  return { start: start.toFormat(FORMAT), end: end.toFormat(FORMAT) };
}

export function deploymentDefaults(services: Services): DynamicDefault {
  const settings = services.settings.get();
  let window: { start: string; end: string } | undefined;
  return (route, methods, arg) => {
    if (route.namespace !== CALENDAR_NAMESPACE || !methods.includes('GET')) return undefined;
    if (arg === 'per_page') return String(settings.per_page);
    if (route.path === '/events' && (arg === 'start_date' || arg === 'end_date')) {
      window ??= eventWindow(services.clock.now(), settings.timezone);
      return arg === 'start_date' ? window.start : window.end;
    }
    return undefined;
  };
}
