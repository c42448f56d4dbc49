/**
 * The calendar collection as CalDAV sees it (docs/contract/extensions.md §E6): one object per
 * event or per running series, named by the client that made it (else `almanac-<id>.ics`), its
 * text the feeds' VEVENTs plus the lines kept from the client, its ETag a digest of that text.
 * Plain data in and out; nothing here knows of HTTP.
 */
import { createHash } from 'node:crypto';
import type { Actor } from '../../../shared/roles.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EventsService } from '../events/service.js';
import { visibility } from '../events/listing-query.js';
import type { FeedService } from '../feeds/service.js';
import type { FeedEntry } from '../feeds/series.js';
import type { SyncService } from '../sync/service.js';

export interface ObjectDeps {
  events: EventsService;
  feeds: FeedService;
  sync: SyncService;
}

export interface CalendarObject {
  head: number;
  name: string;
  text: string;
  etag: string;
  /** The events the text shows (a series' rule and changed occurrences). */
  ids: number[];
}

const DEFAULT_NAME = /^almanac-(\d{1,15})\.ics$/;
export const defaultName = (head: number) => `almanac-${head}.ics`;

/** `YYYY-MM-DD HH:MM:SS` of an instant. */
const stored = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export function createObjects(core: Pick<CoreServices, 'storage' | 'settings'>, deps: ObjectDeps) {
  const store = core.storage.read.caldav;

  async function names(heads: readonly number[]): Promise<Map<number, string>> {
    const given = await store.names(heads);
    return new Map(heads.map((head) => [head, given.get(head) ?? defaultName(head)]));
  }

  /** The object a name stands for, if any (whether the reader may see it is asked later). */
  async function headOf(name: string): Promise<number | undefined> {
    const given = await store.headByName(name);
    if (given !== undefined) return given;
    const match = DEFAULT_NAME.exec(name);
    if (!match) return undefined;
    const head = Number(match[1]);
    // A default name stops being one once the object was given another.
    return (await store.names([head])).has(head) ? undefined : head;
  }

  /** The objects of these heads the reader sees, in order, named as given or by default. */
  async function readAll(
    heads: readonly number[],
    actor: Actor | null,
    links: Links,
    given?: Map<number, string>,
  ): Promise<CalendarObject[]> {
    const named = given ?? (await names(heads));
    const made = await deps.feeds.calendarObjects(heads, actor, links, (entries: FeedEntry[]) =>
      store.kept(entries.map((entry) => (entry.kind === 'rule' ? entry.rule.id : entry.id))),
    );
    const out: CalendarObject[] = [];
    for (const head of heads) {
      const object = made.get(head);
      if (!object) continue;
      const etag = `"${createHash('sha1').update(object.text).digest('base64url')}"`;
      out.push({ head, name: named.get(head)!, text: object.text, etag, ids: object.ids });
    }
    return out;
  }

  const read = async (head: number, name: string, actor: Actor | null, links: Links) =>
    (await readAll([head], actor, links, new Map([[head, name]])))[0];

  return {
    names,
    headOf,
    /** The object under this name, as the reader sees it. */
    async byName(
      name: string,
      actor: Actor | null,
      links: Links,
    ): Promise<CalendarObject | undefined> {
      const head = await headOf(name);
      return head === undefined ? undefined : read(head, name, actor, links);
    },
    async byHead(
      head: number,
      actor: Actor | null,
      links: Links,
    ): Promise<CalendarObject | undefined> {
      return read(head, (await names([head])).get(head)!, actor, links);
    },

    /** Every object the reader may read. */
    async all(actor: Actor | null, links: Links): Promise<CalendarObject[]> {
      const ids = await deps.events.allIds({ visibility: visibility(actor, undefined) });
      return readAll(await deps.feeds.objectHeads(ids), actor, links);
    },

    /** The objects with an event overlapping [start, end) (RFC 4791 §9.9). */
    async inRange(
      start: Date,
      end: Date,
      actor: Actor | null,
      links: Links,
    ): Promise<CalendarObject[]> {
      const ids = await deps.events.allIds({
        visibility: visibility(actor, undefined),
        startsBefore: stored(end),
        endsAfter: stored(start),
      });
      return readAll(await deps.feeds.objectHeads(ids), actor, links);
    },

    /** The objects named (calendar-multiget); names of no readable object are `missing`. */
    async named(wanted: readonly string[], actor: Actor | null, links: Links) {
      const found: CalendarObject[] = [];
      const missing: string[] = [];
      for (const name of wanted) {
        const head = await headOf(name);
        const object = head === undefined ? undefined : await read(head, name, actor, links);
        if (object) found.push(object);
        else missing.push(name);
      }
      return { found, missing };
    },

    /** What changed after a sync token: objects to fetch again and names gone (RFC 6578). */
    async changedSince(token: string, actor: Actor | null, links: Links) {
      const changes = await deps.sync.eventsChangedSince(token);
      const existing = new Set<number>();
      for (const id of changes.ids) {
        if ((await deps.events.find(id)) !== undefined) existing.add(id);
      }
      const heads = [
        ...new Set([
          ...(await deps.feeds.objectHeads([...existing])),
          ...changes.ids.filter((id) => !existing.has(id)),
        ]),
      ];
      const named = await names(heads);
      const changed = await readAll(heads, actor, links, named);
      const seen = new Set(changed.map((object) => object.head));
      const gone = heads.filter((head) => !seen.has(head)).map((head) => named.get(head)!);
      return { token: changes.token, changed, gone };
    },

    /** Busy time of the readable events overlapping [start, end), as UTC instants. */
    async busy(start: Date, end: Date, actor: Actor | null): Promise<Array<[string, string]>> {
      const ids = await deps.events.allIds({
        visibility: visibility(actor, ['publish', 'private']),
        startsBefore: stored(end),
        endsAfter: stored(start),
      });
      const out: Array<[string, string]> = [];
      for (const id of ids) {
        const row = await deps.events.find(id);
        if (row) out.push([row.start_utc, row.end_utc]);
      }
      return out;
    },

    token: (): Promise<string> => deps.sync.token(),
    siteZone: (): string => core.settings.get().timezone,
  };
}

export type Objects = ReturnType<typeof createObjects>;
