/** SQL of where imported objects came from (../import-sources.ts), on PostgreSQL. */
import type {
  ImportSourcesReader,
  ImportSourcesRepository,
  SourceKind,
  SourceRow,
} from '../import-sources.js';
import { rowOf, type Query } from './query.js';

const LIVE: Record<SourceKind, string> = {
  event: "SELECT 1 FROM events WHERE id = $1 AND status <> 'trash'",
  venue: "SELECT 1 FROM venues WHERE id = $1 AND status <> 'trash'",
  organizer: "SELECT 1 FROM organizers WHERE id = $1 AND status <> 'trash'",
  category: "SELECT 1 FROM terms WHERE id = $1 AND taxonomy = 'category'",
  tag: "SELECT 1 FROM terms WHERE id = $1 AND taxonomy = 'tag'",
};

export function pgImportSourcesReader(q: Query): ImportSourcesReader {
  return {
    async find(kind, source) {
      const row = await rowOf<SourceRow>(
        q,
        'SELECT local_id, digest FROM import_sources WHERE kind = $1 AND source = $2',
        [kind, source],
      );
      return row && (await rowOf(q, LIVE[kind], [row.local_id])) !== undefined ? row : undefined;
    },
    async termBySlug(taxonomy, slug) {
      const row = await rowOf<{ id: number }>(
        q,
        'SELECT id FROM terms WHERE taxonomy = $1 AND slug = $2',
        [taxonomy, slug],
      );
      return row?.id;
    },
  };
}

export function pgImportSources(q: Query): ImportSourcesRepository {
  return {
    ...pgImportSourcesReader(q),
    async save(kind, source, localId, digest) {
      await q(
        `INSERT INTO import_sources (kind, source, local_id, digest) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, source) DO UPDATE SET local_id = excluded.local_id,
           digest = excluded.digest`,
        [kind, source, localId, digest],
      );
    },
  };
}
