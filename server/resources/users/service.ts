/** Users: creation, roles, and the rule that an administrator always remains. */
import { InvalidInput, NotFound, Refused } from '../../errors.js';
import { hashSecret } from '../../auth/secrets.js';
import { formatUtc } from '../../../shared/time.js';
import type { Role } from '../../../shared/roles.js';
import type { UserLocale } from '../../../shared/schemas/users.js';
import type { Clock } from '../../clock.js';
import type { UsersStore, UserRow } from './store.js';

export interface UserInput {
  login: string;
  password: string;
  role: Role;
  email?: string | undefined;
  display_name?: string | undefined;
  locale?: UserLocale | undefined;
}

export type UserUpdate = Partial<UserInput>;

export function createUsersService(
  store: UsersStore,
  clock: Clock,
  onCredentialsChanged: () => void,
) {
  function get(id: number): UserRow {
    const user = store.byId(id);
    if (!user) throw new NotFound('rest_user_invalid_id', 'Invalid user ID.');
    return user;
  }

  const loginTaken = () => new InvalidInput({ login: 'Sorry, that username already exists!' });

  /**
   * Refuses to leave no administrator. Runs inside the write transaction that makes the change,
   * which takes the database's write lock first (BEGIN IMMEDIATE): the count it reads cannot
   * change, in this process or any other, before the change commits.
   */
  function assertAnotherAdministrator(user: UserRow) {
    if (user.role === 'administrator' && store.countRole('administrator') <= 1) {
      throw new Refused(
        'almanac_last_administrator',
        'The last administrator cannot be removed or demoted.',
      );
    }
  }

  return {
    get,
    find: (id: number) => store.byId(id),
    byLogin: (login: string) => store.byLogin(login),
    list: (page: number, perPage: number) => ({
      users: store.list(perPage, (page - 1) * perPage),
      total: store.count(),
    }),
    count: () => store.count(),

    async create(input: UserInput): Promise<UserRow> {
      if (store.byLogin(input.login)) throw loginTaken();
      const now = formatUtc(clock.now());
      const password_hash = await hashSecret(input.password);
      // Checked again with the write lock held: another request or process may have taken the
      // login during the hash.
      const id = store.transaction(() => {
        if (store.byLogin(input.login)) throw loginTaken();
        return store.insert({
          login: input.login,
          email: input.email ?? '',
          display_name: input.display_name ?? input.login,
          role: input.role,
          password_hash,
          locale: input.locale ?? '',
          created_utc: now,
          modified_utc: now,
        });
      });
      return get(id);
    },

    /**
     * A new password ends every other session of the user: all of them when an administrator
     * changes it, all but `keepSession` (the one making the request) when users change their
     * own. Application passwords are separate credentials and stay.
     */
    async update(id: number, input: UserUpdate, keepSession?: string): Promise<UserRow> {
      const before = get(id);
      const renamed = (user: UserRow) =>
        input.login !== undefined &&
        input.login.toLowerCase() !== user.login.toLowerCase() &&
        store.byLogin(input.login) !== undefined;
      if (renamed(before)) throw loginTaken();
      const password_hash =
        input.password === undefined ? undefined : await hashSecret(input.password);
      store.transaction(() => {
        const user = get(id);
        if (renamed(user)) throw loginTaken();
        if (input.role !== undefined && input.role !== 'administrator')
          assertAnotherAdministrator(user);
        store.update(id, {
          login: input.login,
          email: input.email,
          display_name: input.display_name,
          role: input.role,
          password_hash,
          locale: input.locale,
          modified_utc: formatUtc(clock.now()),
        });
        if (password_hash !== undefined) store.removeOtherSessions(id, keepSession);
      });
      onCredentialsChanged();
      return get(id);
    },

    remove(id: number): UserRow {
      const user = store.transaction(() => {
        const row = get(id);
        assertAnotherAdministrator(row);
        store.remove(id);
        return row;
      });
      onCredentialsChanged();
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
