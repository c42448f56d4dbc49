/**
 * The next id of the shared id space (posts), always below the range reserved for computed
 * occurrences (shared/recurrence/occurrence-id.ts). SQLite gives a new rowid as max(rowid) + 1,
 * so once an occurrence with a reserved id is stored, a plain `INSERT INTO posts (kind)` would
 * take ids inside that range: every insert of a post names its id with this expression instead.
 */
import { OCCURRENCE_ID_BASE } from '../../shared/recurrence/occurrence-id.js';

export const NEXT_POST_ID = `(SELECT coalesce((SELECT id FROM posts WHERE id < ${OCCURRENCE_ID_BASE}
  ORDER BY id DESC LIMIT 1), 0) + 1)`;

/** `INSERT INTO posts` of a new post of this kind, with an ordinary id. */
export const insertPostSql = (kind: string): string =>
  `INSERT INTO posts (id, kind) VALUES (${NEXT_POST_ID}, '${kind}')`;
