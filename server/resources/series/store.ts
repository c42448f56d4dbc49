/** SQL for series (migration 0009): the series rows, their windows and exceptions, and members. */
import type { Db } from '../../db/open.js';
import type { PostStatus } from '../../../shared/roles.js';

/** One `series` row as stored. */
export interface SeriesRow {
  id: number;
  /** JSON array of canonical lines; '[]' once ended. */
  lines: string;
  timezone: string;
  all_day: 0 | 1;
  start_local: string;
  end_local: string;
  /** JSON of a Snapshot (snapshot.ts). */
  template: string;
  /** '' when occurrences exist from the first one. */
  generated_from_utc: string;
  generated_until_utc: string;
  last_start_utc: string | null;
  modified_utc: string;
}

/** What generation and scope edits need to know of each occurrence. */
export interface Member {
  id: number;
  status: PostStatus;
  author: number | null;
  original_start_local: string;
  start_utc: string;
  /** JSON array of field groups changed on its own, or null. */
  detached: string | null;
}

export interface Window {
  from_utc: string;
  until_utc: string;
}

/** Every series that has not frozen its generation (see `freeze`). */
const NEVER = '9999-12-31 23:59:59';

/**
 * Running series generated less far than `@<param>`: the same condition as the partial index
 * series_generation, so that the index serves it.
 */
const running = (param: string) =>
  `lines <> '[]' AND generated_until_utc < @${param}
   AND (last_start_utc IS NULL OR last_start_utc >= generated_until_utc)`;
// Series whose generated range starts after a listing's window starts (index
// series_generation_back).
const BEFORE = `FROM series WHERE lines <> '[]' AND generated_from_utc > @from ORDER BY id LIMIT @limit`;

interface Coverage {
  horizon: string;
  until: string;
  from: string;
  limit: number;
}

