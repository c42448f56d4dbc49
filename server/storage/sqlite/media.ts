/** SQL of the media aggregate (storage/media.ts). */
import { insertPostSql } from '../../db/post-ids.js';
import type { Db } from '../../db/open.js';
import { readHandle } from '../../db/read.js';
import type { MediaReader, MediaRepository, MediaRow, NewMedia } from '../media.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { beforePostsDeleted } from '../change-log.js';

/**
 * The reads. Built on the connection rather than its read-only handle for one reason: a page and
 * its total are read in one deferred (read) transaction, so that they agree.
 */
export function sqliteMediaReader(db: Db): Sync<MediaReader> {
  const reading = readHandle(db);
  const s = {
    byId: reading.prepare<[number], MediaRow>('SELECT * FROM media WHERE id = ?'),
    // One statement for any number of ids: the id list travels as one JSON array.
    byIds: reading.prepare<[string], MediaRow>(
      'SELECT * FROM media WHERE id IN (SELECT value FROM json_each(?))',
    ),
    byUrl: reading.prepare<[string], MediaRow>(
      "SELECT * FROM media WHERE url = ? AND file = '' ORDER BY id LIMIT 1",
    ),
    byFile: reading.prepare<[string], MediaRow>(
      'SELECT * FROM media WHERE file = ? ORDER BY id LIMIT 1',
    ),
    kindOf: reading.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
    page: reading.prepare<{ limit: number; offset: number }, MediaRow>(
      'SELECT * FROM media ORDER BY created_utc DESC, id DESC LIMIT @limit OFFSET @offset',
    ),
    count: reading.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM media'),
  };
  return {
    find: (id) => s.byId.get(id),
    findMany: (ids) => (ids.length === 0 ? [] : s.byIds.all(JSON.stringify([...new Set(ids)]))),
    findExternal: (url) => s.byUrl.get(url),
    findByFile: (file) => s.byFile.get(file),
    kindOf: (id) => s.kindOf.get(id)?.kind,
    page: (limit, offset) =>
      db
        .transaction(() => ({
          rows: s.page.all({ limit, offset }),
          total: s.count.get()!.total,
        }))
        .deferred(),
  };
}

/** The reads and the writes, in the caller's transaction (a unit of work's). */
export function sqliteMedia(db: Db): Sync<MediaRepository> {
  const log = sqliteLog(db);
  const s = {
    insertPost: db.prepare(insertPostSql('media')),
    insert: db.prepare<NewMedia & { id: number }>(
      `INSERT INTO media (id, author, url, file, original_name, mime_type, width, height, filesize, created_utc)
       VALUES (@id, @author, @url, @file, @original_name, @mime_type, @width, @height, @filesize, @created_utc)`,
    ),
    remove: db.prepare<[number]>("DELETE FROM posts WHERE id = ? AND kind = 'media'"),
  };
  return {
    ...sqliteMediaReader(db),
    insert(item, fileFor) {
      const id = Number(s.insertPost.run().lastInsertRowid);
      s.insert.run({ ...item, id, file: fileFor ? fileFor(id) : item.file });
      return id;
    },
    remove(id) {
      const after = log(beforePostsDeleted([id]));
      s.remove.run(id);
      log(after());
    },
  };
}
