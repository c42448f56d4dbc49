/**
 * SQL of calendar feeds and iCalendar import (storage/feeds.ts): the calendar's identifier, the
 * events of a feed in chunks with what they show (venue, organizers, categories, SEQUENCE), and
 * the UID bookkeeping of imported events.
 */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type {
  EventIcal,
  FeedRow,
  FeedState,
  FeedsReader,
  FeedsRepository,
  Fingerprint,
  OccurrenceBrief,
  OrganizerBrief,
  SeriesBrief,
  VenueBrief,
  ZoneSpan,
} from '../feeds.js';
import type { Sync } from './repository.js';

const ids = (list: readonly number[]) => JSON.stringify(list);

export function sqliteFeedsReader(db: ReadDb): Sync<FeedsReader> {
  const s = {
    state: db.prepare<[], FeedState>(
      `SELECT f.site_uid, v.changed_utc
       FROM calendar_feed f, content_version v WHERE f.id = 1 AND v.id = 1`,
    ),
    // Lists of ids drive the joins (json_each first), in the order given.
    events: db.prepare<[string], FeedRow>(
      `SELECT e.id, e.author, e.status, e.slug, e.title, e.description, e.date_utc, e.modified_utc,
         e.timezone, e.start_local, e.end_local, e.all_day, e.venue_id, e.event_status
       FROM json_each(?) j CROSS JOIN events e ON e.id = j.value ORDER BY j.key`,
    ),
    fingerprints: db
      .prepare<[string], Fingerprint>(
        // Two writes within one second keep modified_utc: the content version, in the same key
        // (feeds/service.ts), moves with each.
        `SELECT e.id, e.modified_utc, coalesce(i.sequence, 0)
         FROM json_each(?) j CROSS JOIN events e ON e.id = j.value
         LEFT JOIN event_ical i ON i.event_id = e.id ORDER BY j.key`,
      )
      .raw(),
    zones: db.prepare<[string], ZoneSpan>(
      `SELECT timezone, min(start_local) AS first, max(end_local) AS last FROM events
       WHERE id IN (SELECT value FROM json_each(?)) AND all_day = 0
       GROUP BY timezone ORDER BY timezone`,
    ),
    ical: db.prepare<[string], EventIcal>(
      'SELECT * FROM event_ical WHERE event_id IN (SELECT value FROM json_each(?))',
    ),
    categories: db.prepare<[string], { event_id: number; name: string }>(
      `SELECT et.event_id, t.name FROM json_each(?) j
       CROSS JOIN event_terms et ON et.event_id = j.value JOIN terms t ON t.id = et.term_id
       WHERE t.taxonomy = 'category' ORDER BY j.key, et.position`,
    ),
    organizers: db.prepare<[string], OrganizerBrief>(
      `SELECT eo.event_id, o.id, o.status, o.author, o.title, o.email, o.slug
       FROM json_each(?) j CROSS JOIN event_organizers eo ON eo.event_id = j.value
       JOIN organizers o ON o.id = eo.organizer_id ORDER BY j.key, eo.position`,
    ),
    venues: db.prepare<[string], VenueBrief>(
      `SELECT id, status, author, title, address, city, stateprovince, zip, country, geo_lat, geo_lng
       FROM venues WHERE id IN (SELECT value FROM json_each(?))`,
    ),
    occurrences: db.prepare<[string], OccurrenceBrief>(
      `SELECT e.id, e.series_id, e.original_start_local, e.start_local, e.detached
       FROM json_each(?) j CROSS JOIN events e ON e.id = j.value
       WHERE e.series_id IS NOT NULL AND e.original_start_local IS NOT NULL`,
    ),
    series: db.prepare<[string], SeriesBrief>(
      `SELECT id, lines, timezone, all_day, start_local, end_local, modified_utc FROM series
       WHERE id IN (SELECT value FROM json_each(?))`,
    ),
    // Both use the (series_id, original_start_local) keys of the occurrence index and the
    // exceptions' primary key.
    members: db.prepare<[number, string, string], { id: number; original: string }>(
      `SELECT id, original_start_local AS original FROM events
       WHERE series_id = ? AND original_start_local >= ? AND original_start_local <= ?`,
    ),
    exceptions: db.prepare<[number, string, string], { original: string }>(
      `SELECT original_start_local AS original FROM series_exceptions
       WHERE series_id = ? AND original_start_local >= ? AND original_start_local <= ?`,
    ),
    // Counts up to the limit only: a start on a million events must not read them all.
    publishedUpTo: db
      .prepare<[number], number>(
        "SELECT count(*) FROM (SELECT 1 FROM events WHERE status = 'publish' LIMIT ?)",
      )
      .pluck(),
    byUid: db.prepare<[string], EventIcal>('SELECT * FROM event_ical WHERE uid = ?'),
    venueByName: db.prepare<[string], { id: number }>(
      `SELECT id FROM venues WHERE title = ? COLLATE NOCASE AND status <> 'trash'
       ORDER BY id LIMIT 1`,
    ),
    organizerByEmail: db.prepare<[string], { id: number }>(
      `SELECT id FROM organizers WHERE email = ? COLLATE NOCASE AND email <> ''
       AND status <> 'trash' ORDER BY id LIMIT 1`,
    ),
    organizerByName: db.prepare<[string], { id: number }>(
      `SELECT id FROM organizers WHERE title = ? COLLATE NOCASE AND status <> 'trash'
       ORDER BY id LIMIT 1`,
    ),
  };

  function grouped<T extends { event_id: number }>(rows: T[]): Map<number, T[]> {
    const out = new Map<number, T[]>();
    for (const row of rows) {
      const list = out.get(row.event_id);
      if (list) list.push(row);
      else out.set(row.event_id, [row]);
    }
    return out;
  }

  return {
    state: (): FeedState => s.state.get()!,
    /** The rows of these events, in the order given. */
    events: (eventIds: readonly number[]): FeedRow[] => s.events.all(ids(eventIds)),
    fingerprints: (eventIds: readonly number[]): Fingerprint[] => s.fingerprints.all(ids(eventIds)),
    /** Each zone the events use with their first start and last end (wall times). */
    zones: (eventIds: readonly number[]): ZoneSpan[] => s.zones.all(ids(eventIds)),
    ical: (eventIds: readonly number[]): Map<number, EventIcal> =>
      new Map(s.ical.all(ids(eventIds)).map((row) => [row.event_id, row])),
    categories: (eventIds: readonly number[]): Map<number, string[]> =>
      new Map(
        [...grouped(s.categories.all(ids(eventIds)))].map(([id, rows]) => [
          id,
          rows.map((r) => r.name),
        ]),
      ),
    organizers: (eventIds: readonly number[]): Map<number, OrganizerBrief[]> =>
      grouped(s.organizers.all(ids(eventIds))),
    venues: (venueIds: readonly number[]): Map<number, VenueBrief> =>
      new Map(s.venues.all(ids(venueIds)).map((row) => [row.id, row])),

    /** The occurrences of recurring series among these events. */
    occurrences: (eventIds: readonly number[]): OccurrenceBrief[] =>
      s.occurrences.all(ids(eventIds)),
    series: (seriesIds: readonly number[]): SeriesBrief[] => s.series.all(ids(seriesIds)),
    /** A series' occurrence rows (any status) and removed occurrences, by original start. */
    members: (seriesId: number, from: string, until: string) => ({
      rows: s.members.all(seriesId, from, until),
      removed: s.exceptions.all(seriesId, from, until).map((row) => row.original),
    }),

    /** Whether more than `limit` events are published, reading at most that many and one. */
    publishedMoreThan: (limit: number): boolean => s.publishedUpTo.get(limit + 1)! > limit,
    byUid: (uid: string): EventIcal | undefined => s.byUid.get(uid),
    venueByName: (name: string): number | undefined => s.venueByName.get(name)?.id,
    organizerByEmail: (email: string): number | undefined => s.organizerByEmail.get(email)?.id,
    organizerByName: (name: string): number | undefined => s.organizerByName.get(name)?.id,
  };
}

export function sqliteFeeds(db: Db): Sync<FeedsRepository> {
  const putIcal = db.prepare<EventIcal>(
    `INSERT INTO event_ical (event_id, sequence, uid, source_sequence, source_modified)
     VALUES (@event_id, @sequence, @uid, @source_sequence, @source_modified)
     ON CONFLICT (event_id) DO UPDATE SET sequence = excluded.sequence, uid = excluded.uid,
       source_sequence = excluded.source_sequence, source_modified = excluded.source_modified`,
  );
  return {
    ...sqliteFeedsReader(readHandle(db)),
    putIcal: (row) => void putIcal.run(row),
  };
}