export function createSeriesStore(db: Db) {
  const s = {
    get: db.prepare<[number], SeriesRow>('SELECT * FROM series WHERE id = ?'),
    insert: db.prepare<SeriesRow>(
      `INSERT INTO series (id, lines, timezone, all_day, start_local, end_local, template,
         generated_from_utc, generated_until_utc, last_start_utc, modified_utc)
       VALUES (@id, @lines, @timezone, @all_day, @start_local, @end_local, @template,
         @generated_from_utc, @generated_until_utc, @last_start_utc, @modified_utc)`,
    ),
    update: db.prepare<SeriesRow>(
      `UPDATE series SET lines = @lines, timezone = @timezone, all_day = @all_day,
         start_local = @start_local, end_local = @end_local, template = @template,
         generated_from_utc = @generated_from_utc, generated_until_utc = @generated_until_utc, last_start_utc = @last_start_utc,
         modified_utc = @modified_utc
       WHERE id = @id`,
    ),
    remove: db.prepare<[number]>('DELETE FROM series WHERE id = ?'),
    due: db
      .prepare<{ until: string; limit: number }, number>(
        `SELECT id FROM series WHERE ${running('until')} ORDER BY generated_until_utc LIMIT @limit`,
      )
      .pluck(),
    // A listing's three questions in one statement: the usual answer is three empty lists.
    coverage: db
      .prepare<Coverage, [string, number]>(
        `SELECT 'horizon', * FROM (SELECT id FROM series WHERE ${running('horizon')} LIMIT 1)
         UNION ALL SELECT 'until', * FROM (SELECT id FROM series WHERE ${running('until')}
           ORDER BY generated_until_utc LIMIT @limit)
         UNION ALL SELECT 'before', * FROM (SELECT id ${BEFORE})`,
      )
      .raw(),
    linesOf: db.prepare<[string], { id: number; lines: string; timezone: string }>(
      'SELECT id, lines, timezone FROM series WHERE id IN (SELECT value FROM json_each(?))',
    ),
    members: db.prepare<[number], Member>(
      `SELECT id, status, author, original_start_local, start_utc, detached FROM events
       WHERE series_id = ? ORDER BY original_start_local`,
    ),
    memberIds: db
      .prepare<[number], number>('SELECT id FROM events WHERE series_id = ? ORDER BY id')
      .pluck(),
    exceptions: db
      .prepare<[number], string>(
        'SELECT original_start_local FROM series_exceptions WHERE series_id = ?',
      )
      .pluck(),
    addException: db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO series_exceptions (series_id, original_start_local) VALUES (?, ?)',
    ),
    clearExceptions: db.prepare<[number]>('DELETE FROM series_exceptions WHERE series_id = ?'),
    windows: db.prepare<[number], Window>(
      'SELECT from_utc, until_utc FROM series_windows WHERE series_id = ? ORDER BY from_utc',
    ),
    clearWindows: db.prepare<[number]>('DELETE FROM series_windows WHERE series_id = ?'),
    addWindow: db.prepare<[number, string, string]>(
      'INSERT OR REPLACE INTO series_windows (series_id, from_utc, until_utc) VALUES (?, ?, ?)',
    ),
    join: db.prepare<{
      id: number;
      series: number | null;
      parent: number | null;
      original: string | null;
    }>(
      `UPDATE events SET series_id = @series, parent_id = @parent,
         original_start_local = @original
       WHERE id = @id`,
    ),
    setDetached: db.prepare<[string | null, number]>('UPDATE events SET detached = ? WHERE id = ?'),
    setOriginal: db.prepare<[string, number]>(
      'UPDATE events SET original_start_local = ? WHERE id = ?',
    ),
    moveMembers: db.prepare<{ from: number; to: number; cut: string }>(
      `UPDATE events SET series_id = @to, parent_id = CASE WHEN id = @to THEN NULL ELSE @to END
       WHERE series_id = @from AND original_start_local >= @cut`,
    ),
    moveExceptions: db.prepare<{ from: number; to: number; cut: string }>(
      `UPDATE series_exceptions SET series_id = @to
       WHERE series_id = @from AND original_start_local >= @cut`,
    ),
    // Every slug that starts with a prefix: one range of the events_slug index.
    slugsFrom: db
      .prepare<[string, string], string>('SELECT slug FROM events WHERE slug >= ? AND slug < ?')
      .pluck(),
    deletePosts: db.prepare<[string]>(
      'DELETE FROM posts WHERE id IN (SELECT value FROM json_each(?))',
    ),
  };

  return {
    get: (id: number): SeriesRow | undefined => s.get.get(id),
    insert: (row: SeriesRow): void => {
      s.insert.run(row);
    },
    update: (row: SeriesRow): void => {
      s.update.run(row);
    },
    remove: (id: number): void => {
      s.remove.run(id);
    },
    /** Running series generated less far than `until`, least far first. */
    due: (until: string, limit: number): number[] => s.due.all({ until, limit }),
    /**
     * For a listing's window, with one statement: whether any series is due before `horizon`,
     * `due(until)`, and the running series whose generated range starts after `from`.
     */
    coverage(question: Coverage): { horizon: boolean; until: number[]; before: number[] } {
      const out = { horizon: false, until: [] as number[], before: [] as number[] };
      for (const [list, id] of s.coverage.all(question)) {
        if (list === 'horizon') out.horizon = true;
        else out[list as 'until' | 'before'].push(id);
      }
      return out;
    },
    /** The lines and zone of each series, for a page of events. */
    linesOf(ids: number[]): Map<number, { lines: string; timezone: string }> {
      if (ids.length === 0) return new Map();
      return new Map(s.linesOf.all(JSON.stringify(ids)).map((row) => [row.id, row]));
    },
    members: (seriesId: number): Member[] => s.members.all(seriesId),
    memberIds: (seriesId: number): number[] => s.memberIds.all(seriesId),
    exceptions: (seriesId: number): Set<string> => new Set(s.exceptions.all(seriesId)),
    setExceptions(seriesId: number, originals: Iterable<string>): void {
      s.clearExceptions.run(seriesId);
      for (const original of originals) s.addException.run(seriesId, original);
    },
    windows: (seriesId: number): Window[] => s.windows.all(seriesId),
    setWindows(seriesId: number, windows: Window[]): void {
      s.clearWindows.run(seriesId);
      for (const w of windows) s.addWindow.run(seriesId, w.from_utc, w.until_utc);
    },
    /** Makes an event an occurrence of a series (or of none, with nulls). */
    join(id: number, series: number | null, parent: number | null, original: string | null) {
      s.join.run({ id, series, parent, original });
    },
    setDetached(id: number, groups: readonly string[] | null): void {
      s.setDetached.run(groups === null || groups.length === 0 ? null : JSON.stringify(groups), id);
    },
    setOriginal: (id: number, original: string): void => {
      s.setOriginal.run(original, id);
    },
    /** The slugs in use that start with `prefix` ('-' is followed by '.' in the index). */
    slugsFrom: (prefix: string): Set<string> =>
      new Set(s.slugsFrom.all(prefix, `${prefix.slice(0, -1)}.`)),
    /** Moves the occurrences from `cut` on (and their exceptions) to another series. */
    moveFrom(from: number, to: number, cut: string): void {
      s.moveMembers.run({ from, to, cut });
      s.moveExceptions.run({ from, to, cut });
    },
    /** Deletes occurrences for good (never trashed ones: the trash keeps its own). */
    deleteEvents(ids: number[]): void {
      if (ids.length > 0) s.deletePosts.run(JSON.stringify(ids));
    },
  };
}

export type SeriesStore = ReturnType<typeof createSeriesStore>;

/** The generation horizon of a series whose every occurrence already exists. */
export const FROZEN = NEVER;
