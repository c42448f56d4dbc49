/** PostgreSQL's SQL of users, their application passwords and console sessions. */
import type {
  AppPasswordRow,
  AppPasswordsReader,
  AppPasswordsRepository,
  SessionRow,
  SessionsReader,
  SessionsRepository,
  UserRow,
  UsersReader,
  UsersRepository,
} from '../users.js';
import { rowOf, rowsOf, type Query } from './query.js';
import { pgLog } from './change-log.js';
import { beforeUserDeleted } from '../change-log.js';

const USER = `id, login, email, display_name, role, password_hash, created_utc, modified_utc, locale`;
const SESSION = 'id, user_id, secret_hash, label, created_utc, expires_utc';

export function pgUsersReader(q: Query): UsersReader {
  return {
    byId: (id) => rowOf<UserRow>(q, `SELECT ${USER} FROM users WHERE id = $1`, [id]),
    // SQLite's login column is COLLATE NOCASE; nocase() folds the same letters (migration 0001).
    byLogin: (login) =>
      rowOf<UserRow>(q, `SELECT ${USER} FROM users WHERE nocase(login) = nocase($1)`, [login]),
    list: (limit, offset) =>
      rowsOf<UserRow>(q, `SELECT ${USER} FROM users ORDER BY id LIMIT $1 OFFSET $2`, [
        limit,
        offset,
      ]),
    count: async () => (await rowOf<{ n: number }>(q, 'SELECT count(*) AS n FROM users'))!.n,
    countRole: async (role) =>
      (await rowOf<{ n: number }>(q, 'SELECT count(*) AS n FROM users WHERE role = $1', [role]))!.n,
  };
}

/** The columns an update may set, in a fixed order: names never come from input. */
const UPDATE_COLUMNS = [
  'login',
  'email',
  'display_name',
  'role',
  'password_hash',
  'locale',
] as const;

export function pgUsers(q: Query): UsersRepository {
  return {
    ...pgUsersReader(q),
    async insert(user) {
      const row = await rowOf<{ id: number }>(
        q,
        `INSERT INTO users (login, email, display_name, role, password_hash, locale, created_utc, modified_utc)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          user.login,
          user.email,
          user.display_name,
          user.role,
          user.password_hash,
          user.locale,
          user.created_utc,
          user.modified_utc,
        ],
      );
      return row!.id;
    },
    async update(id, changes) {
      const set = UPDATE_COLUMNS.filter((column) => changes[column] !== undefined);
      const values: unknown[] = [id, changes.modified_utc, ...set.map((column) => changes[column])];
      const assignments = ['modified_utc = $2', ...set.map((column, i) => `${column} = $${i + 3}`)];
      await q(`UPDATE users SET ${assignments.join(', ')} WHERE id = $1`, values);
    },
    async remove(id) {
      const log = pgLog(q);
      const after = await log(beforeUserDeleted(id));
      const removed = ((await q('DELETE FROM users WHERE id = $1', [id])).rowCount ?? 0) > 0;
      await log(after());
      return removed;
    },
  };
}

export function pgAppPasswordsReader(q: Query): AppPasswordsReader {
  return {
    ofUser: (userId) =>
      rowsOf<AppPasswordRow>(
        q,
        `SELECT uuid, user_id, name, secret_hash, created_utc, last_used_utc
         FROM application_passwords WHERE user_id = $1 ORDER BY created_utc, uuid`,
        [userId],
      ),
  };
}

export function pgAppPasswords(q: Query): AppPasswordsRepository {
  return {
    ...pgAppPasswordsReader(q),
    async insert(row) {
      await q(
        `INSERT INTO application_passwords (uuid, user_id, name, secret_hash, created_utc, last_used_utc)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.uuid, row.user_id, row.name, row.secret_hash, row.created_utc, row.last_used_utc],
      );
    },
    remove: async (uuid, userId) =>
      ((
        await q('DELETE FROM application_passwords WHERE uuid = $1 AND user_id = $2', [
          uuid,
          userId,
        ])
      ).rowCount ?? 0) > 0,
    async touch(stamps) {
      if (stamps.length === 0) return;
      await q(
        `UPDATE application_passwords p SET last_used_utc = s.used
         FROM unnest($1::text[], $2::text[]) AS s(uuid, used) WHERE p.uuid = s.uuid`,
        [stamps.map(([uuid]) => uuid), stamps.map(([, when]) => when)],
      );
    },
  };
}

export function pgSessionsReader(q: Query): SessionsReader {
  return {
    byId: (id) => rowOf<SessionRow>(q, `SELECT ${SESSION} FROM sessions WHERE id = $1`, [id]),
  };
}

export function pgSessions(q: Query): SessionsRepository {
  return {
    ...pgSessionsReader(q),
    async open(row, now, keep) {
      await q('DELETE FROM sessions WHERE expires_utc <= $1', [now]);
      await q(
        `INSERT INTO sessions (id, user_id, secret_hash, label, created_utc, expires_utc)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.id, row.user_id, row.secret_hash, row.label, row.created_utc, row.expires_utc],
      );
      // Newest first by creation, then by the order they were opened in.
      await q(
        `DELETE FROM sessions WHERE user_id = $1 AND opened NOT IN (
           SELECT opened FROM sessions WHERE user_id = $1
           ORDER BY created_utc DESC, opened DESC LIMIT $2)`,
        [row.user_id, keep],
      );
    },
    remove: async (id) => ((await q('DELETE FROM sessions WHERE id = $1', [id])).rowCount ?? 0) > 0,
    removeOthers: async (userId, keep = '') =>
      (await q('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keep])).rowCount ??
      0,
  };
}
