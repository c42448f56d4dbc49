/**
 * What an imported file's lines may hold (docs/contract/extensions.md §E2, Import): folds cut on
 * octets, and recurrence lines within the documented limits.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS } from '../../../helpers/fixtures.js';
import { IMPORT } from './ics.js';

/** Folds a content line as RFC 5545 §3.1 says: at 75 octets, continuation lines begin with a space. */
function foldOctets(line: string): Buffer {
  const bytes = Buffer.from(line, 'utf8');
  const parts: Buffer[] = [bytes.subarray(0, 75)];
  for (let at = 75; at < bytes.length; at += 74) parts.push(bytes.subarray(at, at + 74));
  return Buffer.concat(
    parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from('\r\n '), part])),
  );
}

function calendar(lines: Array<string | Buffer>): Buffer {
  const all: Array<string | Buffer> = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Apple Inc.//macOS 15.1//EN',
    ...lines,
    'END:VCALENDAR',
  ];
  return Buffer.concat(all.flatMap((line) => [Buffer.from(line), Buffer.from('\r\n')]));
}

async function post(url: string, auth: string, body: Buffer, query = '') {
  const res = await fetch(`${url}${IMPORT}${query}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'text/calendar; charset=utf-8' },
    body: new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('iCalendar import: content lines', () => {
  it('unfolds octets before decoding: a fold inside "é" keeps the letter', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    // "SUMMARY:" is 8 octets; 66 ASCII letters put the first octet of "é" at octet 75.
    const title = `${'a'.repeat(66)}é de la musique, fête au château`;
    const line = `SUMMARY:${title}`;
    const folded = foldOctets(line);
    // The fold really falls between the two octets of the first "é" (0xC3 0xA9).
    expect(folded.subarray(74, 79)).toEqual(Buffer.from([0xc3, 0x0d, 0x0a, 0x20, 0xa9]));
    const file = calendar([
      'BEGIN:VEVENT',
      'UID:fold-1@example.org',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Paris:20260621T190000',
      'DTEND;TZID=Europe/Paris:20260621T230000',
      folded,
      foldOctets(`DESCRIPTION:${'b'.repeat(63)}ééééé ünïcödé`),
      'END:VEVENT',
    ]);
    const res = await post(server.url, server.admin, file);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ created: 1, errors: [] });
    const [id] = res.json.events as number[];
    const event = await server.call('GET', `${NS}/events/${id}`, { auth: server.admin });
    expect(event.body.title).toBe(title);
    expect(event.body.description).toContain(`${'b'.repeat(63)}ééééé ünïcödé`);
    expect(event.text).not.toContain('\ufffd');
  });

  it('keeps an Idempotency-Key with the file: the same file replays, another one is refused', async () => {
    const server = await startTestServer();
    const file = (title: string) =>
      calendar([
        'BEGIN:VEVENT',
        'UID:keyed@example.org',
        'DTSTART:20260701T100000Z',
        `SUMMARY:${title}`,
        'END:VEVENT',
      ]);
    const send = (body: Buffer) =>
      fetch(`${server.url}${IMPORT}`, {
        method: 'POST',
        headers: {
          authorization: server.admin,
          'content-type': 'text/calendar',
          'idempotency-key': 'import-1',
        },
        body: new Uint8Array(body),
      });
    const first = await send(file('Once'));
    expect(first.status).toBe(200);
    const again = await send(file('Once'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await send(file('Another title'));
    expect(other.status).toBe(422);
  });

  it('takes 500 RDATE values written as five lines of 100, as documented', async () => {
    const server = await startTestServer();
    const day = (i: number) =>
      new Date(Date.UTC(2026, 6, 1) + i * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replaceAll('-', '');
    const rdates = Array.from(
      { length: 5 },
      (_, line) =>
        `RDATE;VALUE=DATE:${Array.from({ length: 100 }, (_, i) => day(line * 100 + i + 1)).join(',')}`,
    );
    const file = calendar([
      'BEGIN:VEVENT',
      'UID:rdates@example.org',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;VALUE=DATE:20260701',
      'SUMMARY:Five hundred days',
      ...rdates,
      'END:VEVENT',
    ]);
    const res = await post(server.url, server.admin, file);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ created: 1, errors: [] });
    // The same lines through the API.
    const created = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Five hundred days, by the API',
        start_date: '2026-07-01',
        end_date: '2026-07-01',
        all_day: true,
        recurrence: rdates,
      },
    });
    expect(created.status, created.text).toBe(201);
    const lines = created.body.recurrence as string[];
    expect(lines.every((line) => line.length <= 2000)).toBe(true);
    expect(lines.join(',').match(/\d{8}/g)).toHaveLength(500);
  });
});
