/**
 * The JSON export (docs/contract/extensions.md E4), written as it is read: one batch of rows at a
 * time, so a calendar of any size never has more than a batch in memory. Its reads go through
 * one snapshot of the storage ports (storage/export.ts), so the document is consistent while
 * the server keeps writing.
 */
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
import { EXPORT_BATCH, type ExportRow, type ExportSnapshot } from '../../storage/export.js';
import {
  eventRecord,
  mediaRecord,
  organizerRecord,
  seriesRecord,
  termRecord,
  userRecord,
  venueRecord,
} from './records.js';

async function records(store: ExportSnapshot, section: ExportSection, rows: ExportRow[]) {
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
      const trash = await store.trash(rows.map((row) => row.id as number));
      return (rows as unknown as VenueRow[]).map((row) => venueRecord(row, trash.get(row.id)));
    }
    case 'organizers': {
      const trash = await store.trash(rows.map((row) => row.id as number));
      return (rows as unknown as OrganizerRow[]).map((row) =>
        organizerRecord(row, trash.get(row.id)),
      );
    }
    case 'series': {
      const parts = await store.seriesParts(rows.map((row) => row.id as number));
      return rows.map((row) => seriesRecord(row, parts.get(row.id as number)!));
    }
    case 'events': {
      const ids = rows.map((row) => row.id as number);
      const trash = await store.trash(ids);
      const links = await store.links(ids);
      return (rows as unknown as EventRow[]).map((row) =>
        eventRecord(row, links.get(row.id)!, trash.get(row.id)),
      );
    }
  }
}

/** The document as text chunks: the envelope, then each section one batch at a time. */
export async function* exportDocumentChunks(core: CoreServices): AsyncGenerator<string> {
  const store = await core.storage.read.exports.snapshot();
  try {
    const current = core.settings.get();
    const settings = Object.fromEntries(PORTABLE_SETTINGS.map((key) => [key, current[key]]));
    yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"settings":${JSON.stringify(settings)}`;
    for (const section of EXPORT_SECTIONS) {
      yield `,\n${JSON.stringify(section)}:[`;
      let after = 0;
      let first = true;
      for (;;) {
        const rows = await store.page(section, after);
        if (rows.length === 0) break;
        const lines = (await records(store, section, rows)).map((record) => JSON.stringify(record));
        yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
        first = false;
        after = rows[rows.length - 1]!.id;
        if (rows.length < EXPORT_BATCH) break;
      }
      yield first ? ']' : '\n]';
    }
    yield '}\n';
  } finally {
    await store.close();
  }
}
