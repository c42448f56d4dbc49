/**
 * CalDAV writes (docs/contract/extensions.md §E6): a PUT maps its VEVENTs through the import's
 * mapping (import-map.ts, import-payload.ts) and writes them through the events service, with the
 * permissions and the status scale-back of the API's own writes (a contributor's new event is
 * pending). A series is written as a whole; each RECURRENCE-ID changes its occurrence alone, an
 * EXDATE or a cancelled occurrence trashes it. One PUT is one transaction.
 */
import type ICAL from 'ical.js';
import { canEditPosts, type Actor } from '../../../shared/roles.js';
import type { EventUpdateInput } from '../../../shared/schemas/event.js';
import { NotAllowed, NotFound, Refused } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EventRow } from '../../storage/events.js';
import type { EventsService } from '../events/service.js';
import { mapVevent, type MappedEvent } from '../feeds/import-map.js';
import { createPayloadMapper } from '../feeds/import-payload.js';
import { originalStart } from '../feeds/import-series.js';
import { place } from '../feeds/import-times.js';
import { keptLines } from '../feeds/kept.js';
import type { UnitOfWork } from '../../storage/storage.js';
import { exdateValues, invalidData, parseObject, type ObjectBody } from './ical.js';
import { defaultName, type CalendarObject, type ObjectDeps, type Objects } from './objects.js';

type Component = InstanceType<typeof ICAL.Component>;
/** The events service's writes in the PUT's unit of work. */
type EventWrites = ReturnType<EventsService['within']>;
/** What a PUT uses of its unit of work besides the events' writes. */
type PutUnit = Pick<UnitOfWork, 'feeds' | 'caldav'>;

export interface Conditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

export const preconditionFailed = () =>
  new Refused('caldav_precondition_failed', 'The object does not match If-Match or If-None-Match.');

/** Whether a list of entity tags (If-Match, If-None-Match) names this one, or `*`. */
export function tagMatches(header: string, etag: string | undefined): boolean {
  if (etag === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag);
}

function checkConditions(conditions: Conditions, current: CalendarObject | undefined): void {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifMatch !== undefined && !tagMatches(ifMatch, current?.etag)) throw preconditionFailed();
  if (ifNoneMatch !== undefined && tagMatches(ifNoneMatch, current?.etag)) {
    throw preconditionFailed();
  }
}

