/**
 * The events list's "Upcoming": events that end after now. Without a date filter the listing
 * starts at the beginning of yesterday (the reference's default window), which showed events
 * long over; `strict_dates` makes the server compare the exact instant instead of a whole day.
 */
import { DateTime } from 'luxon';

export function upcomingFilter(now: Date = new Date()): Record<string, string> {
  return {
    strict_dates: 'true',
    ends_after: DateTime.fromJSDate(now, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss'),
  };
}
