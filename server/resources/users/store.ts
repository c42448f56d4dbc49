/** SQL for users, their application passwords and console sessions. */
import type { Db } from '../../db/open.js';
import type { Role } from '../../../shared/roles.js';
import type { UserLocale } from '../../../shared/schemas/users.js';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  display_name: string;
  role: Role;
  password_hash: string;
  /** The console's language the user chose; '' follows the browser, then the site. */
  locale: UserLocale;
  created_utc: string;
  modified_utc: string;
}

export interface AppPasswordRow {
  uuid: string;
  user_id: number;
  name: string;
  secret_hash: string;
  created_utc: string;
  last_used_utc: string | null;
}

export interface SessionRow {
  id: string;
  user_id: number;
  secret_hash: string;
  label: string;
  created_utc: string;
  expires_utc: string;
}

export type NewUser = Omit<UserRow, 'id'>;
export type UserChanges = Partial<
  Pick<UserRow, 'login' | 'email' | 'display_name' | 'role' | 'password_hash' | 'locale'>
> & {
  modified_utc: string;
};

export function createUsersStore(db: Db) {
  const s = {
    byId: db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?'),
    byLogin: db.prepare<[string], UserRow>('SELECT * FROM users WHERE login = ?'),
    list: db.prepare<[number, number], UserRow>('SELECT * FROM users ORDER BY id LIMIT ? OFFSET ?'),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users'),
    countRole: db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM users WHERE role = ?',
    ),
    insert: db.prepare<NewUser>(
      `INSERT INTO users (login, email, display_name, role, password_hash, locale, created_utc, modified_utc)
       VALUES (@login, @email, @display_name, @role, @password_hash, @locale, @created_utc, @modified_utc)`,
    ),
    remove: db.prepare<[number]>('DELETE FROM users WHERE id = ?'),
    appPasswords: db.prepare<[number], AppPasswordRow>(
      'SELECT * FROM application_passwords WHERE user_id = ? ORDER BY created_utc, uuid',
    ),
    appPassword: db.prepare<[string], AppPasswordRow>(
      'SELECT * FROM application_passwords WHERE uuid = ?',
    ),
    insertAppPassword: db.prepare<AppPasswordRow>(
      `INSERT INTO application_passwords (uuid, user_id, name, secret_hash, created_utc, last_used_utc)
       VALUES (@uuid, @user_id, @name, @secret_hash, @created_utc, @last_used_utc)`,
    ),
    removeAppPassword: db.prepare<[string, number]>(
      'DELETE FROM application_passwords WHERE uuid = ? AND user_id = ?',
    ),
    touchAppPassword: db.prepare<[string, string]>(
      'UPDATE application_passwords SET last_used_utc = ? WHERE uuid = ?',
    ),
    session: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
    insertSession: db.prepare<SessionRow>(
      `INSERT INTO sessions (id, user_id, secret_hash, label, created_utc, expires_utc)
       VALUES (@id, @user_id, @secret_hash, @label, @created_utc, @expires_utc)`,
    ),
    removeSession: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
    removeExpiredSessions: db.prepare<[string]>('DELETE FROM sessions WHERE expires_utc <= ?'),
    userSessions: db.prepare<[number], SessionRow>(
      'SELECT * FROM sessions WHERE user_id = ? ORDER BY created_utc',
    ),
    removeOtherSessions: db.prepare<[number, string]>(
      'DELETE FROM sessions WHERE user_id = ? AND id <> ?',
    ),
    // Newest first by creation, then rowid (sessions opened in the same second).
    pruneSessions: db.prepare<[number, number, number]>(
      `DELETE FROM sessions WHERE user_id = ? AND rowid NOT IN (
         SELECT rowid FROM sessions WHERE user_id = ? ORDER BY created_utc DESC, rowid DESC LIMIT ?)`,
    ),
  };

  const updateColumns = [
    'login',
    'email',
    'display_name',
    'role',
    'password_hash',
    'locale',
  ] as const;

  return {
    byId: (id: number) => s.byId.get(id),
    byLogin: (login: string) => s.byLogin.get(login),
    list: (limit: number, offset: number) => s.list.all(limit, offset),
    count: () => s.count.get()!.n,
    countRole: (role: Role) => s.countRole.get(role)!.n,
    insert: (user: NewUser) => Number(s.insert.run(user).lastInsertRowid),
    update(id: number, changes: UserChanges) {
      const set = updateColumns.filter((c) => changes[c] !== undefined);
      // Column names come from the fixed list above, never from input.
      const sql = `UPDATE users SET ${[...set, 'modified_utc'].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
      db.prepare(sql).run({ ...changes, id });
    },
    remove: (id: number) => s.remove.run(id).changes > 0,
    appPasswords: (userId: number) => s.appPasswords.all(userId),
    appPassword: (uuid: string) => s.appPassword.get(uuid),
    insertAppPassword: (row: AppPasswordRow) => void s.insertAppPassword.run(row),
    removeAppPassword: (uuid: string, userId: number) =>
      s.removeAppPassword.run(uuid, userId).changes > 0,
    /** Last-use stamps, `[uuid, when]`, in one transaction (a revoked password is skipped). */
    touchAppPasswords: db.transaction((stamps: [string, string][]) => {
      for (const [uuid, when] of stamps) s.touchAppPassword.run(when, uuid);
    }),
    session: (id: string) => s.session.get(id),
    insertSession: (row: SessionRow) => void s.insertSession.run(row),
    /** Stores a session, dropping expired ones and the user's oldest beyond `keep`. */
    openSession: db.transaction((row: SessionRow, now: string, keep: number) => {
      s.removeExpiredSessions.run(now);
      s.insertSession.run(row);
      s.pruneSessions.run(row.user_id, row.user_id, keep);
    }),
    /** Ends every session of a user but `keep` (the one making the request, if any). */
    removeOtherSessions: (userId: number, keep = '') =>
      s.removeOtherSessions.run(userId, keep).changes,
    removeSession: (id: string) => s.removeSession.run(id).changes > 0,
    removeExpiredSessions: (now: string) => s.removeExpiredSessions.run(now).changes,
    userSessions: (userId: number) => s.userSessions.all(userId),
    /** Runs `fn` in one write transaction (IMMEDIATE: other processes wait for it). */
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
