/**
 * Who is asking: Basic credentials (account password or application password) and Bearer
 * session tokens. Verified secrets are remembered by a digest of the stored hash and the secret,
 * so a repeated request costs one row lookup instead of an scrypt, and a changed password or a
 * revoked credential stops working at once (the row is always read again).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Actor } from '../../shared/roles.js';
import { formatUtc } from '../../shared/time.js';
import type { Clock } from '../clock.js';
import { NotAuthenticated, Refused } from '../errors.js';
import type { Storage, StoragePorts } from '../storage/storage.js';
import type { UserRow } from '../storage/users.js';
import { generatePassword, hashSecret, randomToken, verifySecret } from './secrets.js';
import { createThrottle, throttleKey } from './throttle.js';

interface BasicCredentials {
  login: string;
  password: string;
}

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Console sessions per user: signing in again beyond it ends that user's oldest session. */
export const MAX_SESSIONS_PER_USER = 10;
const VERIFIED_CACHE_LIMIT = 10_000;
/**
 * Application passwords per user. A failed Basic sign-in hashes the guess once per application
 * password of that login, so without a cap anyone could make every failed attempt arbitrarily
 * expensive.
 */
export const MAX_APP_PASSWORDS = 25;

export interface AuthOptions {
  /** Delay for the n-th failure past the free ones; tests shorten it. */
  failureDelayMs?: (excess: number) => number;
}

export type AuthStorage = StoragePorts<
  'users' | 'sessions' | 'appPasswords',
  'sessions' | 'appPasswords'
> &
  Pick<Storage, 'limits'>;

