/**
 * Long work shares the server (issue 28, finding 1; docs/reliability.md, Long work): the largest
 * imports the documentation allows run while a plain read, sent as the import writes, is
 * answered first. The server uses a database file, as the desktop app and the CLI do.
 */
import { describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PLAIN_READ, arrivals, until, writeLockProbe } from '../helpers/ordering.js';

const ADMIN = '/api/calendar/admin/v1';
const LONG = 300_000;

function calendar(vevents: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Almanac tests//EN'];
  for (const vevent of vevents) lines.push('BEGIN:VEVENT', ...vevent, 'END:VEVENT');
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/** 9,999 minimal events: under the 10,000-event cap. */
const manyEvents = () =>
  calendar(
    Array.from({ length: 9_999 }, (_, i) => [
      `UID:many-${i}@example.org`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:20260701T${String(8 + (i % 12)).padStart(2, '0')}0000Z`,
      `SUMMARY:Event ${i}`,
    ]),
  );

/** Rules that make a day of every week of every year: the costliest expansion found. */
const costlyRules = () =>
  calendar(
    Array.from({ length: 5 }, (_, i) => [
      `UID:weekno-${i}@example.org`,
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260701T100000Z',
      `RRULE:FREQ=YEARLY;BYWEEKNO=${Array.from({ length: 53 }, (_, w) => w + 1).join(',')};BYDAY=MO,TU,WE,TH,FR,SA,SU`,
      `SUMMARY:Every day ${i}`,
    ]),
  );

/**
 * Sends the costly request, waits until it writes (or has answered: a server that holds its
 * thread cannot be watched meanwhile), then sends the plain read; returns who answered first.
 */
async function readDuring(
  server: TestServer,
  costly: () => Promise<Response>,
  meanwhile?: () => void,
): Promise<{ order: string[]; answer: Response }> {
  const probe = writeLockProbe(server.dbPath);
  try {
    const request = costly();
    const answered = request.then(async (res) => {
      await res.clone().arrayBuffer();
      return res;
    });
    await until(() => probe.held(), answered);
    meanwhile?.();
    const read = fetch(`${server.url}${PLAIN_READ}`).then(async (res) => {
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    });
    const order = await arrivals({ read, import: answered });
    return { order, answer: await answered };
  } finally {
    probe.close();
  }
}

const post = (server: TestServer, path: string, auth: string, type: string, body: string) =>
  fetch(`${server.url}${ADMIN}${path}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': type },
    body,
  });

describe('imports share the server', () => {
  it(
    'answers a read sent while 9,999 events are imported (dry run, by an editor) first',
    async () => {
      const server = await startTestServer({ file: true });
      const editor = await server.userWith('editor');
      const { order, answer } = await readDuring(server, () =>
        post(server, '/import/ics?dry_run=true', editor.auth, 'text/calendar', manyEvents()),
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ created: 9_999, errors: [] });
      expect(order).toEqual(['read', 'import']);
    },
    LONG,
  );

  it(
    'answers a read sent while rules of a day in every week are expanded first',
    async () => {
      const server = await startTestServer({ file: true });
      let write: Promise<Response> | undefined;
      const { order, answer } = await readDuring(
        server,
        () => post(server, '/import/ics', server.admin, 'text/calendar', costlyRules()),
        () => {
          // A write sent meanwhile waits for the import (the write gate), then succeeds.
          write = fetch(`${server.url}/api/calendar/events/v1/events`, {
            method: 'POST',
            headers: { authorization: server.admin, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: 'Meanwhile',
              start_date: '2026-07-03 10:00:00',
              end_date: '2026-07-03 11:00:00',
            }),
          });
        },
      );
      expect((await write!).status).toBe(201);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ created: 5, errors: [] });
      expect(order).toEqual(['read', 'import']);
      // The import was committed as a whole, and the server writes again afterwards.
      const listed = await server.call('GET', '/api/calendar/events/v1/events', {
        query: { search: 'Every day', per_page: 1 },
      });
      expect(Number(listed.headers.get('x-wp-total'))).toBeGreaterThan(5);
    },
    LONG,
  );

  it(
    'answers a read sent while an export document of 5,000 events is imported first',
    async () => {
      const source = await startTestServer();
      await source.call('POST', '/api/calendar/events/v1/events', {
        auth: source.admin,
        body: {
          title: 'Template',
          start_date: '2026-07-01 10:00:00',
          end_date: '2026-07-01 11:00:00',
        },
      });
      const exported = await source.call('GET', `${ADMIN}/export`, { auth: source.admin });
      const doc = exported.json as { events: Array<Record<string, unknown>> };
      const template = doc.events[0]!;
      doc.events = Array.from({ length: 5_000 }, (_, i) => ({
        ...template,
        id: i + 1,
        slug: `event-${i}`,
        title: `Event ${i}`,
      }));
      const server = await startTestServer({ file: true });
      // Not empty: every record gets a new id and a unique slug, the costlier path.
      const here = await server.call('POST', '/api/calendar/events/v1/events', {
        auth: server.admin,
        body: {
          title: 'Already here',
          start_date: '2026-07-02 10:00:00',
          end_date: '2026-07-02 11:00:00',
        },
      });
      expect(here.status).toBe(201);
      const { order, answer } = await readDuring(server, () =>
        post(server, '/import', server.admin, 'application/json', JSON.stringify(doc)),
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ created: 5_000, errors: [] });
      expect(order).toEqual(['read', 'import']);
    },
    LONG,
  );

  it(
    'answers a read sent while another site’s events are written first',
    async () => {
      const events = Array.from({ length: 40 }, (_, page) =>
        Array.from({ length: 50 }, (_, i) => ({
          id: page * 50 + i + 1,
          global_id: `remote.example?id=${page * 50 + i + 1}`,
          title: `Remote ${page * 50 + i}`,
          description: '',
          status: 'publish',
          start_date: '2026-07-01 10:00:00',
          end_date: '2026-07-01 11:00:00',
          timezone: 'UTC',
          all_day: false,
        })),
      );
      const site: Server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://remote.example');
        const page = Number(url.searchParams.get('page') ?? 1);
        const collection = url.pathname.split('/').pop()!;
        const items = collection === 'events' ? (events[page - 1] ?? []) : [];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ [collection]: items, total_pages: collection === 'events' ? 40 : 1 }),
        );
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
        const server = await startTestServer({ file: true });
        const { order, answer } = await readDuring(server, () =>
          post(server, '/import/remote', server.admin, 'application/json', JSON.stringify({ url })),
        );
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ created: 2_000, errors: [] });
        expect(order).toEqual(['read', 'import']);
      } finally {
        await new Promise((resolve) => site.close(resolve));
      }
    },
    LONG,
  );
});
