/**
 * Calendar feeds (docs/contract/extensions.md §E2): a feed's plan (its events, from
 * feed-query.ts), its validator (known from the content version without building the feed), and
 * its text, each event's VEVENT remembered. Plain data
 * in, text out; no request or response objects here.
 */
import { createHash } from 'node:crypto';
import type { Actor } from '../../../shared/roles.js';
import { feedQuerySchema, type FeedQuery } from '../../../shared/schemas/feed.js';
import { NotAuthenticated } from '../../errors.js';
import { createLinks, type Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { eventUrl } from '../events/present.js';
import type { EventRow } from '../../storage/events.js';
import { asRead } from '../events/scheduled.js';
import {
  calendarHead,
  calendarTail,
  componentText,
  objectHead,
  type CalendarHeader,
} from './calendar.js';
import {
  atSeriesStart,
  feedEntries,
  objectEntries,
  objectHeads,
  recurrenceId,
  ruleProperties,
  type FeedEntry,
} from './series.js';
import type { OrganizerBrief, VenueBrief, ZoneSpan } from '../../storage/feeds.js';
import { createFeedQuery, mayRead, type FeedDeps } from './feed-query.js';
import { eventUid, vevent } from './vevent.js';
import { vtimezone, type JCal } from './vtimezone.js';

/** The site's name in calendar apps (the public pages' name too). */
export const SITE_NAME = 'Almanac';
/** Feeds of up to this many events are made at once and remembered; larger ones are streamed. */
const REMEMBER_UP_TO = 20_000;
/** The first day of the feed the background warm-up makes: every event. */
const WARM_FROM = '1900-01-01';
/** Events read, presented and written per step of a streamed feed. */
const CHUNK = 500;

/** What a feed is, resolved: its events and how to name it. */
export interface FeedPlan {
  etag: string;
  lastModified: Date;
  /** The VEVENTs, in feed order: events, and series as their rule plus changed occurrences. */
  entries: FeedEntry[];
  header: CalendarHeader;
}

function hash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64url').slice(0, 27);
}

