/** SQL of users, their application passwords and console sessions. */
import type { Db } from '../../db/open.js';
import { readHandle, type ReadDb } from '../../db/read.js';
import type {
  AppPasswordRow,
  AppPasswordsReader,
  AppPasswordsRepository,
  NewUser,
  SessionRow,
  SessionsReader,
  SessionsRepository,
  UserRow,
  UsersReader,
  UsersRepository,
} from '../users.js';
import type { Sync } from './repository.js';
import { sqliteLog } from './change-log.js';
import { beforeUserDeleted } from '../change-log.js';

export function sqliteUsersReader(db: ReadDb): Sync<UsersReader> {
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const byLogin = db.prepare<[string], UserRow>('SELECT * FROM users WHERE login = ?');
  const list = db.prepare<[number, number], UserRow>(
    'SELECT * FROM users ORDER BY id LIMIT ? OFFSET ?',
  );
  const count = db.prepare<[], number>('SELECT count(*) FROM users').pluck();
  const countRole = db
    .prepare<[string], number>('SELECT count(*) FROM users WHERE role = ?')
    .pluck();
  return {
    byId: (id) => byId.get(id),
    byLogin: (login) => byLogin.get(login),
    list: (limit, offset) => list.all(limit, offset),
    count: () => count.get()!,
    countRole: (role) => countRole.get(role)!,
  };
}

const UPDATE_COLUMNS = [
  'login',
  'email',
  'display_name',
  'role',
  'password_hash',
  'locale',
] as const;

export function sqliteUsers(db: Db): Sync<UsersRepository> {
  const insert = db.prepare<NewUser>(
    `INSERT INTO users (login, email, display_name, role, password_hash, locale, created_utc, modified_utc)
     VALUES (@login, @email, @display_name, @role, @password_hash, @locale, @created_utc, @modified_utc)`,
  );
  const remove = db.prepare<[number]>('DELETE FROM users WHERE id = ?');
  const log = sqliteLog(db);
  return {
    ...sqliteUsersReader(readHandle(db)),
    insert: (user) => Number(insert.run(user).lastInsertRowid),
    update(id, changes) {
      const set = UPDATE_COLUMNS.filter((c) => changes[c] !== undefined);
      // Column names come from the fixed list above, never from input.
      const sql = `UPDATE users SET ${[...set, 'modified_utc'].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
      db.prepare(sql).run({ ...changes, id });
    },
    remove(id) {
      const after = log(beforeUserDeleted(id));
      const removed = remove.run(id).changes > 0;
      log(after());
      return removed;
    },
  };
}

export function sqliteAppPasswordsReader(db: ReadDb): Sync<AppPasswordsReader> {
  const ofUser = db.prepare<[number], AppPasswordRow>(
    'SELECT * FROM application_passwords WHERE user_id = ? ORDER BY created_utc, uuid',
  );
  return { ofUser: (userId) => ofUser.all(userId) };
}

export function sqliteAppPasswords(db: Db): Sync<AppPasswordsRepository> {
  const insert = db.prepare<AppPasswordRow>(
    `INSERT INTO application_passwords (uuid, user_id, name, secret_hash, created_utc, last_used_utc)
     VALUES (@uuid, @user_id, @name, @secret_hash, @created_utc, @last_used_utc)`,
  );
  const remove = db.prepare<[string, number]>(
    'DELETE FROM application_passwords WHERE uuid = ? AND user_id = ?',
  );
  const touch = db.prepare<[string, string]>(
    'UPDATE application_passwords SET last_used_utc = ? WHERE uuid = ?',
  );
  return {
    ...sqliteAppPasswordsReader(readHandle(db)),
    insert: (row) => void insert.run(row),
    remove: (uuid, userId) => remove.run(uuid, userId).changes > 0,
    touch(stamps) {
      for (const [uuid, when] of stamps) touch.run(when, uuid);
    },
  };
}

export function sqliteSessionsReader(db: ReadDb): Sync<SessionsReader> {
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  return { byId: (id) => byId.get(id) };
}

export function sqliteSessions(db: Db): Sync<SessionsRepository> {
  const insert = db.prepare<SessionRow>(
    `INSERT INTO sessions (id, user_id, secret_hash, label, created_utc, expires_utc)
     VALUES (@id, @user_id, @secret_hash, @label, @created_utc, @expires_utc)`,
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id = ?');
  const removeExpired = db.prepare<[string]>('DELETE FROM sessions WHERE expires_utc <= ?');
  const removeOthers = db.prepare<[number, string]>(
    'DELETE FROM sessions WHERE user_id = ? AND id <> ?',
  );
  // Newest first by creation, then rowid (sessions opened in the same second).
  const prune = db.prepare<[number, number, number]>(
    `DELETE FROM sessions WHERE user_id = ? AND rowid NOT IN (
       SELECT rowid FROM sessions WHERE user_id = ? ORDER BY created_utc DESC, rowid DESC LIMIT ?)`,
  );
  return {
    ...sqliteSessionsReader(readHandle(db)),
    open(row, now, keep) {
      removeExpired.run(now);
      insert.run(row);
      prune.run(row.user_id, row.user_id, keep);
    },
    remove: (id) => remove.run(id).changes > 0,
    removeOthers: (userId, keep = '') => removeOthers.run(userId, keep).changes,
  };
}
