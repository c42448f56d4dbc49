/** SQL of the remote import: what was imported from where, and what a calendar already holds. */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';

export type SourceKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export interface SourceRow {
  local_id: number;
  digest: string;
}

const TABLES: Record<SourceKind, string> = {
  event: "SELECT 1 FROM events WHERE id = ? AND status <> 'trash'",
  venue: "SELECT 1 FROM venues WHERE id = ? AND status <> 'trash'",
  organizer: "SELECT 1 FROM organizers WHERE id = ? AND status <> 'trash'",
  category: "SELECT 1 FROM terms WHERE id = ? AND taxonomy = 'category'",
  tag: "SELECT 1 FROM terms WHERE id = ? AND taxonomy = 'tag'",
};

export function createRemoteStore(db: Db) {
  const s = {
    find: db.prepare<[string, string], SourceRow>(
      'SELECT local_id, digest FROM import_sources WHERE kind = ? AND source = ?',
    ),
    save: db.prepare<{ kind: string; source: string; local_id: number; digest: string }>(
      `INSERT INTO import_sources (kind, source, local_id, digest)
       VALUES (@kind, @source, @local_id, @digest)
       ON CONFLICT (kind, source) DO UPDATE SET local_id = excluded.local_id, digest = excluded.digest`,
    ),
    termBySlug: db
      .prepare<[string, string], number>('SELECT id FROM terms WHERE taxonomy = ? AND slug = ?')
      .pluck(),
  };
  const exists = Object.fromEntries(
    Object.entries(TABLES).map(([kind, sql]) => [kind, db.prepare<[number], number>(sql).pluck()]),
  ) as Record<SourceKind, Statement<[number], number>>;

  return {
    /** The local object imported from `source` before, if it is still there (and not trashed). */
    find(kind: SourceKind, source: string): SourceRow | undefined {
      const row = s.find.get(kind, source);
      return row && exists[kind].get(row.local_id) !== undefined ? row : undefined;
    },
    save(kind: SourceKind, source: string, localId: number, digest: string): void {
      s.save.run({ kind, source, local_id: localId, digest });
    },
    termBySlug: (taxonomy: 'category' | 'tag', slug: string): number | undefined =>
      s.termBySlug.get(taxonomy, slug),
    attempt: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;
