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
import type { ReadDb } from '../../db/read.js';
import type { PostRow } from '../../db/post-row.js';

export function createSchedule(reads: ReadDb, clock: Clock) {
  // The partial index events_future (migration 0004) answers this in one step.
  const earliest = reads
    .prepare<[], string | null>("SELECT min(date_utc) FROM events WHERE status = 'future'")
    .pluck();
  // Read once per turn of the event loop: a request's queries all ask, and the answer cannot
  // change within one synchronous turn in a way that matters (a write in it can only remove
  // scheduled events, or add ones not yet due).
  let known: { first: string | undefined } | undefined;
  const first = (): string | undefined => {
    if (!known) {
      known = { first: earliest.get() ?? undefined };
      setImmediate(() => (known = undefined));
    }
    return known.first;
  };
  return {
    /**
     * Now (UTC), when some event stored as scheduled is already due; otherwise undefined, and
     * the stored statuses are the truth.
     */
    dueBy(): string | undefined {
      const due = first();
      if (due === undefined) return undefined;
      const now = formatUtc(clock.now());
      return due <= now ? now : undefined;
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
