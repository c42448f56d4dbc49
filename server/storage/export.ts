/**
 * The export document's reads (docs/contract/extensions.md §E4): every kind in batches by id
 * (keyset pages), so an export of any size holds one batch at a time, each batch's links read
 * together. All the reads of one export see one snapshot, taken when it opens, while the
 * server keeps writing.
 */
import { EXPORT_SECTIONS, type ExportSection } from '../../shared/schemas/transfer.js';

export const EXPORT_BATCH = 500;

/** The tables an export reads: one per section of the document, in the document's order. */
export const EXPORT_TABLES = EXPORT_SECTIONS;

export type ExportTable = ExportSection;

/** A row of its table as stored (users: only what an export shows of them). */
export type ExportRow = Record<string, unknown> & { id: number };

export interface TrashRow {
  post_id: number;
  previous_status: string;
  previous_slug: string;
  trashed_utc: string;
}

export interface EventLinks {
  organizers: number[];
  categories: number[];
  tags: number[];
}

export interface ExportSnapshot {
  /** The rows after id `after`, by id, at most `EXPORT_BATCH`. */
  page(table: ExportTable, after: number): Promise<ExportRow[]>;
  /** What the trash remembers of these posts, by id (only those in the trash). */
  trash(ids: number[]): Promise<Map<number, TrashRow>>;
  /** Each event's organizers, categories and tags, in link order. */
  links(ids: number[]): Promise<Map<number, EventLinks>>;
  /** Each series' occurrences deleted for good (their original local starts, in order). */
  seriesParts(ids: number[]): Promise<Map<number, { exceptions: string[] }>>;
  /** Ends the snapshot. */
  close(): Promise<void>;
}

export interface ExportReader {
  /** Opens one snapshot for the reads of one export. */
  snapshot(): Promise<ExportSnapshot>;
}

/** Empty links for each id, in the order given: the adapters fill them. */
export function emptyLinks(ids: number[]): Map<number, EventLinks> {
  return new Map(ids.map((id) => [id, { organizers: [], categories: [], tags: [] }]));
}
