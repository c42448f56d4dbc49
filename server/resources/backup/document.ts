/**
 * The backup of a calendar on PostgreSQL: the export document (transfer/export.ts, read in one
 * snapshot through the storage ports while the nodes keep writing) written to a file, beside
 * the media files as for SQLite. A file copy of the database is SQLite's own; a PostgreSQL
 * cluster is copied by its own tools (`pg_dump`, docs/scaling.md says when to use them).
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../shared/schemas/transfer.js';
import type { CoreServices } from '../../core.js';
import { exportDocumentChunks } from '../transfer/export.js';
import { readDocument } from '../transfer/import-body.js';
import type { ImportInput } from '../transfer/import.js';
import type { BackupProblem } from './sqlite.js';

/** Writes the calendar's export document into `file`, which must not exist yet. */
export async function writeDocumentBackup(core: CoreServices, file: string): Promise<void> {
  await pipeline(
    Readable.from(exportDocumentChunks(core)),
    createWriteStream(file, { flags: 'wx' }),
  );
}

/**
 * Reads a document backup back and checks it as an import would (every record's schema): the
 * document, or why it cannot be restored.
 */
export function readDocumentBackup(file: string): { doc: ImportInput } | BackupProblem {
  let bytes: Buffer;
  let body: unknown;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return { kind: 'unreadable', message: (error as Error).message };
  }
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { kind: 'corrupt', message: (error as Error).message };
  }
  const envelope = (body ?? {}) as { format?: unknown; version?: unknown };
  if (typeof body !== 'object' || Array.isArray(body) || envelope.format !== EXPORT_FORMAT)
    return { kind: 'not_almanac' };
  if (typeof envelope.version === 'number' && envelope.version > EXPORT_VERSION)
    return { kind: 'too_new', version: envelope.version, supported: EXPORT_VERSION };
  try {
    return { doc: readDocument(bytes, false).doc };
  } catch (error) {
    return { kind: 'corrupt', message: (error as Error).message };
  }
}
