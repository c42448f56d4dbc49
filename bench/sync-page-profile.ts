/**
 * CPU of full-sync pages of the change feed, measured inside the server's process (issue 30's
 * target: 1 ms per page of 100). Serves a seeded database (bench/seed.ts) and asks for pages of
 * 100 events that start at events spread over the calendar, one at a time, so the process's CPU
 * time divided by the pages is what a page costs, HTTP included. Run it with `--cpu-prof` to see
 * where that time goes.
 *
 *   tsx bench/seed.ts --events 10000 --db /tmp/cal.db
 *   node --import tsx --cpu-prof bench/sync-page-profile.ts --db /tmp/cal.db [--pages 2000]
 */
import { parseArgs } from 'node:util';
import { testConfig } from '../server/config.js';
import { start } from '../server/start.js';
import { silentLogger } from '../server/logger.js';
import { createLinks } from '../server/http/links.js';
import { readFixture, syncPageToken } from './fixture.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    pages: { type: 'string', default: '2000' },
    // `service`: the page made by the sync service and serialised, without HTTP.
    mode: { type: 'string', default: 'http' },
  },
});
if (!values.db) throw new Error('--db <seeded database> is required');
const fixture = readFixture(values.db);
if (!fixture.sync) throw new Error('the database has no change history');
const server = await start(testConfig({ dbPath: values.db, port: 0 }), {
  log: silentLogger(),
  worker: true,
  checkpoints: false,
});
const tokenAt = (i: number) =>
  syncPageToken(fixture.sync!, fixture.eventIds[(i * 7919) % fixture.eventIds.length]! - 1);
const links = createLinks(server.url, 'api', 'calendar/events/v1');
async function page(i: number): Promise<number> {
  if (values.mode === 'service') {
    const body = await server.services.sync.changes(
      { page_token: tokenAt(i), per_page: 100 },
      null,
      links,
    );
    Buffer.from(JSON.stringify(body), 'utf8');
    return body.events.length;
  }
  const answer = await fetch(
    `${server.url}/api/calendar/sync/v1/changes?per_page=100&page_token=${tokenAt(i)}`,
    { headers: { 'accept-encoding': 'identity' } },
  );
  return ((await answer.json()) as { events: unknown[] }).events.length;
}
const pages = Number(values.pages);
let events = 0;
// Warm-up: compiled code and SQLite's page cache, as on a server that has been running.
for (let i = 0; i < 200; i++) await page(i);
const before = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < pages; i++) events += await page(i);
const cpu = process.cpuUsage(before);
const wall = performance.now() - started;
await server.close();
// In `http` mode the client's fetch runs in this process too (the profile tells its share).
console.log(
  JSON.stringify({
    pages,
    eventsPerPage: events / pages,
    cpuMsPerPage: (cpu.user + cpu.system) / 1000 / pages,
    wallMsPerPage: wall / pages,
  }),
);
