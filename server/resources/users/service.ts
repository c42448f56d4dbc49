/** Users: creation, roles, and the rule that an administrator always remains. */
import { InvalidInput, NotFound, Refused } from '../../errors.js';
import { hashSecret } from '../../auth/secrets.js';
import { formatUtc } from '../../../shared/time.js';
import type { Role } from '../../../shared/roles.js';
import type { Clock } from '../../clock.js';
import type { UsersStore, UserRow } from './store.js';

export interface UserInput {
  login: string;
  password: string;
  role: Role;
  email?: string | undefined;
  display_name?: string | undefined;
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
      if (store.byLogin(input.login)) {
        throw new InvalidInput({ login: 'Sorry, that username already exists!' });
      }
      const now = formatUtc(clock.now());
      const password_hash = await hashSecret(input.password);
      // Checked again after the await: another request may have taken the login meanwhile.
      if (store.byLogin(input.login))
        throw new InvalidInput({ login: 'Sorry, that username already exists!' });
      const id = store.insert({
        login: input.login,
        email: input.email ?? '',
        display_name: input.display_name ?? input.login,
        role: input.role,
        password_hash,
        created_utc: now,
        modified_utc: now,
      });
      return get(id);
    },

    async update(id: number, input: UserUpdate): Promise<UserRow> {
      const user = get(id);
      if (
        input.login !== undefined &&
        input.login.toLowerCase() !== user.login.toLowerCase() &&
        store.byLogin(input.login)
      ) {
        throw new InvalidInput({ login: 'Sorry, that username already exists!' });
      }
      if (input.role !== undefined && input.role !== 'administrator')
        assertAnotherAdministrator(user);
      const password_hash =
        input.password === undefined ? undefined : await hashSecret(input.password);
      store.update(id, {
        login: input.login,
        email: input.email,
        display_name: input.display_name,
        role: input.role,
        password_hash,
        modified_utc: formatUtc(clock.now()),
      });
      onCredentialsChanged();
      return get(id);
    },

    remove(id: number): UserRow {
      const user = get(id);
      assertAnotherAdministrator(user);
      store.remove(id);
      onCredentialsChanged();
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
