/**
 * Who is asking: Basic credentials (account password or application password) and Bearer
 * session tokens. Verified secrets are remembered by a digest of the stored hash and the secret,
 * so a repeated request costs one row lookup instead of an scrypt, and a changed password or a
 * revoked credential stops working at once (the row is always read again).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Actor } from '../../shared/roles.js';
import { formatUtc } from '../../shared/time.js';
import type { Clock } from '../clock.js';
import { NotAuthenticated, Refused } from '../errors.js';
import type { UserRow, UsersStore } from '../resources/users/store.js';
import { generatePassword, hashSecret, randomToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const VERIFIED_CACHE_LIMIT = 10_000;
/** Failed attempts from one client before each further attempt is delayed. */
export const FREE_FAILURES = 3;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 5_000;
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

export function createAuthService(store: UsersStore, clock: Clock, options: AuthOptions = {}) {
  const verified = new Set<string>();
  const failures = new Map<string, { count: number; since: number }>();
  const delayFor =
    options.failureDelayMs ?? ((excess: number) => Math.min(250 * 2 ** (excess - 1), MAX_DELAY_MS));

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

  /**
   * One credential check at a time per client: otherwise a burst of guesses sent together would
   * all pass the throttle before the first of them failed. Checks of remembered secrets take no
   * time, so queueing costs honest clients nothing noticeable.
   */
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(client: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(client) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    queues.set(client, tail);
    void tail.then(() => {
      if (queues.get(client) === tail) queues.delete(client);
    });
    return run;
  }

  async function throttle(client: string) {
    const entry = failures.get(client);
    if (!entry) return;
    if (clock.now().getTime() - entry.since > FAILURE_WINDOW_MS) {
      failures.delete(client);
      return;
    }
    if (entry.count > FREE_FAILURES) await sleep(delayFor(entry.count - FREE_FAILURES));
  }

  function fail(client: string, error: NotAuthenticated): never {
    const now = clock.now().getTime();
    const entry = failures.get(client);
    if (entry && now - entry.since <= FAILURE_WINDOW_MS) entry.count++;
    else failures.set(client, { count: 1, since: now });
    if (failures.size > 50_000) failures.clear();
    throw error;
  }

  const actorOf = (user: UserRow): Actor => ({ id: user.id, role: user.role });

  /** How a secret is compared with its stored hash: fully (scrypt), or only if remembered. */
  type Verify = (secret: string, hash: string) => Promise<boolean>;
  const remembered: Verify = async (secret, hash) => verified.has(digest(hash, secret));

  async function basic(encoded: string, verify: Verify): Promise<Actor | NotAuthenticated> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const login = colon < 0 ? decoded : decoded.slice(0, colon);
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    const user = login === '' ? undefined : store.byLogin(login);
    if (!user)
      return new NotAuthenticated(
        'invalid_username',
        'Unknown username. Check again or try your email address.',
      );
    if (await verify(password, user.password_hash)) return actorOf(user);
    const compact = password.replace(/\s+/g, '');
    for (const appPassword of store.appPasswords(user.id)) {
      if (await verify(compact, appPassword.secret_hash)) {
        store.touchAppPassword(appPassword.uuid, formatUtc(clock.now()));
        return actorOf(user);
      }
    }
    return new NotAuthenticated(
      'incorrect_password',
      'The provided password is an invalid application password.',
    );
  }

  async function bearer(token: string, verify: Verify): Promise<Actor | NotAuthenticated> {
    const [id, secret] = token.split('.');
    const session = id && secret ? store.session(id) : undefined;
    const invalid = new NotAuthenticated(
      'rest_invalid_token',
      'The session token is invalid or has expired.',
    );
    if (!session || !secret) return invalid;
    if (session.expires_utc <= formatUtc(clock.now())) {
      store.removeSession(session.id);
      return invalid;
    }
    if (!(await verify(secret, session.secret_hash))) return invalid;
    const user = store.byId(session.user_id);
    return user ? actorOf(user) : invalid;
  }

  function resolver(
    scheme: string,
  ): ((value: string, verify: Verify) => Promise<Actor | NotAuthenticated>) | undefined {
    if (/^basic$/i.test(scheme)) return basic;
    if (/^bearer$/i.test(scheme)) return bearer;
    return undefined;
  }

  return {
    /** Resolves the `Authorization` header; `null` for anonymous requests, 401 for bad credentials. */
    async authenticate(header: string | undefined, client: string): Promise<Actor | null> {
      if (header === undefined || header.trim() === '') return null;
      const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
      const resolve = resolver(scheme);
      // Credentials accepted before cost nothing to check, so a client with no failures and
      // nothing queued skips the queue. Only then: the remembered-secret lookup answers at once,
      // and letting a burst of guesses use it would bypass the throttle.
      if (resolve && !failures.has(client) && !queues.has(client)) {
        const known = await resolve(value, remembered);
        if (!(known instanceof NotAuthenticated)) return known;
      }
      return oneAtATime(client, async () => {
        await throttle(client);
        if (!resolve)
          return fail(
            client,
            new NotAuthenticated(
              'rest_unsupported_authorization',
              'Use Basic or Bearer authorization.',
            ),
          );
        const result = await resolve(value, check);
        if (result instanceof NotAuthenticated) fail(client, result);
        failures.delete(client);
        return result;
      });
    },

    /** Checks a login and password and opens a console session. */
    async login(login: string, password: string, client: string, label = '') {
      const user = await oneAtATime(client, async () => {
        await throttle(client);
        const found = store.byLogin(login);
        if (!found || !(await check(password, found.password_hash))) {
          fail(
            client,
            new NotAuthenticated('invalid_credentials', 'The login or password is incorrect.'),
          );
        }
        failures.delete(client);
        return found;
      });
      return { ...(await this.openSession(user.id, label)), user };
    },

    /** A session for a user without a password check: the desktop app's local administrator. */
    async openSession(userId: number, label = '') {
      const id = randomToken(12);
      const secret = randomToken(24);
      const now = clock.now();
      const expires = formatUtc(new Date(now.getTime() + SESSION_TTL_MS));
      store.removeExpiredSessions(formatUtc(now));
      store.insertSession({
        id,
        user_id: userId,
        secret_hash: await hashSecret(secret),
        label,
        created_utc: formatUtc(now),
        expires_utc: expires,
      });
      return { token: `${id}.${secret}`, session_id: id, expires_utc: expires };
    },

    /** Ends the session a Bearer token belongs to; true when there was one. */
    logout(token: string): boolean {
      const [id] = token.split('.');
      return id ? store.removeSession(id) : false;
    },

    async createAppPassword(userId: number, name: string) {
      if (store.appPasswords(userId).length >= MAX_APP_PASSWORDS) {
        throw new Refused(
          'application_password_limit',
          `A user can have at most ${MAX_APP_PASSWORDS} application passwords; revoke one first.`,
        );
      }
      const password = generatePassword();
      const row = {
        uuid: randomUUID(),
        user_id: userId,
        name,
        secret_hash: await hashSecret(password.replace(/\s+/g, '')),
        created_utc: formatUtc(clock.now()),
        last_used_utc: null,
      };
      store.insertAppPassword(row);
      return { row, password };
    },

    listAppPasswords: (userId: number) => store.appPasswords(userId),
    revokeAppPassword: (userId: number, uuid: string) => store.removeAppPassword(uuid, userId),
    failureCount: (client: string) => failures.get(client)?.count ?? 0,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
