/** SQL of where imported objects came from (../import-sources.ts). */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type {
  ImportSourcesReader,
  ImportSourcesRepository,
  SourceKind,
  SourceRow,
} from '../import-sources.js';
import type { Sync } from './repository.js';

const LIVE: Record<SourceKind, string> = {
  event: "SELECT 1 FROM events WHERE id = ? AND status <> 'trash'",
  venue: "SELECT 1 FROM venues WHERE id = ? AND status <> 'trash'",
  organizer: "SELECT 1 FROM organizers WHERE id = ? AND status <> 'trash'",
  category: "SELECT 1 FROM terms WHERE id = ? AND taxonomy = 'category'",
  tag: "SELECT 1 FROM terms WHERE id = ? AND taxonomy = 'tag'",
};

export function sqliteImportSourcesReader(db: ReadDb): Sync<ImportSourcesReader> {
  const find = db.prepare<[string, string], SourceRow>(
    'SELECT local_id, digest FROM import_sources WHERE kind = ? AND source = ?',
  );
  const termBySlug = db
    .prepare<[string, string], number>('SELECT id FROM terms WHERE taxonomy = ? AND slug = ?')
    .pluck();
  const live = Object.fromEntries(
    Object.entries(LIVE).map(([kind, sql]) => [kind, db.prepare<[number], number>(sql).pluck()]),
  ) as Record<SourceKind, Statement<[number], number>>;
  return {
    find(kind, source) {
      const row = find.get(kind, source);
      return row && live[kind].get(row.local_id) !== undefined ? row : undefined;
    },
    termBySlug: (taxonomy, slug) => termBySlug.get(taxonomy, slug),
  };
}

export function sqliteImportSources(db: Db): Sync<ImportSourcesRepository> {
  const save = db.prepare<{ kind: string; source: string; local_id: number; digest: string }>(
    `INSERT INTO import_sources (kind, source, local_id, digest)
     VALUES (@kind, @source, @local_id, @digest)
     ON CONFLICT (kind, source) DO UPDATE SET local_id = excluded.local_id, digest = excluded.digest`,
  );
  return {
    ...sqliteImportSourcesReader(readHandle(db)),
    save: (kind, source, localId, digest) =>
      void save.run({ kind, source, local_id: localId, digest }),
  };
}