export function createAuthService(storage: AuthStorage, clock: Clock, options: AuthOptions = {}) {
  const { read } = storage;
  const verified = new Set<string>();
  /** Application passwords used since their stamps were last stored: uuid → when (UTC). */
  const used = new Map<string, string>();
  const throttle = createThrottle({
    clock,
    limits: storage.limits,
    delayFor: options.failureDelayMs,
  });
  /** A real hash of a random secret: unknown logins cost the same scrypt as known ones. */
  let dummy: Promise<string> | undefined;

  const digest = (hash: string, secret: string) =>
    createHash('sha256').update(hash).update('\0').update(secret).digest('base64');

  async function check(secret: string, hash: string): Promise<boolean> {
    const key = digest(hash, secret);
    if (verified.has(key)) return true;
    if (!(await verifySecret(secret, hash))) return false;
    if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
    verified.add(key);
    return true;
  }

  /** Spends what checking a password costs, for a login that does not exist. */
  async function spendLikeCheck(secret: string): Promise<false> {
    dummy ??= hashSecret(randomToken());
    await verifySecret(secret, await dummy);
    return false;
  }

  const actorOf = (user: UserRow): Actor => ({ id: user.id, role: user.role });

  /** How a secret is compared with its stored hash: fully (scrypt), or only if remembered. */
  type Verify = (secret: string, hash: string) => Promise<boolean>;
  const remembered: Verify = async (secret, hash) => verified.has(digest(hash, secret));

  /** Refused Basic credentials look the same whether the login exists or not. */
  const badBasic = () =>
    new NotAuthenticated(
      'incorrect_password',
      'The provided password is an invalid application password.',
    );

  async function basic(
    { login, password }: BasicCredentials,
    verify: Verify,
  ): Promise<Actor | NotAuthenticated> {
    const user = login === '' ? undefined : await read.users.byLogin(login);
    if (!user) {
      if (verify === check) await spendLikeCheck(password);
      return badBasic();
    }
    if (await verify(password, user.password_hash)) return actorOf(user);
    const compact = password.replace(/\s+/g, '');
    for (const appPassword of await read.appPasswords.ofUser(user.id)) {
      if (await verify(compact, appPassword.secret_hash)) {
        // Reads never write: the stamp is stored later by a background job (`storeUse`).
        used.set(appPassword.uuid, formatUtc(clock.now()));
        return actorOf(user);
      }
    }
    return badBasic();
  }

  async function bearer(token: string, verify: Verify): Promise<Actor | NotAuthenticated> {
    const [id, secret] = token.split('.');
    const session = id && secret ? await read.sessions.byId(id) : undefined;
    const invalid = new NotAuthenticated(
      'rest_invalid_token',
      'The session token is invalid or has expired.',
    );
    if (!session || !secret) return invalid;
    // An expired session is refused here and deleted by the next sign-in (`openSession`):
    // reads never write.
    if (session.expires_utc <= formatUtc(clock.now())) return invalid;
    if (!(await verify(secret, session.secret_hash))) return invalid;
    const user = await read.users.byId(session.user_id);
    return user ? actorOf(user) : invalid;
  }

  /** The scheme's resolver and the login its failures are counted under. */
  function parse(
    header: string,
  ): { login: string; resolve: (verify: Verify) => Promise<Actor | NotAuthenticated> } | undefined {
    const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
    if (/^basic$/i.test(scheme)) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const credentials = {
        login: colon < 0 ? decoded : decoded.slice(0, colon),
        password: colon < 0 ? '' : decoded.slice(colon + 1),
      };
      return { login: credentials.login, resolve: (verify) => basic(credentials, verify) };
    }
    if (/^bearer$/i.test(scheme)) {
      return { login: `bearer ${value.split('.')[0]}`, resolve: (verify) => bearer(value, verify) };
    }
    return undefined;
  }

  return {
    /**
     * Resolves the `Authorization` header; `null` for anonymous requests, 401 for bad
     * credentials. `signal` aborts when the client goes away: a request still waiting for its
     * turn then leaves the queue.
     */
    async authenticate(
      header: string | undefined,
      client: string,
      signal?: AbortSignal,
    ): Promise<Actor | null> {
      if (header === undefined || header.trim() === '') return null;
      const parsed = parse(header);
      const key = throttleKey(client, parsed?.login ?? '');
      // Credentials accepted before cost nothing to check, so a key with no failures (on any
      // process) and nothing queued here skips the queue. Only then: the remembered-secret
      // lookup answers at once, and letting a burst of guesses use it would bypass the
      // throttle. The count is read beside the lookup, not before it.
      if (parsed && !throttle.busy(key)) {
        const [failures, known] = await Promise.all([
          throttle.failureCount(key),
          parsed.resolve(remembered),
        ]);
        if (failures === 0 && !(known instanceof NotAuthenticated)) return known;
      }
      return throttle.run(
        key,
        async (attempt) => {
          if (!parsed) {
            await attempt.fail();
            throw new NotAuthenticated(
              'rest_unsupported_authorization',
              'Use Basic or Bearer authorization.',
            );
          }
          const result = await parsed.resolve(check);
          if (result instanceof NotAuthenticated) {
            await attempt.fail();
            throw result;
          }
          await attempt.succeed();
          return result;
        },
        signal,
      );
    },

    /** Checks a login and password and opens a console session. */
    async login(login: string, password: string, client: string, label = '', signal?: AbortSignal) {
      const key = throttleKey(client, login);
      const user = await throttle.run(
        key,
        async (attempt) => {
          const found = await read.users.byLogin(login);
          const ok = found
            ? await check(password, found.password_hash)
            : await spendLikeCheck(password);
          if (!found || !ok) {
            await attempt.fail();
            throw new NotAuthenticated(
              'invalid_credentials',
              'The login or password is incorrect.',
            );
          }
          await attempt.succeed();
          return found;
        },
        signal,
      );
      return { ...(await this.openSession(user.id, label)), user };
    },

    /**
     * Whether `password` is the user's account password, throttled like a sign-in (changing
     * one's own password asks for the current one: a session must not be enough to learn it).
     */
    async confirmPassword(userId: number, password: string, client: string, signal?: AbortSignal) {
      const user = await read.users.byId(userId);
      if (!user) return false;
      const key = throttleKey(client, user.login);
      return throttle.run(
        key,
        async (attempt) => {
          if (await check(password, user.password_hash)) {
            await attempt.succeed();
            return true;
          }
          await attempt.fail();
          return false;
        },
        signal,
      );
    },

    /** A session for a user without a password check: the desktop app's local administrator. */
    async openSession(userId: number, label = '') {
      const id = randomToken(12);
      const secret = randomToken(24);
      const now = clock.now();
      const expires = formatUtc(new Date(now.getTime() + SESSION_TTL_MS));
      const row = {
        id,
        user_id: userId,
        secret_hash: await hashSecret(secret),
        label,
        created_utc: formatUtc(now),
        expires_utc: expires,
      };
      await storage.write((uow) => uow.sessions.open(row, formatUtc(now), MAX_SESSIONS_PER_USER));
      return { token: `${id}.${secret}`, session_id: id, expires_utc: expires };
    },

    /** Ends the session a Bearer token belongs to; true when there was one. */
    async logout(token: string): Promise<boolean> {
      const [id] = token.split('.');
      return id ? storage.write((uow) => uow.sessions.remove(id)) : false;
    },

    async createAppPassword(userId: number, name: string) {
      const full = () =>
        new Refused(
          'application_password_limit',
          `A user can have at most ${MAX_APP_PASSWORDS} application passwords; revoke one first.`,
        );
      if ((await read.appPasswords.ofUser(userId)).length >= MAX_APP_PASSWORDS) throw full();
      const password = generatePassword();
      const row = {
        uuid: randomUUID(),
        user_id: userId,
        name,
        secret_hash: await hashSecret(password.replace(/\s+/g, '')),
        created_utc: formatUtc(clock.now()),
        last_used_utc: null,
      };
      // Counted again under the write lock: another request may have added one during the hash.
      await storage.write(async (uow) => {
        if ((await uow.appPasswords.ofUser(userId)).length >= MAX_APP_PASSWORDS) throw full();
        await uow.appPasswords.insert(row);
      });
      return { row, password };
    },

    listAppPasswords: async (userId: number) =>
      (await read.appPasswords.ofUser(userId)).map((row) => {
        const when = used.get(row.uuid);
        return when === undefined ? row : { ...row, last_used_utc: when };
      }),
    /** Stores the application passwords' last-use stamps gathered since the last call. */
    async storeUse(): Promise<void> {
      if (used.size === 0) return;
      const stamps = [...used];
      used.clear();
      await storage.write((uow) => uow.appPasswords.touch(stamps));
    },
    revokeAppPassword: (userId: number, uuid: string) =>
      storage.write((uow) => uow.appPasswords.remove(uuid, userId)),
    /** Failures counted for a client and login, by every process of the calendar. */
    failureCount: (client: string, login: string): Promise<number> =>
      throttle.failureCount(throttleKey(client, login)),
    /** Deletes the failure counts whose window has ended (a background job). */
    sweepFailures: (): Promise<number> => throttle.sweep(),
    /** Whether credential checks for a client and login are running or queued in this process. */
    checking: (client: string, login: string) => throttle.busy(throttleKey(client, login)),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
