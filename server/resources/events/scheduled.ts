/**
 * Scheduled publishing answered at read time (docs/contract/extensions.md §E1 revised: reads never
 * write). An event stored as `future` whose publication date has passed is published: every read
 * shows it so, at once, while the publisher (publisher.ts) makes it durable in the background.
 * Almost always nothing is due and reads take their usual plans; in the short time between a
 * publication date and the publisher's run, `dueBy` says so and reads answer from the stored
 * status and the clock together.
 */
import { formatUtc } from '../../../shared/time.js';
import type { Clock } from '../../clock.js';
import type { PostRow } from '../../db/post-row.js';
import type { EventsReader } from '../../storage/events.js';

export function createSchedule(events: Pick<EventsReader, 'earliestScheduled'>, clock: Clock) {
  /** The earliest publication date of an event stored as scheduled, as last read. */
  let first: string | undefined;
  let asked = 0;
  let answered = 0;
  let reading: Promise<void> | undefined;
  return {
    /**
     * Reads the earliest publication date again, through the read side: every request does as
     * it starts (app.ts), and its reads answer from it. At most one read per turn of the event
     * loop; a read that resolves after a later one does not replace its answer.
     */
    refresh(): Promise<void> {
      if (!reading) {
        const turn = ++asked;
        reading = events.earliestScheduled().then((value) => {
          if (turn < answered) return;
          answered = turn;
          first = value;
        });
        setImmediate(() => (reading = undefined));
      }
      return reading;
    },
    /**
     * Now (UTC), when some event stored as scheduled is already due; otherwise undefined, and
     * the stored statuses are the truth. A request's write can only remove scheduled events or
     * add ones not yet due, so the date read as it started holds for the whole request.
     */
    dueBy(): string | undefined {
      if (first === undefined) return undefined;
      const now = formatUtc(clock.now());
      return first <= now ? now : undefined;
    },
  };
}

export type Schedule = ReturnType<typeof createSchedule>;

/** The row as a reader sees it at `dueBy` (see `Schedule.dueBy`): due means published. */
export function asRead<R extends Pick<PostRow, 'status' | 'date_utc'>>(
  row: R,
  dueBy: string | undefined,
): R {
  return dueBy !== undefined && row.status === 'future' && row.date_utc <= dueBy
    ? { ...row, status: 'publish' }
    : row;
}
