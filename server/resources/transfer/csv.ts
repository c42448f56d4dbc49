/**
 * Events as CSV in the columns of the reference's CSV event importer (The Events Calendar's
 * "Import: CSV" for events), so the file imports there with its columns matched by name. Lists
 * (organizers, categories, tags) are comma-separated names, as that importer reads them.
 *
 * Cells are quoted per RFC 4180, and a cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'` (OWASP's CSV injection
 * advice): a title such as `=HYPERLINK(...)` reads as text, never runs.
 */
import type { EventWire } from '../../../shared/schemas/wire/index.js';

export const CSV_COLUMNS = [
  'Event Name',
  'Event Description',
  'Event Excerpt',
  'Event Start Date',
  'Event Start Time',
  'Event End Date',
  'Event End Time',
  'All Day Event',
  'Timezone',
  'Hide Event From Event Listings',
  'Sticky in Month View',
  'Event Venue Name',
  'Event Organizer Name',
  'Event Show Map Link',
  'Event Show Map',
  'Event Cost',
  'Event Currency Symbol',
  'Event Currency Position',
  'Event Category',
  'Event Tags',
  'Event Website',
  'Event Featured Image',
  'Allow Comments',
  'Event Allow Trackbacks and Pingbacks',
] as const;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

const yesNo = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** `YYYY-MM-DD HH:MM:SS` → its date and its time. */
const split = (wall: string) => [wall.slice(0, 10), wall.slice(11, 19)] as const;

export function eventCsvRow(event: EventWire): string[] {
  const [startDate, startTime] = split(event.start_date);
  const [endDate, endTime] = split(event.end_date);
  const venue = Array.isArray(event.venue) ? undefined : event.venue;
  const image = event.image === false ? '' : event.image.url;
  const details = event.cost_details;
  return [
    event.title,
    event.description,
    event.excerpt,
    startDate,
    event.all_day ? '' : startTime,
    endDate,
    event.all_day ? '' : endTime,
    yesNo(event.all_day),
    event.timezone,
    yesNo(event.hide_from_listings),
    yesNo(event.sticky),
    venue?.venue ?? '',
    event.organizer.map((organizer) => organizer.organizer).join(', '),
    yesNo(event.show_map_link),
    yesNo(event.show_map),
    details.values.join(' - '),
    details.currency_symbol,
    // The reference's importer says "prefix" or "suffix".
    details.currency_position === 'postfix' ? 'suffix' : details.currency_position,
    event.categories.map((term) => term.name).join(', '),
    event.tags.map((term) => term.name).join(', '),
    event.website,
    image,
    'FALSE',
    'FALSE',
  ];
}

/** The file: the header line, then the events a batch at a time. */
export async function* eventsCsv(batches: AsyncIterable<EventWire[]>): AsyncGenerator<string> {
  // A UTF-8 byte-order mark: without it Excel reads the file as the system's legacy code page
  // and "Fête à Noël" comes out as "FÃªte Ã  NoÃ«l". CSV parsers skip it.
  yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
  for await (const events of batches) {
    yield events.map((event) => csvLine(eventCsvRow(event))).join('');
  }
}
