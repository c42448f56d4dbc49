/**
 * PostgreSQL's SQL of calendar feeds and iCalendar import (storage/feeds.ts), answering as
 * SQLite's (storage/sqlite/feeds.ts) does: lists of ids drive the joins in the order given
 * (unnest … WITH ORDINALITY), names compared with SQLite's NOCASE (nocase(), migration 0001).
 */
import type {
  EventIcal,
  FeedRow,
  FeedState,
  FeedsReader,
  FeedsRepository,
  OccurrenceBrief,
  OrganizerBrief,
  SeriesBrief,
  VenueBrief,
  ZoneSpan,
} from '../feeds.js';
import { rowOf, rowsOf, type Query } from './query.js';

/** The ids given, numbered in their order: `j.id`, `j.n`. */
const GIVEN = 'unnest($1::bigint[]) WITH ORDINALITY AS j (id, n)';

function grouped<T extends { event_id: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.event_id);
    if (list) list.push(row);
    else out.set(row.event_id, [row]);
  }
  return out;
}

export function pgFeedsReader(q: Query): FeedsReader {
  const firstId = async (sql: string, value: string) =>
    (await rowOf<{ id: number }>(q, sql, [value]))?.id;
  return {
    // PostgreSQL keeps no row that every write moves (its migration 0024 says why): content
    // last changed when the change log last recorded a change, or when the calendar was made.
    state: async () =>
      (await rowOf<FeedState>(
        q,
        `SELECT f.site_uid,
           greatest(f.changed_utc, coalesce((SELECT max(changed_utc) FROM changes), '')) AS changed_utc
         FROM calendar_feed f WHERE f.id = 1`,
      ))!,
    events: (ids) =>
      rowsOf<FeedRow>(
        q,
        `SELECT e.id, e.author, e.status, e.slug, e.title, e.description, e.date_utc,
           e.modified_utc, e.timezone, e.start_local, e.end_local, e.all_day, e.venue_id,
           e.event_status
         FROM ${GIVEN} JOIN events e ON e.id = j.id ORDER BY j.n`,
        [ids],
      ),
    fingerprints: async (ids) =>
      (
        await rowsOf<{ id: number; modified_utc: string; sequence: number }>(
          q,
          `SELECT e.id, e.modified_utc, coalesce(i.sequence, 0) AS sequence
           FROM ${GIVEN} JOIN events e ON e.id = j.id
           LEFT JOIN event_ical i ON i.event_id = e.id ORDER BY j.n`,
          [ids],
        )
      ).map((row) => [row.id, row.modified_utc, row.sequence]),
    zones: (ids) =>
      rowsOf<ZoneSpan>(
        q,
        `SELECT timezone, min(start_local) AS first, max(end_local) AS last FROM events
         WHERE id = ANY($1::bigint[]) AND all_day = 0
         GROUP BY timezone ORDER BY timezone`,
        [ids],
      ),
    ical: async (ids) =>
      new Map(
        (
          await rowsOf<EventIcal>(
            q,
            `SELECT event_id, sequence, uid, source_sequence, source_modified FROM event_ical
             WHERE event_id = ANY($1::bigint[])`,
            [ids],
          )
        ).map((row) => [row.event_id, row]),
      ),
    categories: async (ids) =>
      new Map(
        [
          ...grouped(
            await rowsOf<{ event_id: number; name: string }>(
              q,
              `SELECT et.event_id, t.name FROM ${GIVEN}
               JOIN event_terms et ON et.event_id = j.id JOIN terms t ON t.id = et.term_id
               WHERE t.taxonomy = 'category' ORDER BY j.n, et.position`,
              [ids],
            ),
          ),
        ].map(([id, rows]) => [id, rows.map((row) => row.name)]),
      ),
    organizers: async (ids) =>
      grouped(
        await rowsOf<OrganizerBrief>(
          q,
          `SELECT eo.event_id, o.id, o.status, o.author, o.title, o.email, o.slug
           FROM ${GIVEN} JOIN event_organizers eo ON eo.event_id = j.id
           JOIN organizers o ON o.id = eo.organizer_id ORDER BY j.n, eo.position`,
          [ids],
        ),
      ),
    venues: async (ids) =>
      new Map(
        (
          await rowsOf<VenueBrief>(
            q,
            `SELECT id, status, author, title, address, city, stateprovince, zip, country,
               geo_lat, geo_lng
             FROM venues WHERE id = ANY($1::bigint[])`,
            [ids],
          )
        ).map((row) => [row.id, row]),
      ),
    occurrences: (ids) =>
      rowsOf<OccurrenceBrief>(
        q,
        `SELECT e.id, e.series_id, e.original_start_local, e.start_local, e.detached
         FROM ${GIVEN} JOIN events e ON e.id = j.id
         WHERE e.series_id IS NOT NULL AND e.original_start_local IS NOT NULL ORDER BY j.n`,
        [ids],
      ),
    series: (ids) =>
      rowsOf<SeriesBrief>(
        q,
        `SELECT id, lines, timezone, all_day, start_local, end_local, modified_utc FROM series
         WHERE id = ANY($1::bigint[])`,
        [ids],
      ),
    members: async (seriesId, from, until) => ({
      rows: await rowsOf<{ id: number; original: string }>(
        q,
        `SELECT id, original_start_local AS original FROM events
         WHERE series_id = $1 AND original_start_local >= $2 AND original_start_local <= $3`,
        [seriesId, from, until],
      ),
      removed: (
        await rowsOf<{ original: string }>(
          q,
          `SELECT original_start_local AS original FROM series_exceptions
           WHERE series_id = $1 AND original_start_local >= $2 AND original_start_local <= $3`,
          [seriesId, from, until],
        )
      ).map((row) => row.original),
    }),
    // Counts up to the limit only: a start on a million events must not read them all.
    publishedMoreThan: async (limit) =>
      (await rowOf<{ n: number }>(
        q,
        `SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE status = 'publish' LIMIT $1) x`,
        [limit + 1],
      ))!.n > limit,
    byUid: (uid) =>
      rowOf<EventIcal>(
        q,
        `SELECT event_id, sequence, uid, source_sequence, source_modified FROM event_ical
         WHERE uid = $1`,
        [uid],
      ),
    venueByName: (name) =>
      firstId(
        `SELECT id FROM venues WHERE nocase(title) = nocase($1) AND status <> 'trash'
         ORDER BY id LIMIT 1`,
        name,
      ),
    organizerByEmail: (email) =>
      firstId(
        `SELECT id FROM organizers WHERE nocase(email) = nocase($1) AND email <> ''
           AND status <> 'trash' ORDER BY id LIMIT 1`,
        email,
      ),
    organizerByName: (name) =>
      firstId(
        `SELECT id FROM organizers WHERE nocase(title) = nocase($1) AND status <> 'trash'
         ORDER BY id LIMIT 1`,
        name,
      ),
  };
}

export function pgFeeds(q: Query): FeedsRepository {
  return {
    ...pgFeedsReader(q),
    async putIcal(row) {
      await q(
        `INSERT INTO event_ical (event_id, sequence, uid, source_sequence, source_modified)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (event_id) DO UPDATE SET sequence = excluded.sequence, uid = excluded.uid,
           source_sequence = excluded.source_sequence, source_modified = excluded.source_modified`,
        [row.event_id, row.sequence, row.uid, row.source_sequence, row.source_modified],
      );
    },
  };
}