export function createFeedService(core: CoreServices, deps: FeedDeps) {
  const store = core.storage.read.feeds;
  /** Made VEVENT text by entry (kind and event id), kept while what it came from is unchanged. */
  const vevents = new Map<string, { key: string; text: string }>();
  /** Whole feeds by ETag (small enough ones), as the UTF-8 bytes sent. */
  const bodies = new Map<string, Buffer>();
  let bodyBytes = 0;

  function siteZone(): string {
    return core.settings.get().timezone;
  }

  const query = createFeedQuery(core, deps);

  function header(extra: string[] = []): CalendarHeader {
    // The site's name (setting site_name, 'Almanac' until one is chosen) names the calendar in
    // the apps that subscribe to it.
    const site = core.settings.get().site_name || SITE_NAME;
    const name = extra.length > 0 ? `${site} · ${extra.join(', ')}` : site;
    return { name, timezone: siteZone() };
  }

  /**
   * Read before what the feed is made of (its events, their texts): a commit in between can only
   * file newer data under an older version, which no later reader asks for.
   */
  async function validator(parts: unknown[], links: Links, actor: Actor | null) {
    const state = await store.state();
    const version = await core.storage.contentVersion();
    const settings = core.settings.get();
    const key = JSON.stringify([
      ...parts,
      actor?.id ?? 0,
      actor?.role ?? '',
      links.origin,
      settings.timezone,
      state.site_uid,
      version,
      // A due scheduled event is shown published before it is stored so (events/scheduled.ts).
      deps.events.dueBy() ?? '',
    ]);
    return {
      etag: `"${hash(key)}"`,
      lastModified: new Date(`${state.changed_utc.replace(' ', 'T')}Z`),
    };
  }

  /** The zones the events and series' rules use and the years they cover, as VTIMEZONEs. */
  async function timezones(entries: readonly FeedEntry[]): Promise<JCal[]> {
    if (entries.length === 0) return [];
    const spans = new Map<string, ZoneSpan>();
    const add = (span: ZoneSpan) => {
      const known = spans.get(span.timezone);
      if (!known) spans.set(span.timezone, { ...span });
      else {
        if (span.first < known.first) known.first = span.first;
        if (span.last > known.last) known.last = span.last;
      }
    };
    (await store.zones(entries.map((entry) => entry.id))).forEach(add);
    for (const entry of entries) {
      if (entry.kind === 'rule' && !entry.rule.allDay) {
        add({ timezone: entry.rule.timezone, first: entry.rule.start, last: entry.rule.end });
      }
    }
    return [...spans.values()]
      .sort((a, b) => (a.timezone < b.timezone ? -1 : 1))
      .map((span) =>
        vtimezone(span.timezone, Number(span.first.slice(0, 4)) - 1, Number(span.last.slice(0, 4))),
      );
  }

  const entryKey = (entry: FeedEntry) => `${entry.kind}:${entry.id}`;

  /**
   * The VEVENT text of some entries, by entry. Made text is remembered per event with what it
   * depends on (the content version, its row's modification and SEQUENCE, the origin of links
   * and who reads). What this call answers is what it found or made itself: another request may
   * replace the remembered text meanwhile (for another reader), so it is never read back.
   */
  async function entryTexts(
    entries: readonly FeedEntry[],
    actor: Actor | null,
    links: Links,
  ): Promise<Map<string, string>> {
    const version = await core.storage.contentVersion();
    const state = await store.state();
    const reader = `${links.origin}|${actor?.id ?? 0}|${actor?.role ?? ''}|${version}|${deps.events.dueBy() ?? ''}`;
    const rows = new Map(
      (await store.fingerprints(entries.map((entry) => entry.id))).map(
        ([id, modified, sequence]) => [id, `${reader}|${modified}|${sequence}`],
      ),
    );
    const keys = new Map(
      entries.map((entry) => [
        entryKey(entry),
        entry.kind === 'event'
          ? (rows.get(entry.id) ?? '')
          : `${rows.get(entry.id) ?? ''}|${JSON.stringify(entry.rule)}`,
      ]),
    );
    const texts = new Map<string, string>();
    const stale: FeedEntry[] = [];
    for (const entry of entries) {
      const key = entryKey(entry);
      const known = vevents.get(key);
      if (known !== undefined && known.key === keys.get(key)) texts.set(key, known.text);
      else stale.push(entry);
    }
    for (let i = 0; i < stale.length; i += CHUNK) {
      await make(stale.slice(i, i + CHUNK), keys, state.site_uid, actor, links, texts);
    }
    return texts;
  }

  /** The VEVENTs of some entries (in feed order), as one text. */
  async function eventsText(
    entries: readonly FeedEntry[],
    actor: Actor | null,
    links: Links,
  ): Promise<string> {
    const texts = await entryTexts(entries, actor, links);
    let out = '';
    for (const entry of entries) out += texts.get(entryKey(entry)) ?? '';
    return out;
  }

  /** Makes the VEVENTs of these entries into `texts`, and remembers them. */
  async function make(
    entries: FeedEntry[],
    keys: Map<string, string>,
    siteUid: string,
    actor: Actor | null,
    links: Links,
    texts: Map<string, string>,
  ): Promise<void> {
    const ids = entries.map((entry) => entry.id);
    const seriesIds = entries.flatMap((entry) => (entry.kind === 'event' ? [] : [entry.rule.id]));
    const dueBy = deps.events.dueBy();
    const byId = new Map((await store.events(ids)).map((row) => [row.id, asRead(row, dueBy)]));
    const ical = await store.ical([...ids, ...seriesIds]);
    const uidOf = (id: number) => ical.get(id)?.uid ?? eventUid(id, siteUid);
    const categories = await store.categories(ids);
    const organizers = await store.organizers(ids);
    const venueIds = [
      ...new Set([...byId.values()].flatMap((r) => (r.venue_id === null ? [] : [r.venue_id]))),
    ];
    const venues = await store.venues(venueIds);
    const organizerUrl = (o: OrganizerBrief) =>
      links.site(`/organizer/${encodeURIComponent(o.slug)}/`);
    if (vevents.size + entries.length > 100_000) vevents.clear();
    for (const entry of entries) {
      const row = byId.get(entry.id);
      if (!row) continue;
      const venue: VenueBrief | undefined =
        row.venue_id === null ? undefined : venues.get(row.venue_id);
      const component = vevent({
        row: entry.kind === 'rule' ? atSeriesStart(row, entry.rule) : row,
        uid: uidOf(entry.kind === 'event' ? row.id : entry.rule.id),
        sequence: ical.get(row.id)?.sequence ?? 0,
        url: eventUrl(row, links),
        venue: venue && mayRead(actor, venue) ? venue : undefined,
        organizers: (organizers.get(row.id) ?? []).filter((o) => mayRead(actor, o)),
        organizerUrl,
        categories: categories.get(row.id) ?? [],
        recurrence:
          entry.kind === 'rule'
            ? ruleProperties(entry.rule)
            : entry.kind === 'change'
              ? [recurrenceId(entry.rule, entry.original)]
              : undefined,
      });
      const key = entryKey(entry);
      const text = componentText(component);
      texts.set(key, text);
      vevents.set(key, { key: keys.get(key) ?? '', text });
    }
  }

  function remember(etag: string, body: Buffer): void {
    if (body.length > 32_000_000) return;
    while (bodyBytes + body.length > 64_000_000 && bodies.size > 0) {
      const [oldest, bytes] = bodies.entries().next().value!;
      bodies.delete(oldest);
      bodyBytes -= bytes.length;
    }
    bodies.set(etag, body);
    bodyBytes += body.length;
  }

  return {
    /** A feed's events and validator; throws the 400 of unknown filter values. */
    async plan(input: FeedQuery, actor: Actor | null, links: Links): Promise<FeedPlan> {
      if (input.status === 'any' && actor === null) {
        throw new NotAuthenticated('rest_forbidden', 'Sign in to read a private feed.');
      }
      const { q, names } = await query(input, actor);
      // The validator first: the events are read after the version it is keyed by.
      const { etag, lastModified } = await validator(['feed', q, names], links, actor);
      const entries = await feedEntries(await deps.events.allIds(q), store, q.endMax !== undefined);
      return { etag, lastModified, entries, header: header(names) };
    },

    /**
     * Makes the VEVENTs of every published event ahead of the first feed request, a chunk at a
     * time between other work (made text is shared by every feed that shows the event). Only
     * for calendars whose feed is remembered whole; larger ones are made as requests come.
     */
    async warm(origin: string): Promise<void> {
      if (await store.publishedMoreThan(REMEMBER_UP_TO)) return;
      const links = createLinks(origin, 'api', '');
      const plan = await this.plan(feedQuerySchema.parse({ start_date: WARM_FROM }), null, links);
      for (let i = 0; i < plan.entries.length; i += CHUNK) {
        await new Promise((resolve) => setImmediate(resolve));
        await entryTexts(plan.entries.slice(i, i + CHUNK), null, links);
      }
      await timezones(plan.entries);
    },

    /** The validator of a feed without its events (a conditional request's cheap answer). */
    async validate(input: FeedQuery, actor: Actor | null, links: Links) {
      const { q, names } = await query(input, actor);
      return await validator(['feed', q, names], links, actor);
    },

    /** The feed's text, whole (remembered) when small, else in chunks given to `write`. */
    async write(
      plan: FeedPlan,
      actor: Actor | null,
      links: Links,
      write: (chunk: string | Buffer) => Promise<void> | void,
    ): Promise<void> {
      const known = bodies.get(plan.etag);
      if (known !== undefined) return write(known);
      const head = calendarHead(plan.header, await timezones(plan.entries));
      if (plan.entries.length <= REMEMBER_UP_TO) {
        const body = Buffer.from(
          head + (await eventsText(plan.entries, actor, links)) + calendarTail(),
        );
        remember(plan.etag, body);
        return write(body);
      }
      await write(head);
      for (let i = 0; i < plan.entries.length; i += CHUNK) {
        await write(await eventsText(plan.entries.slice(i, i + CHUNK), actor, links));
      }
      await write(calendarTail());
    },

    /** The calendar objects (CalDAV, §E6) of these events: their series' ids or their own. */
    objectHeads: (ids: readonly number[]): Promise<number[]> => objectHeads(ids, store),

    /**
     * Calendar objects as a reader sees them (those it sees none of are left out): the same
     * VEVENTs as the feeds, each followed by what `extra` gives for its event (iCalendar lines
     * the mapping does not read, kept from the client that wrote them).
     */
    async calendarObjects(
      heads: readonly number[],
      actor: Actor | null,
      links: Links,
      extra: (entries: FeedEntry[]) => Promise<Map<number, string>>,
    ): Promise<Map<number, { text: string; ids: number[] }>> {
      const dueBy = deps.events.dueBy();
      const out = new Map<number, { text: string; ids: number[] }>();
      const running = new Set(
        (await store.series([...heads]))
          .filter((series) => series.lines !== '[]')
          .map((series) => series.id),
      );
      // Plain events, the most of a calendar, are read in one batch; series one at a time.
      const rows = new Map(
        (await store.events(heads.filter((head) => !running.has(head))))
          .map((row) => asRead(row, dueBy))
          .filter((row) => mayRead(actor, row))
          .map((row) => [row.id, row]),
      );
      const readable = async (ids: number[]) =>
        (await store.events(ids))
          .filter((row) => mayRead(actor, asRead(row, dueBy)))
          .map((row) => row.id);
      const objects: Array<[number, FeedEntry[]]> = [];
      for (const head of heads) {
        objects.push([
          head,
          running.has(head)
            ? await objectEntries(head, store, readable)
            : rows.has(head)
              ? [{ kind: 'event', id: head }]
              : [],
        ]);
      }
      const all = objects.flatMap(([, entries]) => entries);
      const texts = await entryTexts(all, actor, links);
      const kept = await extra(all);
      for (const [head, entries] of objects) {
        if (entries.length === 0) continue;
        const row = rows.get(head);
        const zones =
          row === undefined
            ? await timezones(entries)
            : row.all_day === 1
              ? []
              : [
                  vtimezone(
                    row.timezone,
                    Number(row.start_local.slice(0, 4)) - 1,
                    Number(row.end_local.slice(0, 4)),
                  ),
                ];
        let text = objectHead(zones);
        for (const entry of entries) {
          const vevent = texts.get(entryKey(entry)) ?? '';
          const added = kept.get(entry.kind === 'rule' ? entry.rule.id : entry.id) ?? '';
          // The component ends with END:VEVENT and CRLF; kept lines go inside it.
          text += added === '' ? vevent : vevent.slice(0, -12) + added + vevent.slice(-12);
        }
        out.set(head, { text: text + calendarTail(), ids: entries.map((entry) => entry.id) });
      }
      return out;
    },

    /** A one-event feed: the event (readable by the actor) or `undefined`. */
    async single(row: EventRow, actor: Actor | null, links: Links) {
      if (row.status === 'trash' || !mayRead(actor, row)) return undefined;
      const { etag, lastModified } = await validator(['event', row.id], links, actor);
      // One event's file holds that occurrence alone, as an event of its own.
      const single: FeedEntry = { kind: 'event', id: row.id };
      return {
        etag,
        lastModified,
        text: async () =>
          calendarHead(header([row.title]), await timezones([single])) +
          (await eventsText([single], actor, links)) +
          calendarTail(),
      };
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
