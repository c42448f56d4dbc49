/**
 * Where imported objects came from (the import from another site, resources/transfer/remote.ts):
 * each local object made from a remote one, under the remote object's source, with a digest of
 * what was imported, so that a second import updates what changed and leaves the rest.
 */

export type SourceKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export interface SourceRow {
  local_id: number;
  digest: string;
}

export interface ImportSourcesReader {
  /** The local object imported from `source` before, if it is still there (and not trashed). */
  find(kind: SourceKind, source: string): Promise<SourceRow | undefined>;
  /** The id of the calendar's category or tag with this slug. */
  termBySlug(taxonomy: 'category' | 'tag', slug: string): Promise<number | undefined>;
}

export interface ImportSourcesRepository extends ImportSourcesReader {
  /** Records (or replaces) what `source` was imported as. */
  save(kind: SourceKind, source: string, localId: number, digest: string): Promise<void>;
}
