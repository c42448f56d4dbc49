import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { create, createEvent } from '../../../helpers/fixtures.js';
import { CSV_COLUMNS, csvCell } from '../../../../server/resources/transfer/csv.js';

const CSV = '/api/calendar/admin/v1/export/events.csv';

describe('GET /admin/v1/export/events.csv', () => {
  it('writes the reference importer’s columns, one row per event, safely quoted', async () => {
    const server = await startTestServer();
    await server.call('PATCH', '/api/calendar/admin/v1/settings', {
      auth: server.admin,
      body: { currency_symbol: '€', currency_position: 'postfix' },
    });
    const music = await create(server, 'categories', { name: 'Music' });
    const jazz = await create(server, 'categories', { name: 'Jazz' });
    const tag = await create(server, 'tags', { name: 'Outdoor' });
    const venue = await create(server, 'venues', { venue: 'Hall, "the big one"' });
    const a = await create(server, 'organizers', { organizer: 'Club' });
    const b = await create(server, 'organizers', { organizer: 'Friends' });
    await createEvent(server, {
      title: '=HYPERLINK("http://evil.example","click")',
      description: 'Line one\nLine two, with "quotes"',
      excerpt: '+1',
      start_date: '2026-07-14 20:00:00',
      end_date: '2026-07-14 23:30:00',
      timezone: 'Europe/Paris',
      cost: '10 - 20',
      website: 'https://tickets.example.org',
      show_map: true,
      sticky: true,
      venue: venue.id,
      organizer: [a.id, b.id],
      categories: [music.id, jazz.id],
      tags: [tag.id],
      image: 'https://images.example.org/poster.jpg',
    });
    await createEvent(server, {
      title: 'Festival',
      all_day: true,
      start_date: '2026-08-01',
      end_date: '2026-08-03',
      sticky: true,
    });
    // The listing leaves out events hidden from listings, and so does the file.
    await createEvent(server, { title: 'Hidden', hide_from_listings: true });

    const res = await server.call('GET', CSV, { auth: server.admin });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".*-events\.csv"$/,
    );
    const rows = parse(res.text, { columns: true, skip_empty_lines: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    // Spreadsheet programs need the UTF-8 byte-order mark to keep accents intact.
    const raw = await fetch(`${server.url}${CSV}`, { headers: { authorization: server.admin } });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3, 8))).toBe(
      CSV_COLUMNS[0]!.slice(0, 5),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      'Event Name': `'=HYPERLINK("http://evil.example","click")`,
      'Event Description': expect.stringContaining('Line two, with "quotes"'),
      'Event Excerpt': expect.stringMatching(/^'?<p>\+1<\/p>/),
      'Event Start Date': '2026-07-14',
      'Event Start Time': '20:00:00',
      'Event End Date': '2026-07-14',
      'Event End Time': '23:30:00',
      'All Day Event': 'FALSE',
      Timezone: 'Europe/Paris',
      'Hide Event From Event Listings': 'FALSE',
      'Sticky in Month View': 'TRUE',
      'Event Venue Name': 'Hall, "the big one"',
      'Event Organizer Name': 'Club, Friends',
      'Event Show Map Link': 'FALSE',
      'Event Show Map': 'TRUE',
      'Event Cost': '10 - 20',
      // The cost names no currency: the importer's defaults apply.
      'Event Currency Symbol': '',
      'Event Currency Position': '',
      'Event Category': 'Music, Jazz',
      'Event Tags': 'Outdoor',
      'Event Website': 'https://tickets.example.org',
      'Event Featured Image': 'https://images.example.org/poster.jpg',
      'Allow Comments': 'FALSE',
      'Event Allow Trackbacks and Pingbacks': 'FALSE',
    });
    expect(rows[1]).toMatchObject({
      'Event Name': 'Festival',
      'Event Start Date': '2026-08-01',
      'Event Start Time': '',
      'Event End Date': '2026-08-03',
      'All Day Event': 'TRUE',
      'Hide Event From Event Listings': 'FALSE',
      'Sticky in Month View': 'TRUE',
    });
  });

  it('takes the listing’s filters, and is for editors and administrators', async () => {
    const server = await startTestServer();
    const music = await create(server, 'categories', { name: 'Music' });
    await createEvent(server, { title: 'In', categories: [music.id] });
    await createEvent(server, { title: 'Out' });
    const editor = await server.userWith('editor');
    const res = await server.call('GET', CSV, {
      auth: editor.auth,
      query: { categories: music.id },
    });
    expect(res.status).toBe(200);
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Event Name'])).toEqual(['In']);

    const author = await server.userWith('author');
    expect((await server.call('GET', CSV, { auth: author.auth })).status).toBe(403);
    expect((await server.call('GET', CSV)).status).toBe(401);
    const bad = await server.call('GET', CSV, { auth: server.admin, query: { categories: 999 } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  it('neutralises every formula start and quotes what needs it', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });
});
