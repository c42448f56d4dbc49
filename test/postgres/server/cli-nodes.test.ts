/**
 * Two nodes as an operator starts them (issue 26, "Done when"): the command line with
 * ALMANAC_DATABASE_URL naming an empty database and an empty data folder each, started at the
 * same time. They serve one calendar (a write on one is read on the other), and nothing is ever
 * written to a SQLite file: once both have stopped, no file in either node's data folder, home
 * or temporary folder has a SQLite name or starts with SQLite's header.
 */
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../helpers/pg-database.js';
import {
  ADMIN_API,
  ADMIN_LOGIN,
  EVENTS_API,
  basicAuth,
  rawRequest,
  spawnServer,
  tempDir,
  type SpawnedServer,
} from '../../helpers/reliability.js';
import { pngBytes, upload } from '../../server/resources/media/helpers.js';

const admin = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);
/** The first 16 bytes of every SQLite database file (its WAL and journal files have their own). */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const SQLITE_NAME = /\.(db|sqlite3?)(-wal|-shm|-journal)?$/;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Every regular file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

function startsLikeSqlite(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

interface Node {
  server: SpawnedServer;
  /** The data folder, home and temporary folder the process was given, all empty at its start. */
  folders: { data: string; home: string; tmp: string };
}

async function startNode(url: string, folders: Node['folders']): Promise<Node> {
  const server = await spawnServer({
    // Only its folder is used with a database URL: the data folder.
    db: join(folders.data, 'almanac.db'),
    databaseUrl: url,
    env: { ALMANAC_LOG_LEVEL: 'error', HOME: folders.home, TMPDIR: folders.tmp },
    startTimeoutMs: 60_000,
  });
  cleanups.push(() => server.kill('SIGKILL'));
  return { server, folders };
}

function emptyFolders(): Node['folders'] {
  const made = ['data', 'home', 'tmp'].map(() => tempDir('almanac-cli-node-'));
  for (const folder of made) cleanups.push(async () => folder.cleanup());
  const [data, home, tmp] = made.map((folder) => folder.dir) as [string, string, string];
  return { data, home, tmp };
}

describe('two command-line nodes on one PostgreSQL database', () => {
  it('serve one calendar from empty data folders and write no SQLite file', async () => {
    // An empty database: the nodes migrate it and make the administrator between them.
    const database = await createTestDatabase('template0');
    cleanups.push(() => database.drop());
    const folders = [emptyFolders(), emptyFolders()];
    for (const { data, home, tmp } of folders)
      expect([...filesUnder(data), ...filesUnder(home), ...filesUnder(tmp)]).toEqual([]);
    const [a, b] = await Promise.all(folders.map((f) => startNode(database.url, f)));
    // Exactly one of the two made the administrator, and neither names a database file.
    const outputs = [a!, b!].map((node) => node.server.stdout());
    expect(outputs.filter((out) => out.includes('Created the administrator "admin"'))).toHaveLength(
      1,
    );
    for (const out of outputs) expect(out).toContain(`Database: ${database.url}\n`);
    const on = (node: Node, method: string, path: string, json?: unknown, auth = admin) =>
      rawRequest(node.server.url, method, path, json === undefined ? { auth } : { auth, json });

    const venue = await on(a!, 'POST', `${EVENTS_API}/venues`, { venue: 'Town Hall' });
    expect(venue.status, venue.text).toBe(201);
    const venueOnB = await on(b!, 'GET', `${EVENTS_API}/venues/${venue.body.id as number}`);
    expect(venueOnB.status, venueOnB.text).toBe(200);
    expect(venueOnB.body.venue).toBe('Town Hall');

    const event = await on(b!, 'POST', `${EVENTS_API}/events`, {
      title: 'Opening night',
      start_date: '2026-07-01 19:00:00',
      end_date: '2026-07-01 22:00:00',
      venue: venue.body.id,
    });
    expect(event.status, event.text).toBe(201);
    const eventOnA = await on(a!, 'GET', `${EVENTS_API}/events/${event.body.id as number}`);
    expect(eventOnA.status, eventOnA.text).toBe(200);
    expect(eventOnA.body.title).toBe('Opening night');
    expect((eventOnA.body.venue as { venue: string }).venue).toBe('Town Hall');

    const settings = await on(a!, 'POST', `${ADMIN_API}/settings`, { site_name: 'One calendar' });
    expect(settings.status, settings.text).toBe(200);
    const settingsOnB = await on(b!, 'GET', `${ADMIN_API}/settings`);
    expect(settingsOnB.body.site_name).toBe('One calendar');

    const user = await on(b!, 'POST', `${ADMIN_API}/users`, {
      login: 'edith',
      password: 'edith-password',
      role: 'editor',
    });
    expect(user.status, user.text).toBe(201);
    const session = await on(a!, 'POST', `${ADMIN_API}/sessions`, {
      login: 'edith',
      password: 'edith-password',
    });
    expect(session.status, session.text).toBe(201);
    const me = await on(b!, 'GET', `${ADMIN_API}/me`, undefined, `Bearer ${session.body.token}`);
    expect(me.body.login).toBe('edith');

    // Writes that make files: an upload into A's media folder, a backup into B's data folder.
    const image = await upload(`${a!.server.url}${ADMIN_API}/media`, admin, pngBytes(3, 2));
    expect(image.status).toBe(201);
    const backup = await on(b!, 'POST', `${ADMIN_API}/backups`);
    expect(backup.status, backup.text).toBe(201);
    for (const feed of ['/calendar.ics', '/']) {
      expect((await on(a!, 'GET', feed)).status, feed).toBe(200);
      expect((await on(b!, 'GET', feed)).status, feed).toBe(200);
    }

    // Stopped as an operator stops them: whatever a node writes on its way out is there too.
    expect(await a!.server.kill('SIGTERM')).toBe(0);
    expect(await b!.server.kill('SIGTERM')).toBe(0);
    const written: string[] = [];
    for (const [n, node] of [a!, b!].entries())
      for (const [kind, dir] of Object.entries(node.folders))
        for (const file of filesUnder(dir)) {
          written.push(`${n}/${kind}/${file}`);
          expect(SQLITE_NAME.test(file), `${kind}/${file} of node ${n}`).toBe(false);
          expect(startsLikeSqlite(join(dir, file)), `${kind}/${file} of node ${n}`).toBe(false);
        }
    // The look found the files the writes made (it looked where the nodes write).
    expect(written.filter((file) => file.startsWith('0/data/media/'))).toHaveLength(1);
    expect(written.filter((file) => /^1\/data\/backups\/[^/]+\.json$/.test(file))).toHaveLength(1);
  }, 120_000);
});
