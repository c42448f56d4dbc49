/**
 * Imports in their worker thread (resources/transfer/import-thread.ts), on a database file as the
 * desktop app and the CLI use: the same answers and errors as the route gave on the server's
 * thread.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';

const IMPORT = '/api/calendar/admin/v1/import';

describe('imports in the worker thread', () => {
  // Each import starts a worker, which loads the server's sources through tsx: seconds each.
  it(
    'reads the JSON document there: its errors, dry_run from the body',
    { timeout: 120_000 },
    async () => {
      const server = await startTestServer({ file: true });
      const send = (body: string, query = '') =>
        server.call('POST', `${IMPORT}${query}`, { auth: server.admin, body });
      const broken = await send('{"format": "almanac-export", ');
      expect(broken.status).toBe(400);
      expect(broken.body.code).toBe('rest_invalid_json');
      const wrong = await send(JSON.stringify({ format: 'other', version: 1 }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('rest_invalid_param');
      expect(Object.keys((wrong.body.data as { params: object }).params)).toEqual(['format']);
      const doc = {
        format: 'almanac-export',
        version: 1,
        categories: [{ id: 7, name: 'Jazz', slug: 'jazz', description: '', parent: null }],
      };
      const dryBody = await send(JSON.stringify({ ...doc, dry_run: true }));
      expect(dryBody.status, dryBody.text).toBe(200);
      expect(dryBody.body).toMatchObject({ dry_run: true, created: 1, errors: [] });
      expect(
        (await server.call('GET', '/api/calendar/events/v1/categories')).body.categories,
      ).toEqual([]);
      const real = await send(JSON.stringify(doc));
      expect(real.body).toMatchObject({ dry_run: false, created: 1, errors: [] });
      const listed = await server.call('GET', '/api/calendar/events/v1/categories', {
        query: { hide_empty: 'false' },
      });
      expect((listed.body.categories as Array<{ name: string }>).map((c) => c.name)).toEqual([
        'Jazz',
      ]);
    },
  );

  it(
    'answers an .ics import’s refusal from the worker as the route did',
    { timeout: 60_000 },
    async () => {
      const server = await startTestServer({ file: true });
      const res = await server.call('POST', `${IMPORT}/ics`, {
        auth: server.admin,
        body: 'BEGIN:VCALENDAR\r\n',
        headers: { 'content-type': 'text/calendar' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_ics');
    },
  );
});
