/**
 * CalDAV, the feeds and the `.ics` import on two nodes of one PostgreSQL calendar (issue 26,
 * "Several nodes, one calendar"; docs/contract/extensions.md §E6, §E2): an object written on one
 * node is read on the other with the same text, a sync token of one node is answered
 * by the other (RFC 6578), and what one node imports is in the other's feed.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import {
  calendarOf,
  CAL_NS,
  dav,
  hrefs,
  ics,
  put,
  tokenOf,
} from '../../server/resources/caldav/helpers.js';
import { importIcs, vevents } from '../../server/resources/feeds/ics.js';

async function twoNodes(): Promise<[TestServer, TestServer]> {
  const a = await startTestServer({ engine: 'postgres', start: { log: createLogger('error') } });
  const b = await startTestServer({
    databaseUrl: a.databaseUrl!,
    start: { log: createLogger('error') },
  });
  return [a, b];
}

const syncCollection = (token: string) =>
  `<d:sync-collection ${CAL_NS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

describe('CalDAV and feeds on two PostgreSQL nodes', () => {
  it('read on one node what the other wrote, and answer the other node’s sync tokens', async () => {
    const [a, b] = await twoNodes();
    const initial = await dav(a, 'REPORT', calendarOf(1), { body: syncCollection('') });
    expect(initial.status).toBe(207);
    const fromA = tokenOf(initial.text);

    const path = `${calendarOf(1)}choir.ics`;
    const body = ics([
      'UID:choir-1',
      'DTSTART:20260701T170000Z',
      'DTEND:20260701T180000Z',
      'SUMMARY:Choir',
      'X-ALARM-KEPT:yes',
    ]);
    const created = await put(b, path, body, { 'if-none-match': '*' });
    expect(created.status, created.text).toBe(201);
    const onA = await a.call('GET', path, { auth: a.admin });
    const onB = await b.call('GET', path, { auth: b.admin });
    expect(onA.status).toBe(200);
    expect(onB.headers.get('etag')).toBe(created.headers.get('etag'));
    expect(onA.text).toContain('X-ALARM-KEPT:yes');
    // The same text, but for the event's public address, which names the node asked.
    expect(onA.text).toBe(onB.text.replaceAll(b.url, a.url));
    // The same object cannot be made again under another name on either node.
    expect((await put(a, `${calendarOf(1)}other.ics`, body)).status).toBe(403);

    const changed = await dav(b, 'REPORT', calendarOf(1), { body: syncCollection(fromA) });
    expect(changed.status).toBe(207);
    expect(hrefs(changed.text)).toEqual([path]);
    const fromB = tokenOf(changed.text);

    expect((await a.call('DELETE', path, { auth: a.admin })).status).toBe(204);
    const gone = await dav(a, 'REPORT', calendarOf(1), { body: syncCollection(fromB) });
    expect(gone.text).toContain(
      `<d:response><d:href>${path}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );
    // Nothing changed since: both nodes answer the last token with nothing.
    const last = tokenOf(gone.text);
    for (const node of [a, b]) {
      const none = await dav(node, 'REPORT', calendarOf(1), { body: syncCollection(last) });
      expect(hrefs(none.text)).toEqual([]);
    }
  });

  it('put what one node imports in the other node’s feed, and match it again by UID', async () => {
    const [a, b] = await twoNodes();
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:talk-1@example.org',
      'DTSTART:20260801T100000Z',
      'DTEND:20260801T110000Z',
      'SUMMARY:Talk',
      'LOCATION:Great Hall',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const first = await importIcs(a, file);
    expect(first.json).toMatchObject({ created: 1, errors: [] });
    const feed = await b.call('GET', '/calendar.ics', { query: { start_date: '2026-07-01' } });
    expect(feed.status).toBe(200);
    const [event] = vevents(feed.text);
    expect(event).toEqual(
      expect.arrayContaining(['UID:talk-1@example.org', 'SUMMARY:Talk', 'LOCATION:Great Hall']),
    );
    const again = await importIcs(b, file);
    expect(again.json).toMatchObject({ created: 0, unchanged: 1 });
  });
});
