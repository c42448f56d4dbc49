/** The users aggregate, with the credentials that belong to a user: application passwords and console sessions. */
import type { Role } from '../../shared/roles.js';
import type { UserLocale } from '../../shared/schemas/users.js';

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

export interface UsersReader {
  byId(id: number): Promise<UserRow | undefined>;
  /** By login, compared as SQLite's NOCASE collation does (ASCII letters folded). */
  byLogin(login: string): Promise<UserRow | undefined>;
  /** By id. */
  list(limit: number, offset: number): Promise<UserRow[]>;
  count(): Promise<number>;
  countRole(role: Role): Promise<number>;
}

export interface UsersRepository extends UsersReader {
  insert(user: NewUser): Promise<number>;
  update(id: number, changes: UserChanges): Promise<void>;
  remove(id: number): Promise<boolean>;
}

export interface AppPasswordsReader {
  /** A user's, oldest first. */
  ofUser(userId: number): Promise<AppPasswordRow[]>;
}

export interface AppPasswordsRepository extends AppPasswordsReader {
  insert(row: AppPasswordRow): Promise<void>;
  /** Removes it if it is this user's. */
  remove(uuid: string, userId: number): Promise<boolean>;
  /** Last-use stamps, `[uuid, when]` (a revoked password is skipped). */
  touch(stamps: Array<[string, string]>): Promise<void>;
}

export interface SessionsReader {
  byId(id: string): Promise<SessionRow | undefined>;
}

export interface SessionsRepository extends SessionsReader {
  /** Stores a session, dropping expired ones and the user's oldest beyond `keep`. */
  open(row: SessionRow, now: string, keep: number): Promise<void>;
  remove(id: string): Promise<boolean>;
  /** Ends every session of a user but `keep`; how many ended. */
  removeOthers(userId: number, keep?: string): Promise<number>;
}
