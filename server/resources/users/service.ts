/** Users: creation, roles, and the rule that an administrator always remains. */
import { InvalidInput, NotFound, Refused } from '../../errors.js';
import { hashSecret } from '../../auth/secrets.js';
import { formatUtc } from '../../../shared/time.js';
import type { Role } from '../../../shared/roles.js';
import type { UserLocale } from '../../../shared/schemas/users.js';
import type { Clock } from '../../clock.js';
import type { StoragePorts } from '../../storage/storage.js';
import type { UserRow, UsersReader } from '../../storage/users.js';

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
  storage: StoragePorts<'users', 'users' | 'sessions'>,
  clock: Clock,
  onCredentialsChanged: () => void,
) {
  const { read } = storage;

  async function getIn(users: UsersReader, id: number): Promise<UserRow> {
    const user = await users.byId(id);
    if (!user) throw new NotFound('rest_user_invalid_id', 'Invalid user ID.');
    return user;
  }
  const get = (id: number) => getIn(read.users, id);

  const loginTaken = () => new InvalidInput({ login: 'Sorry, that username already exists!' });

  /**
   * Refuses to leave no administrator. Runs inside the unit of work that makes the change, whose
   * transaction holds the database's write lock: the count it reads cannot change, in this
   * process or any other, before the change commits.
   */
  async function assertAnotherAdministrator(users: UsersReader, user: UserRow) {
    if (user.role === 'administrator' && (await users.countRole('administrator')) <= 1) {
      throw new Refused(
        'almanac_last_administrator',
        'The last administrator cannot be removed or demoted.',
      );
    }
  }

  /** Inserts the user in one unit of work, unless `skip` (run with the write lock held) says no. */
  async function insertUnless(
    input: UserInput,
    skip: (users: UsersReader) => Promise<boolean>,
  ): Promise<UserRow | undefined> {
    const now = formatUtc(clock.now());
    const password_hash = await hashSecret(input.password);
    return storage.write(async (uow) => {
      if (await skip(uow.users)) return undefined;
      const id = await uow.users.insert({
        login: input.login,
        email: input.email ?? '',
        display_name: input.display_name ?? input.login,
        role: input.role,
        password_hash,
        locale: input.locale ?? '',
        created_utc: now,
        modified_utc: now,
      });
      return getIn(uow.users, id);
    });
  }

  /** Whether `login` would rename `user` to a login another user has. */
  async function renamedOnto(users: UsersReader, user: UserRow, login: string | undefined) {
    return (
      login !== undefined &&
      login.toLowerCase() !== user.login.toLowerCase() &&
      (await users.byLogin(login)) !== undefined
    );
  }

  return {
    get,
    find: (id: number) => read.users.byId(id),
    byLogin: (login: string) => read.users.byLogin(login),
    list: async (page: number, perPage: number) => ({
      users: await read.users.list(perPage, (page - 1) * perPage),
      total: await read.users.count(),
    }),
    count: () => read.users.count(),

    async create(input: UserInput): Promise<UserRow> {
      if (await read.users.byLogin(input.login)) throw loginTaken();
      // Checked again with the write lock held: another request or process may have taken the
      // login during the hash.
      const user = await insertUnless(input, async (users) => {
        if (await users.byLogin(input.login)) throw loginTaken();
        return false;
      });
      return user!;
    },

    /**
     * The first user of an empty calendar, or undefined when it has one by the time the write
     * lock is held: nodes started together on one empty database each try, and one makes it.
     */
    async createFirst(input: UserInput): Promise<UserRow | undefined> {
      if ((await read.users.count()) > 0) return undefined;
      return insertUnless(input, async (users) => (await users.count()) > 0);
    },

    /**
     * A new password ends every other session of the user: all of them when an administrator
     * changes it, all but `keepSession` (the one making the request) when users change their
     * own. Application passwords are separate credentials and stay.
     */
    async update(id: number, input: UserUpdate, keepSession?: string): Promise<UserRow> {
      if (await renamedOnto(read.users, await get(id), input.login)) throw loginTaken();
      const password_hash =
        input.password === undefined ? undefined : await hashSecret(input.password);
      const updated = await storage.write(async (uow) => {
        const user = await getIn(uow.users, id);
        if (await renamedOnto(uow.users, user, input.login)) throw loginTaken();
        if (input.role !== undefined && input.role !== 'administrator')
          await assertAnotherAdministrator(uow.users, user);
        await uow.users.update(id, {
          login: input.login,
          email: input.email,
          display_name: input.display_name,
          role: input.role,
          password_hash,
          locale: input.locale,
          modified_utc: formatUtc(clock.now()),
        });
        if (password_hash !== undefined) await uow.sessions.removeOthers(id, keepSession);
        return getIn(uow.users, id);
      });
      onCredentialsChanged();
      return updated;
    },

    async remove(id: number): Promise<UserRow> {
      const user = await storage.write(async (uow) => {
        const row = await getIn(uow.users, id);
        await assertAnotherAdministrator(uow.users, row);
        await uow.users.remove(id);
        return row;
      });
      onCredentialsChanged();
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