export function createWriter(
  core: Pick<CoreServices, 'storage' | 'settings'>,
  deps: ObjectDeps,
  objects: Objects,
) {
  const { events } = deps;
  const feeds = core.storage.read.feeds;
  const { payload } = createPayloadMapper();

  function mapped(component: Component, body: ObjectBody): MappedEvent {
    const result = mapVevent(component, body.ctx);
    if (typeof result === 'string') throw invalidData(result);
    return result;
  }

  function refuseUnless(allowed: boolean, actor: Actor | null): void {
    if (!allowed) throw new NotAllowed(actor !== null);
  }

  /** The event that holds the object's UID now, if any (imported, written here, or made here). */
  async function uidHolder(uid: string): Promise<number | undefined> {
    const known = (await feeds.byUid(uid))?.event_id;
    if (known !== undefined) return known;
    const match = /^event-(\d{1,15})-(.+)@almanac$/.exec(uid);
    if (match && match[2] === (await feeds.state()).site_uid) return Number(match[1]);
    return undefined;
  }

  /**
   * The fields to write: the post status only when the client changes CLASS (private or not).
   * The feeds mark unpublished events TENTATIVE too (vevent.ts), so a TENTATIVE sent back for
   * one of them keeps its event status rather than postponing it.
   */
  async function fieldsFor(
    uow: PutUnit,
    map: MappedEvent,
    row: EventRow | undefined,
  ): Promise<EventUpdateInput> {
    const input = await payload(uow.feeds, map);
    if (row && (row.status === 'private') === map.private) delete input.status;
    if (row && row.status !== 'publish' && map.eventStatus === 'postponed') {
      input.event_status = row.event_status;
    }
    return input;
  }

  /** The occurrence of the series starting (by the rule) at this placed time, stored or computed. */
  async function occurrenceAt(seriesId: number, original: string): Promise<EventRow | undefined> {
    const id = await events.occurrenceId(seriesId, original);
    return id === undefined ? undefined : events.find(id);
  }

  /**
   * A series' EXDATEs: those of occurrences it holds are trashed (after the write), the others
   * stay in its rule. EXDATEs of occurrences deleted for good say what the series knows already.
   */
  async function splitExdates(
    uow: PutUnit,
    map: MappedEvent,
    seriesId: number,
    zone: string,
    body: ObjectBody,
  ) {
    const rule = map.recurrence.filter((line) => !/^EXDATE[;:]/i.test(line));
    const trash: EventRow[] = [];
    for (const property of exdateValues(map.recurrence)) {
      const original = originalStart(place(property, body.ctx), zone);
      const row = await occurrenceAt(seriesId, original);
      if (row) {
        if (row.status !== 'trash') trash.push(row);
      } else if ((await uow.feeds.members(seriesId, original, original)).removed.length === 0) {
        rule.push(property.toICALString());
      }
    }
    return { map: { ...map, recurrence: rule }, trash };
  }

  /** Writes the master VEVENT; returns the event it is kept under (the series' id, or its own). */
  async function writeMaster(
    uow: PutUnit,
    writes: EventWrites,
    map: MappedEvent,
    row: EventRow | undefined,
    body: ObjectBody,
    actor: Actor | null,
    links: Links,
  ): Promise<number> {
    if (!row) {
      refuseUnless(canEditPosts(actor), actor);
      return (await writes.create(await fieldsFor(uow, map, undefined), actor, links)).id;
    }
    refuseUnless(events.canUpdate(actor, row), actor);
    if (row.series_id === null) {
      await writes.update(row.id, await fieldsFor(uow, map, row), actor, links, 'this');
      return row.id;
    }
    const split = await splitExdates(uow, map, row.series_id, row.timezone, body);
    await writes.update(row.id, await fieldsFor(uow, split.map, row), actor, links, 'all');
    for (const occurrence of split.trash) {
      refuseUnless(events.canDelete(actor, occurrence), actor);
      await writes.trash(occurrence.id, links, actor, 'this');
    }
    return row.series_id;
  }

  return {
    async put(
      name: string,
      text: string,
      conditions: Conditions,
      actor: Actor | null,
      links: Links,
    ): Promise<{ created: boolean; object: CalendarObject }> {
      const parsed = parseObject(text, core.settings.get().timezone);
      const head = await objects.headOf(name);
      const current = head === undefined ? undefined : await objects.byHead(head, actor, links);
      if (head !== undefined && !current) {
        const row = await events.find(head);
        if (row && row.status !== 'trash') refuseUnless(false, actor);
      }
      checkConditions(conditions, current);
      const holder = await uidHolder(parsed.uid);
      const holderHead =
        holder === undefined ? undefined : (await deps.feeds.objectHeads([holder]))[0];
      if (holderHead !== undefined && holderHead !== current?.head) {
        const row = await events.find(holder!);
        if (row && row.status !== 'trash') {
          throw new Refused(
            'caldav_no_uid_conflict',
            'Another object of this calendar has this UID.',
            { name: (await objects.names([holderHead])).get(holderHead) },
          );
        }
      }
      // One unit of work: the PUT is written whole or not at all.
      const written = await core.storage.write(async (uow) => {
        const writes = events.within(uow);
        let kept = current?.head;
        if (parsed.master) {
          const map = mapped(parsed.master, parsed);
          // The series' parent, unless it is in the trash: then an occurrence the reader sees.
          const parent = current ? await events.find(current.head) : undefined;
          const row =
            current && (!parent || parent.status === 'trash')
              ? await events.find(current.ids[0]!)
              : parent;
          kept = await writeMaster(uow, writes, map, row, parsed, actor, links);
          await uow.feeds.putIcal({
            event_id: kept,
            sequence: map.sequence,
            uid: parsed.uid,
            source_sequence: map.sequence,
            source_modified: map.modified || null,
          });
          await uow.caldav.putKept(kept, keptLines(parsed.master));
        }
        if (kept === undefined) {
          throw invalidData('A new object needs a VEVENT without RECURRENCE-ID.');
        }
        const seriesRow = await events.find(kept);
        for (const change of parsed.changes) {
          const seriesId = seriesRow?.series_id ?? null;
          if (seriesId === null)
            throw invalidData('RECURRENCE-ID of an event that does not recur.');
          const map = mapped(change, parsed);
          const original = originalStart(map.recurrenceId!, seriesRow!.timezone);
          const row = await occurrenceAt(seriesId, original);
          if (!row) continue;
          refuseUnless(events.canUpdate(actor, row), actor);
          const { recurrence: _rule, ...input } = await fieldsFor(uow, map, row);
          await writes.update(row.id, input, actor, links, 'this');
          await uow.caldav.putKept(row.id, keptLines(change));
        }
        if (name !== defaultName(kept)) await uow.caldav.putName(kept, name);
        return kept;
      });
      const object = await objects.byHead(written, actor, links);
      if (!object)
        throw new NotFound('caldav_not_found', 'The object was written but cannot be read.');
      return { created: current === undefined, object };
    },

    /** DELETE: the event, or every occurrence of the series, goes to the trash. */
    async remove(
      name: string,
      conditions: Conditions,
      actor: Actor | null,
      links: Links,
    ): Promise<void> {
      const current = await objects.byName(name, actor, links);
      if (!current) throw new NotFound('caldav_not_found', 'No object has this name.');
      checkConditions(conditions, current);
      const row = (await events.find(current.ids[0]!))!;
      refuseUnless(events.canDelete(actor, row), actor);
      await core.storage.write((uow) =>
        events.within(uow).trash(row.id, links, actor, row.series_id === null ? 'this' : 'all'),
      );
    },
  };
}

export type Writer = ReturnType<typeof createWriter>;
