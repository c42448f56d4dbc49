/** PostgreSQL's SQL of the media aggregate (storage/media.ts), answering as SQLite's does. */
import type { MediaReader, MediaRepository, MediaRow } from '../media.js';
import { rowOf, rowsOf, type Query, type Together } from './query.js';
import { pgLog } from './change-log.js';
import { beforePostsDeleted } from '../change-log.js';

export function pgMediaReader(q: Query, together: Together): MediaReader {
  return {
    find: (id) => rowOf<MediaRow>(q, 'SELECT * FROM media WHERE id = $1', [id]),
    findMany: async (ids) =>
      ids.length === 0
        ? []
        : rowsOf<MediaRow>(q, 'SELECT * FROM media WHERE id = ANY($1::bigint[])', [
            [...new Set(ids)],
          ]),
    findExternal: (url) =>
      rowOf<MediaRow>(q, "SELECT * FROM media WHERE url = $1 AND file = '' ORDER BY id LIMIT 1", [
        url,
      ]),
    findByFile: (file) =>
      rowOf<MediaRow>(q, 'SELECT * FROM media WHERE file = $1 ORDER BY id LIMIT 1', [file]),
    kindOf: async (id) =>
      (await rowOf<{ kind: string }>(q, 'SELECT kind FROM posts WHERE id = $1', [id]))?.kind,
    page: (limit, offset) =>
      together(async (read) => ({
        rows: await rowsOf<MediaRow>(
          read,
          'SELECT * FROM media ORDER BY created_utc DESC, id DESC LIMIT $1 OFFSET $2',
          [limit, offset],
        ),
        total: (await rowOf<{ total: number }>(read, 'SELECT count(*) AS total FROM media'))!.total,
      })),
  };
}

export function pgMedia(q: Query, together: Together): MediaRepository {
  const log = pgLog(q);
  return {
    ...pgMediaReader(q, together),
    async insert(item, fileFor) {
      const post = await rowOf<{ id: number }>(
        q,
        "INSERT INTO posts (kind) VALUES ('media') RETURNING id",
      );
      const id = post!.id;
      await q(
        `INSERT INTO media (id, author, url, file, original_name, mime_type, width, height,
           filesize, created_utc)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          item.author,
          item.url,
          fileFor ? fileFor(id) : item.file,
          item.original_name,
          item.mime_type,
          item.width,
          item.height,
          item.filesize,
          item.created_utc,
        ],
      );
      return id;
    },
    async remove(id) {
      const after = await log(beforePostsDeleted([id]));
      await q("DELETE FROM posts WHERE id = $1 AND kind = 'media'", [id]);
      await log(after());
    },
  };
}
