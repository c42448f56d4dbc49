/**
 * The JSON export (docs/contract/extensions.md E4), written as it is read: one batch of rows at a
 * time, so a calendar of any size never has more than a batch in memory. It reads through a
 * read-only connection of its own inside one read transaction, so the document is one consistent
 * snapshot while the server keeps writing (a database in memory, in tests, has no second
 * connection: it is then read in batches from the server's own, without a snapshot).
 */
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, type Db } from '../../db/open.js';
import type { CoreServices } from '../../core.js';
import {
  EXPORT_FORMAT,
  EXPORT_SECTIONS,
  EXPORT_VERSION,
  PORTABLE_SETTINGS,
  type ExportSection,
} from '../../../shared/schemas/transfer.js';
import type { EventRow } from '../../storage/events.js';
import type { OrganizerRow } from '../organizers/kind.js';
import type { VenueRow } from '../venues/kind.js';
import type { TermRow } from '../../storage/terms.js';
import { BATCH, createExportStore, type ExportStore } from './export-store.js';
import {
  eventRecord,
  mediaRecord,
  organizerRecord,
  seriesRecord,
  termRecord,
  userRecord,
  venueRecord,
} from './records.js';

interface Reader {
  db: Db;
  close(): void;
}

function openReader(core: CoreServices): Reader {
  const file = core.config.dbPath;
  if (file === ':memory:' || file === '') return { db: core.db, close: () => undefined };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The snapshot starts at the first read and lasts until the end of the export.
  db.exec('BEGIN');
  return {
    db,
    close() {
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    },
  };
}

function records(store: ExportStore, section: ExportSection, rows: Record<string, unknown>[]) {
  switch (section) {
    case 'users':
      return rows.map(userRecord);
    case 'media':
      return rows.map(mediaRecord);
    case 'categories':
      return (rows as unknown as TermRow[]).map((row) => ({
        ...termRecord(row),
        color: row.color,
      }));
    case 'tags':
      return (rows as unknown as TermRow[]).map(termRecord);
    case 'venues': {
      const trash = store.trash(rows.map((row) => row.id as number));
      return (rows as unknown as VenueRow[]).map((row) => venueRecord(row, trash.get(row.id)));
    }
    case 'organizers': {
      const trash = store.trash(rows.map((row) => row.id as number));
      return (rows as unknown as OrganizerRow[]).map((row) =>
        organizerRecord(row, trash.get(row.id)),
      );
    }
    case 'series': {
      const parts = store.seriesParts(rows.map((row) => row.id as number));
      return rows.map((row) => seriesRecord(row, parts.get(row.id as number)!));
    }
    case 'events': {
      const ids = rows.map((row) => row.id as number);
      const trash = store.trash(ids);
      const links = store.links(ids);
      return (rows as unknown as EventRow[]).map((row) =>
        eventRecord(row, links.get(row.id)!, trash.get(row.id)),
      );
    }
  }
}

/** The document as text chunks: the envelope, then each section one batch at a time. */
export async function* exportDocumentChunks(core: CoreServices): AsyncGenerator<string> {
  const reader = openReader(core);
  try {
    const store = createExportStore(reader.db);
    const current = core.settings.get();
    const settings = Object.fromEntries(PORTABLE_SETTINGS.map((key) => [key, current[key]]));
    yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"settings":${JSON.stringify(settings)}`;
    for (const section of EXPORT_SECTIONS) {
      yield `,\n${JSON.stringify(section)}:[`;
      let after = 0;
      let first = true;
      for (;;) {
        const rows = store.page(section, after);
        if (rows.length === 0) break;
        const lines = records(store, section, rows).map((record) => JSON.stringify(record));
        yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
        first = false;
        after = rows[rows.length - 1]!.id;
        if (rows.length < BATCH) break;
      }
      yield first ? ']' : '\n]';
    }
    yield '}\n';
  } finally {
    reader.close();
  }
}
