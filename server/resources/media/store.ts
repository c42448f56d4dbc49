/** All SQL of media items (docs/architecture.md, convention 5). */
import { insertPostSql } from '../../db/post-ids.js';
import type { Db } from '../../db/open.js';

/** A row of the `media` table. */
export interface MediaRow {
  id: number;
  author: number | null;
  url: string;
  file: string;
  original_name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  filesize: number | null;
  created_utc: string;
}

export type NewMedia = Omit<MediaRow, 'id'>;

export function createMediaStore(db: Db) {
  const statements = {
    byId: db.prepare<[number], MediaRow>('SELECT * FROM media WHERE id = ?'),
    // One statement for any number of ids: the id list travels as one JSON array.
    byIds: db.prepare<[string], MediaRow>(
      'SELECT * FROM media WHERE id IN (SELECT value FROM json_each(?))',
    ),
    byUrl: db.prepare<[string], MediaRow>(
      "SELECT * FROM media WHERE url = ? AND file = '' ORDER BY id LIMIT 1",
    ),
    byFile: db.prepare<[string], MediaRow>('SELECT * FROM media WHERE file = ? LIMIT 1'),
    kindOf: db.prepare<[number], { kind: string }>('SELECT kind FROM posts WHERE id = ?'),
    insertPost: db.prepare(insertPostSql('media')),
    insert: db.prepare<NewMedia & { id: number }>(
      `INSERT INTO media (id, author, url, file, original_name, mime_type, width, height, filesize, created_utc)
       VALUES (@id, @author, @url, @file, @original_name, @mime_type, @width, @height, @filesize, @created_utc)`,
    ),
    page: db.prepare<{ limit: number; offset: number }, MediaRow>(
      'SELECT * FROM media ORDER BY created_utc DESC, id DESC LIMIT @limit OFFSET @offset',
    ),
    count: db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM media'),
    remove: db.prepare<[number]>("DELETE FROM posts WHERE id = ? AND kind = 'media'"),
  };

  return {
    find: (id: number): MediaRow | undefined => statements.byId.get(id),
    findMany: (ids: readonly number[]): MediaRow[] =>
      ids.length === 0 ? [] : statements.byIds.all(JSON.stringify(ids)),
    findExternal: (url: string): MediaRow | undefined => statements.byUrl.get(url),
    findByFile: (file: string): MediaRow | undefined => statements.byFile.get(file),
    kindOf: (id: number): string | undefined => statements.kindOf.get(id)?.kind,
    /**
     * Inserts an item; `fileFor(id)` names its file once the id is known and `write` stores the
     * bytes inside the same transaction, so a failed write leaves no row behind.
     */
    insert(
      item: NewMedia,
      fileFor?: (id: number) => string,
      write?: (file: string) => void,
    ): number {
      return db.transaction(() => {
        const id = Number(statements.insertPost.run().lastInsertRowid);
        const file = fileFor ? fileFor(id) : item.file;
        statements.insert.run({ ...item, id, file });
        if (write) write(file);
        return id;
      })();
    },
    page(limit: number, offset: number): { rows: MediaRow[]; total: number } {
      return db
        .transaction(() => ({
          rows: statements.page.all({ limit, offset }),
          total: statements.count.get()!.total,
        }))
        .deferred();
    },
    /** Deletes the item; links from events, venues and organizers are cleared by the foreign keys. */
    remove: (id: number): void => {
      statements.remove.run(id);
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
