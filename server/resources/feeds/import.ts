/**
 * iCalendar import (docs/contract/extensions.md §E2, Import): a `.ics` file becomes events,
 * matched by UID so that importing the same file again changes nothing and a newer version
 * (SEQUENCE, then LAST-MODIFIED) updates them. One import is one transaction; a dry run is the
 * same work rolled back, so its report is exactly what the import would do.
 */
import ICAL from 'ical.js';
import type { Actor } from '../../../shared/roles.js';
import type { ImportItem, ImportOptions } from '../../../shared/schemas/feed.js';
import { DomainError, InvalidInput, Refused, TooLarge } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EventsService } from '../events/service.js';
import { inSavepoint } from '../../storage/savepoints.js';
import { mapVevent, type MappedEvent } from './import-map.js';
import { createPayloadMapper } from './import-payload.js';
import { createChangeImporter, type EventWrites, type ImportUnit } from './import-series.js';
import { icsText, veventLines } from './ics-text.js';
import { customZones, zoneOfTzid, type Placed, type ZoneContext } from './import-times.js';
import { noCounts } from '../../import-counts.js';
import { occurrenceCount, wall } from './import-items.js';

/** The largest file accepted (bigger bodies are a 413 before they are read). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most VEVENTs one import reads; more is a 413. */
export const IMPORT_MAX_EVENTS = 10_000;

/** A file as it was sent: its bytes and the charset its Content-Type named, if any. */
export interface IcsFile {
  bytes: Uint8Array;
  charset?: string | undefined;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ uid: string; reason: string }>;
  errors: Array<{ uid: string | null; line: number; message: string }>;
  events: number[];
  /** Each entry of the file in people's words (title, date, what happens and why). */
  items: ImportItem[];
}

type Component = InstanceType<typeof ICAL.Component>;

/** Thrown inside the transaction of a dry run to roll it back. */
class DryRun extends Error {}

function parseCalendars(text: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Refused('rest_invalid_ics', `The file is not iCalendar: ${detail}`);
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as
    unknown[] | unknown;
  const calendars = (Array.isArray(roots) ? roots : [])
    .filter((root): root is unknown[] => Array.isArray(root) && root[0] === 'vcalendar')
    .map((root) => new ICAL.Component(root));
  if (calendars.length === 0) {
    throw new Refused('rest_invalid_ics', 'The file holds no VCALENDAR.');
  }
  return calendars;
}

/** An entry the import could not read: named by what the file says of it. */
function unreadItem(component: Component, line: number, reason: string): ImportItem {
  const summary = component.getFirstPropertyValue('summary');
  const start = component.getFirstPropertyValue('dtstart');
  return {
    action: 'error',
    kind: 'event',
    title: typeof summary === 'string' ? summary : '',
    start_date: start instanceof ICAL.Time ? start.toString().replace('T', ' ').slice(0, 19) : '',
    all_day: start instanceof ICAL.Time ? start.isDate : false,
    occurrences: 1,
    reason,
    line,
  };
}

function messageOf(error: unknown): string {
  if (error instanceof InvalidInput)
    return Object.values(error.problems).join(' ') || error.message;
  if (error instanceof DomainError) return error.message;
  throw error;
}

