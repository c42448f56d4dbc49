/**
 * Imported changes to one occurrence of a series (a VEVENT with RECURRENCE-ID, §E2 Import):
 * the occurrence the rule gave that start is updated alone (STATUS:CANCELLED makes it canceled,
 * docs/contract/extensions.md §E7). Each change keeps its own SEQUENCE bookkeeping, under the series' UID and
 * the occurrence's original start, so a re-import changes nothing and a newer version applies.
 */
import type { Actor } from '../../../shared/roles.js';
import type { EventUpdateInput } from '../../../shared/schemas/event.js';
import type { ImportItem, ImportOptions } from '../../../shared/schemas/feed.js';
import { formatInZone } from '../../../shared/time.js';
import type { Links } from '../../http/links.js';
import type { EventsService } from '../events/service.js';
import type { MappedEvent } from './import-map.js';
import { wall } from './import-items.js';
import type { Placed } from './import-times.js';
import type { NameReader } from './import-payload.js';
import { inSavepoint } from '../../storage/savepoints.js';
import type { UnitOfWork } from '../../storage/storage.js';

/** What an import run counts (import.ts). */
export interface ChangeReport {
  updated: number;
  unchanged: number;
  skipped: Array<{ uid: string; reason: string }>;
  errors: Array<{ uid: string | null; line: number; message: string }>;
  events: number[];
  items: ImportItem[];
}

export interface ChangeDeps {
  events: EventsService;
  payload: (
    store: NameReader,
    mapped: MappedEvent,
    options?: ImportOptions,
  ) => Promise<EventUpdateInput>;
  newer: (mapped: MappedEvent, sequence: number | null, modified: string | null) => boolean;
  newlyCanceled: (mapped: MappedEvent, row: { event_status: string }) => boolean;
  messageOf: (error: unknown) => string;
}

/** The events service's writes in the import's unit of work. */
export type EventWrites = ReturnType<EventsService['within']>;

/** What the import uses of its unit of work besides the events' writes. */
export type ImportUnit = Pick<UnitOfWork, 'feeds' | 'savepoints'>;

/** The occurrence's original start as the series keeps it: a wall time in the series' zone. */
export function originalStart(placed: Placed, zone: string): string {
  return placed.kind === 'date'
    ? `${placed.date} 00:00:00`
    : formatInZone(new Date(placed.ms), zone);
}

export function createChangeImporter({
  events,
  payload,
  newer,
  newlyCanceled,
  messageOf,
}: ChangeDeps) {
  /** The occurrence's id, stored or computed (the update or trash then stores it). */
  const occurrence = (seriesId: number, original: string): Promise<number | undefined> =>
    events.occurrenceId(seriesId, original);

  return async function importChange(
    uow: ImportUnit,
    writes: EventWrites,
    mapped: MappedEvent,
    recurrenceId: Placed,
    line: number,
    report: ChangeReport,
    actor: Actor,
    links: Links,
    options: ImportOptions = {},
  ): Promise<void> {
    const { uid } = mapped;
    const master = await uow.feeds.byUid(uid);
    const parent = master ? await events.find(master.event_id) : undefined;
    /** The entry in people's words: it changes one occurrence of the series named. */
    const item = (action: ImportItem['action'], reason: string) =>
      report.items.push({
        action,
        kind: 'occurrence',
        title: mapped.title,
        start_date: wall(mapped.start),
        all_day: mapped.allDay,
        occurrences: 1,
        reason,
        line,
      });
    if (!parent || parent.series_id === null) {
      const reason =
        'It changes one occurrence of a recurring event that this calendar does not hold.';
      report.skipped.push({ uid, reason });
      item('skipped', reason);
      return;
    }
    const of = `An occurrence of “${parent.title}”`;
    const original = originalStart(recurrenceId, parent.timezone);
    const id = await occurrence(parent.series_id, original);
    const row = id === undefined ? undefined : await events.find(id);
    if (id === undefined || !row) {
      const reason = `The series has no occurrence starting ${original}.`;
      report.skipped.push({ uid, reason });
      item('skipped', `${of}: its rule gives no occurrence starting ${original}.`);
      return;
    }
    // Imports before events had a status trashed the occurrences such a change cancels.
    if (row.status === 'trash' && mapped.eventStatus === 'canceled') {
      report.unchanged += 1;
      item('unchanged', `${of}, canceled.`);
      return;
    }
    if (row.status === 'trash') {
      report.skipped.push({ uid, reason: `The occurrence of ${original} is in the trash.` });
      item('skipped', `${of}, in the trash here.`);
      return;
    }
    const key = `${uid} RECURRENCE-ID ${original}`;
    const known = await uow.feeds.byUid(key);
    if (
      known &&
      !newer(mapped, known.source_sequence, known.source_modified) &&
      !newlyCanceled(mapped, row)
    ) {
      report.unchanged += 1;
      report.events.push(id);
      item('unchanged', `${of}.`);
      return;
    }
    try {
      // A savepoint: a change that fails leaves nothing behind, the others go on.
      await inSavepoint(uow, async () => {
        await writes.update(id, await payload(uow.feeds, mapped, options), actor, links, 'this');
        await uow.feeds.putIcal({
          event_id: id,
          sequence: mapped.sequence,
          uid: key,
          source_sequence: mapped.sequence,
          source_modified: mapped.modified || null,
        });
      });
      report.updated += 1;
      report.events.push(id);
      // On a first import this is the file's own series: its occurrence is updated, not created.
      item('updated', `${of}, changed by the file (${original}).`);
    } catch (error) {
      report.errors.push({ uid, line, message: messageOf(error) });
      item('error', `${of}: ${messageOf(error)}`);
    }
  };
}
