/**
 * Links and stray names in the media and backup folders (issue 28, findings 2 and 3): a restore
 * copies only regular files, `/media/` serves only the regular files media items name, the
 * backups folder lists and sends only regular files, and `backup_dir` refuses system folders.
 */
import Database from 'better-sqlite3';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDirProblem } from '../../../../server/resources/backup/folder.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { pngBytes, upload } from '../media/helpers.js';

const ADMIN = '/api/calendar/admin/v1';
const BACKUPS = `${ADMIN}/backups`;

const temporary: string[] = [];
afterEach(() => {
  while (temporary.length > 0) rmSync(temporary.pop()!, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-links-'));
  temporary.push(dir);
  return dir;
}

const backupsOf = (server: TestServer) => join(server.services.config.dataDir!, 'backups');

/** A backup of a server with one uploaded image; returns its name and the image's file. */
async function backupWithImage(server: TestServer) {
  const image = await upload(`${server.url}${ADMIN}/media`, server.admin, pngBytes(4, 4));
  expect(image.status).toBe(201);
  const made = await server.call('POST', BACKUPS, { auth: server.admin });
  expect(made.status, made.text).toBe(201);
  const name = made.body.name as string;
  return { name, media: join(backupsOf(server), name.replace(/\.(?:db|json)$/, '.media')) };
}

/**
 * Media items the backup names, as a crafted backup could: rows of the copied SQLite database, or
 * records of the export document that is the backup on PostgreSQL.
 */
function nameFiles(backup: string, files: string[]): void {
  if (backup.endsWith('.json')) {
    const doc = JSON.parse(readFileSync(backup, 'utf8')) as { media: Array<{ id: number }> };
    doc.media.push(
      ...files.map((file, i) => ({
        // Far above the ids of the document's other records.
        id: 900_000 + i,
        author: null,
        url: '',
        file,
        original_name: '',
        mime_type: 'text/html',
        width: null,
        height: null,
        filesize: null,
        created_utc: '2026-06-15 12:00:00',
      })),
    );
    writeFileSync(backup, JSON.stringify(doc));
    return;
  }
  const db = new Database(backup);
  try {
    for (const file of files) {
      const id = Number(
        db.prepare("INSERT INTO posts (kind) VALUES ('media')").run().lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO media (id, author, url, file, original_name, mime_type, width, height, filesize, created_utc)
         VALUES (?, NULL, '', ?, '', 'text/html', NULL, NULL, NULL, '2026-06-15 12:00:00')`,
      ).run(id, file);
    }
  } finally {
    db.close();
  }
}

describe('restoring media files', () => {
  it('copies no link from a backup, and /media/ serves only regular files media items name', async () => {
    const server = await startTestServer({ file: true });
    const { name, media } = await backupWithImage(server);
    const secret = join(tempDir(), 'secret.txt');
    writeFileSync(secret, 'a file outside the media folder');
    symlinkSync(secret, join(media, 'linkhost'));
    writeFileSync(join(media, 'stray.png'), pngBytes(2, 2));
    nameFiles(join(backupsOf(server), name), ['linkhost', '../almanac.db', '..']);

    const restored = await server.call('POST', `${BACKUPS}/${name}/restore`, {
      auth: server.admin,
    });
    expect(restored.status, restored.text).toBe(200);
    const live = server.services.config.mediaDir;
    expect(existsSync(join(live, 'linkhost'))).toBe(false);
    for (const entry of readdirSync(live)) {
      expect(lstatSync(join(live, entry)).isFile(), entry).toBe(true);
    }
    // Copied (it is a regular file), but no media item names it.
    expect(existsSync(join(live, 'stray.png'))).toBe(true);
    // (fetch itself removes plain and percent-encoded `..` segments; an encoded slash stays.)
    for (const path of ['/media/linkhost', '/media/stray.png', '/media/..%2Falmanac.db']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('a file outside');
    }
  });

  it('copies nothing from a backup whose media folder is a link', async () => {
    const server = await startTestServer({ file: true });
    const { name, media } = await backupWithImage(server);
    const elsewhere = tempDir();
    writeFileSync(join(elsewhere, 'elsewhere.png'), pngBytes(3, 3));
    rmSync(media, { recursive: true });
    symlinkSync(elsewhere, media);
    nameFiles(join(backupsOf(server), name), ['elsewhere.png']);
    const restored = await server.call('POST', `${BACKUPS}/${name}/restore`, {
      auth: server.admin,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(existsSync(join(server.services.config.mediaDir, 'elsewhere.png'))).toBe(false);
    expect((await fetch(`${server.url}/media/elsewhere.png`)).status).toBe(404);
  });

  it('serves a named file with its type, and never a link put in the media folder', async () => {
    const server = await startTestServer({ file: true });
    const image = await upload(`${server.url}${ADMIN}/media`, server.admin, pngBytes(4, 4));
    const url = image.body.url as string;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    const etag = served.headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(url, { method: 'HEAD' })).headers.get('content-length')).toBe(
      String(pngBytes(4, 4).length),
    );

    // The item's file replaced by a link (by anyone with access to the folder).
    const path = join(server.services.config.mediaDir, image.body.file as string);
    const secret = join(tempDir(), 'secret.txt');
    writeFileSync(secret, 'a file outside the media folder');
    rmSync(path);
    symlinkSync(secret, path);
    expect((await fetch(url)).status).toBe(404);
    // Deleting the item removes the link, not what it points at.
    const id = image.body.id as number;
    expect(
      (await server.call('DELETE', `${ADMIN}/media/${id}`, { auth: server.admin })).status,
    ).toBe(200);
    expect(existsSync(secret)).toBe(true);
  });

  it('never deletes outside the media folder for an item whose file names another place', async () => {
    const server = await startTestServer({ file: true });
    const image = await upload(`${server.url}${ADMIN}/media`, server.admin, pngBytes(4, 4));
    const id = image.body.id as number;
    await server.sql("UPDATE media SET file = '../almanac.db' WHERE id = ?", id);
    expect(
      (await server.call('DELETE', `${ADMIN}/media/${id}`, { auth: server.admin })).status,
    ).toBe(200);
    expect(existsSync(server.services.config.dbPath)).toBe(true);
  });
});

describe('the backups folder', () => {
  it('neither lists, sends, restores nor deletes a link named like a backup', async () => {
    const server = await startTestServer({ file: true });
    const made = await server.call('POST', BACKUPS, { auth: server.admin });
    expect(made.status, made.text).toBe(201);
    // Named as this engine's backups are: a database copy, or an export document.
    const extension = (made.body.name as string).endsWith('.json') ? 'json' : 'db';
    const link = `passwd-link.${extension}`;
    const secret = join(tempDir(), `secret.${extension}`);
    writeFileSync(secret, 'a file outside the backups folder');
    symlinkSync(secret, join(backupsOf(server), link));

    const list = await server.call('GET', BACKUPS, { auth: server.admin });
    expect((list.body.backups as { name: string }[]).map((b) => b.name)).toEqual([
      `almanac-20260615T120000Z.${extension}`,
    ]);
    const download = await server.call('GET', `${BACKUPS}/${link}/download`, {
      auth: server.admin,
    });
    expect(download.status).toBe(404);
    expect(download.text).not.toContain('outside');
    for (const [method, path] of [
      ['POST', `${BACKUPS}/${link}/restore`],
      ['DELETE', `${BACKUPS}/${link}`],
    ] as const) {
      const res = await server.call(method, path, { auth: server.admin });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('almanac_backup_not_found');
    }
    expect(readFileSync(secret, 'utf8')).toBe('a file outside the backups folder');
  });
});

describe('the setting backup_dir', () => {
  it('refuses system folders, links to them, "..", and files, naming the setting', async () => {
    const server = await startTestServer({ file: true });
    const mine = tempDir();
    symlinkSync('/etc', join(mine, 'etc-link'));
    writeFileSync(join(mine, 'a-file'), 'x');
    for (const dir of [
      '/',
      '/etc',
      '/etc/almanac',
      '/proc/self',
      '/sys',
      '/dev',
      '/boot',
      '/usr/local/backups',
      '/bin',
      '/sbin',
      '/lib',
      join(mine, 'etc-link'),
      join(mine, 'etc-link', 'backups'),
      `${mine}/../../etc`,
      join(mine, 'a-file'),
    ]) {
      const res = await server.call('PUT', `${ADMIN}/settings`, {
        auth: server.admin,
        body: { backup_dir: dir },
      });
      expect(res.status, dir).toBe(400);
      expect(res.body.code, dir).toBe('rest_invalid_param');
      expect(Object.keys((res.body.data as { params: object }).params), dir).toEqual([
        'backup_dir',
      ]);
    }
    const refused = await server.call('PUT', `${ADMIN}/settings`, {
      auth: server.admin,
      body: { backup_dir: join(mine, 'etc-link') },
    });
    expect((refused.body.data as { params: Record<string, string> }).params.backup_dir).toBe(
      `must not be a system folder: ${join(mine, 'etc-link')}, which is /etc, is in /etc.`,
    );
    expect(server.services.settings.get().backup_dir).toBe('');
    const fine = await server.call('PUT', `${ADMIN}/settings`, {
      auth: server.admin,
      body: { backup_dir: join(mine, 'backups') },
    });
    expect(fine.status, fine.text).toBe(200);
  });

  it('is checked again at each use: a folder stored before the check is refused', async () => {
    const server = await startTestServer({ file: true });
    // As an older version accepted it.
    await server.services.settings.update({ backup_dir: '/proc/self' });
    for (const [method, path] of [
      ['POST', BACKUPS],
      ['GET', BACKUPS],
      ['GET', `${BACKUPS}/almanac-20260615T120000Z.db/download`],
    ] as const) {
      const res = await server.call(method, path, { auth: server.admin });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json, `${method} ${path}`).toEqual({
        code: 'almanac_backup_dir_refused',
        message:
          'The setting backup_dir must not be a system folder: /proc/self, which is ' +
          `/proc/${process.pid}, is in /proc.`,
        data: { status: 400 },
      });
    }
  });

  it('allows /root only as the home folder of the user the server runs as', () => {
    expect(backupDirProblem('/root/backups', '/home/almanac')).toBe(
      'must not be a system folder: /root/backups is in /root.',
    );
    expect(backupDirProblem('/root/backups', '/root')).toBeUndefined();
    expect(backupDirProblem('/lib-almanac/backups', '/root')).toMatch(/is in \/lib-almanac\.$/);
    expect(backupDirProblem('/srv/almanac/backups', '/root')).toBeUndefined();
    const mine = tempDir();
    mkdirSync(join(mine, 'backups'));
    expect(backupDirProblem(join(mine, 'backups', 'not-yet', 'made'))).toBeUndefined();
  });
});