export function createImportService(
  core: Pick<CoreServices, 'storage' | 'settings'>,
  events: EventsService,
) {
  const { payload, newer, newlyCanceled } = createPayloadMapper();

  const importChange = createChangeImporter({ events, payload, newer, newlyCanceled, messageOf });

  /** A VEVENT changing one occurrence, kept for after every series of the file exists. */
  interface Change {
    mapped: MappedEvent;
    recurrenceId: Placed;
    line: number;
  }

  async function importOne(
    uow: ImportUnit,
    writes: EventWrites,
    component: Component,
    line: number,
    ctx: ZoneContext,
    report: ImportReport,
    actor: Actor,
    links: Links,
    changes: Change[],
    options: ImportOptions,
  ): Promise<void> {
    const mapped = mapVevent(component, ctx);
    if (typeof mapped === 'string') {
      const uid = component.getFirstPropertyValue('uid');
      report.errors.push({ uid: typeof uid === 'string' ? uid : null, line, message: mapped });
      report.items.push(unreadItem(component, line, mapped));
      return;
    }
    const { uid } = mapped;
    if (mapped.recurrenceId !== undefined) {
      changes.push({ mapped, recurrenceId: mapped.recurrenceId, line });
      return;
    }
    const item = (action: ImportItem['action'], reason = '', occurrences?: number | null) => {
      const series = mapped.recurrence.length > 0;
      report.items.push({
        action,
        kind: series ? 'series' : 'event',
        title: mapped.title,
        start_date: wall(mapped.start),
        all_day: mapped.allDay,
        occurrences: occurrences === undefined ? (series ? null : 1) : occurrences,
        reason,
        line,
      });
    };
    const known = await uow.feeds.byUid(uid);
    const existing = known ? await events.find(known.event_id) : undefined;
    if (existing?.status === 'trash') {
      const reason = 'The event this UID was imported as is in the trash.';
      report.skipped.push({ uid, reason });
      item('skipped', 'It was imported before and is in the trash here: restore it to update it.');
      return;
    }
    if (
      existing &&
      !newer(mapped, known!.source_sequence, known!.source_modified) &&
      !newlyCanceled(mapped, existing)
    ) {
      report.unchanged += 1;
      report.events.push(existing.id);
      item('unchanged', '', occurrenceCount(mapped));
      return;
    }
    try {
      // A savepoint: an event that fails leaves nothing behind, the others go on.
      const id = await inSavepoint(uow, async () => {
        const input = await payload(uow.feeds, mapped, { ...options, creating: !existing });
        // A series is updated as a whole; occurrences changed on their own keep their changes.
        const written = existing
          ? await writes.update(
              existing.id,
              input,
              actor,
              links,
              existing.series_id ? 'all' : 'this',
            )
          : await writes.create(input, actor, links);
        await uow.feeds.putIcal({
          event_id: written.id,
          sequence: mapped.sequence,
          uid,
          source_sequence: mapped.sequence,
          source_modified: mapped.modified || null,
        });
        return written.id;
      });
      if (existing) report.updated += 1;
      else report.created += 1;
      report.events.push(id);
      item(existing ? 'updated' : 'created', '', occurrenceCount(mapped));
    } catch (error) {
      report.errors.push({ uid, line, message: messageOf(error) });
      item('error', messageOf(error));
    }
  }

  return {
    /** Imports the file's events (or reports what it would do, with `dryRun`). */
    async run(
      file: IcsFile,
      options: { dryRun: boolean } & ImportOptions,
      actor: Actor,
      links: Links,
    ): Promise<ImportReport> {
      const { dryRun, ...chosen } = options;
      const calendars = parseCalendars(icsText(file.bytes, file.charset));
      const vevents = calendars.flatMap((calendar) => calendar.getAllSubcomponents('vevent'));
      if (vevents.length > IMPORT_MAX_EVENTS) {
        throw new TooLarge(
          'rest_import_too_large',
          `The file holds ${vevents.length} events; one import takes at most ${IMPORT_MAX_EVENTS}.`,
        );
      }
      const lines = veventLines(file.bytes);
      const report: ImportReport = { ...noCounts(), items: [] };
      const siteZone = core.settings.get().timezone;
      let index = 0;
      const changes: Change[] = [];
      try {
        // One unit of work: the whole file is written, or nothing (a dry run rolls it back).
        await core.storage.write(async (uow) => {
          const writes = events.within(uow);
          for (const calendar of calendars) {
            const named = calendar.getFirstPropertyValue('x-wr-timezone');
            const ctx: ZoneContext = {
              custom: customZones(calendar),
              calendarZone: (typeof named === 'string' ? zoneOfTzid(named) : undefined) ?? siteZone,
            };
            for (const component of calendar.getAllSubcomponents('vevent')) {
              await importOne(
                uow,
                writes,
                component,
                lines[index] ?? 0,
                ctx,
                report,
                actor,
                links,
                changes,
                chosen,
              );
              index += 1;
            }
          }
          for (const change of changes) {
            await importChange(
              uow,
              writes,
              change.mapped,
              change.recurrenceId,
              change.line,
              report,
              actor,
              links,
              chosen,
            );
          }
          if (dryRun) throw new DryRun();
        });
      } catch (error) {
        if (!(error instanceof DryRun)) throw error;
        // Nothing was written: the ids of events it would create do not exist.
        const kept = new Set<number>();
        for (const id of report.events) {
          if ((await events.find(id)) !== undefined) kept.add(id);
        }
        report.events = report.events.filter((id) => kept.has(id));
      }
      return report;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
