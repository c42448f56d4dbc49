/**
 * Done-when of CalDAV (§E6) with Debian's python3-caldav: only the origin and an application
 * password, then discovery, a weekly event of 4 occurrences, query, expand, rename, another
 * client's event seen by sync token, and its deletion. The API sees what the client wrote.
 */
import { describe, expect, it } from 'vitest';
import { davUser, PYTHON, runScript, scriptPath } from './helpers.js';

describe('python3-caldav', () => {
  it('discovers, writes, queries, expands, renames, syncs and deletes', async () => {
    const { server, login, password, id } = await davUser();
    const result = await runScript(PYTHON, [scriptPath('python_caldav.py')], {
      ALMANAC_ORIGIN: server.url,
      ALMANAC_USER: login,
      ALMANAC_PASSWORD: password,
    });
    const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      ok?: boolean;
      seen: Record<string, unknown>;
    };
    expect({ code: result.code, report, stderr: result.stderr }).toMatchObject({
      code: 0,
      report: { ok: true },
    });
    expect(report.seen).toMatchObject({
      principal: `${server.url}/dav/principals/${id}/`,
      home: `${server.url}/dav/calendars/${id}/`,
      calendars: [`${server.url}/dav/calendars/${id}/events/`],
      expanded: 4,
      expanded_rrule: false,
    });
    // The API reads the series the client wrote, renamed.
    const listed = await server.call('GET', '/api/calendar/events/v1/events', {
      query: { start_date: '2026-07-01', end_date: '2026-07-31', status: 'publish' },
    });
    const titles = (listed.body.events as Array<{ title: string }>).map((e) => e.title);
    expect(titles.filter((t) => t === 'Choir rehearsal')).toHaveLength(4);
    expect(titles).not.toContain('Added elsewhere');
  }, 120_000);
});
