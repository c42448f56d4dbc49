/**
 * The storage contract of settings, users, application passwords and sessions: the same
 * assertions on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { NewUser } from '../../../server/storage/users.js';
import { withWriteHooks } from '../../../server/storage/write-hooks.js';
import { ENGINES } from './engines.js';

const user = (login: string, role: NewUser['role'] = 'editor'): NewUser => ({
  login,
  email: `${login.toLowerCase()}@example.org`,
  display_name: login,
  role,
  password_hash: 'hash',
  locale: '',
  created_utc: '2026-01-01 10:00:00',
  modified_utc: '2026-01-01 10:00:00',
});

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('settings', () => {
    it('stores JSON values under their keys, keeping the others', async () => {
      const storage = await engine.open();
      expect(await storage.read.settings.all()).toEqual({});
      await storage.write((uow) => uow.settings.putAll({ title: 'Été', per_page: 10, on: true }));
      await storage.write((uow) => uow.settings.putAll({ per_page: 25, list: ['a', { b: null }] }));
      await storage.write((uow) => uow.settings.putAll({}));
      expect(await storage.read.settings.all()).toEqual({
        title: 'Été',
        per_page: 25,
        on: true,
        list: ['a', { b: null }],
      });
    });

    it('moves the content version with a committed write, and keeps nothing of a rolled-back one', async () => {
      const storage = await engine.open();
      const before = await storage.contentVersion();
      expect(typeof before).toBe('string');
      await new Promise((resolve) => setImmediate(resolve));
      expect(await storage.contentVersion()).toBe(before);
      await expect(
        storage.write(async (uow) => {
          await uow.settings.putAll({ title: 'x' });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await storage.read.settings.all()).toEqual({});
      await storage.write((uow) => uow.settings.putAll({ title: 'y' }));
      expect(await storage.contentVersion()).not.toBe(before);
    });
  });

  describe('users', () => {
    it('inserts, reads by id and by login (ASCII letters folded only), lists and counts', async () => {
      const storage = await engine.open();
      const ids = await storage.write(async (uow) => [
        await uow.users.insert(user('Alice', 'administrator')),
        await uow.users.insert(user('bob')),
        await uow.users.insert(user('Élodie')),
      ]);
      expect(ids[1]).toBe(ids[0]! + 1);
      const alice = await storage.read.users.byId(ids[0]!);
      expect(alice).toEqual({ id: ids[0], ...user('Alice', 'administrator') });
      expect((await storage.read.users.byLogin('ALICE'))?.id).toBe(ids[0]);
      expect((await storage.read.users.byLogin('BoB'))?.id).toBe(ids[1]);
      expect((await storage.read.users.byLogin('Élodie'))?.id).toBe(ids[2]);
      expect(await storage.read.users.byLogin('éLODIE')).toBeUndefined();
      expect(await storage.read.users.byLogin('carol')).toBeUndefined();
      expect((await storage.read.users.list(2, 1)).map((u) => u.login)).toEqual(['bob', 'Élodie']);
      expect(await storage.read.users.count()).toBe(3);
      expect(await storage.read.users.countRole('editor')).toBe(2);
      expect(await storage.read.users.countRole('author')).toBe(0);
    });

    it('refuses a second login differing only in ASCII case', async () => {
      const storage = await engine.open();
      await storage.write((uow) => uow.users.insert(user('dana')));
      await expect(storage.write((uow) => uow.users.insert(user('DANA')))).rejects.toThrow();
      expect(await storage.read.users.count()).toBe(1);
    });

    it('updates the given columns and the modification time, and removes', async () => {
      const storage = await engine.open();
      const id = await storage.write((uow) => uow.users.insert(user('erin')));
      await storage.write((uow) =>
        uow.users.update(id, { role: 'author', locale: 'fr', modified_utc: '2026-02-02 02:02:02' }),
      );
      expect(await storage.read.users.byId(id)).toEqual({
        id,
        ...user('erin'),
        role: 'author',
        locale: 'fr',
        modified_utc: '2026-02-02 02:02:02',
      });
      expect(await storage.write((uow) => uow.users.remove(id))).toBe(true);
      expect(await storage.write((uow) => uow.users.remove(id))).toBe(false);
      expect(await storage.read.users.byId(id)).toBeUndefined();
    });

    it('lets a unit of work read its own writes, and the read side only committed ones', async () => {
      const storage = await engine.open();
      const seen = await storage.write(async (uow) => {
        const id = await uow.users.insert(user('frank'));
        return {
          own: (await uow.users.byId(id))?.login,
          // The read side inside the unit (a hook's precondition) reads the unit's transaction.
          inside: (await storage.read.users.byLogin('frank'))?.id === id,
        };
      });
      expect(seen).toEqual({ own: 'frank', inside: true });
      await expect(
        storage.write(async (uow) => {
          await uow.users.insert(user('gina'));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await storage.read.users.byLogin('gina')).toBeUndefined();
    });

    it('runs the request’s write hooks first and last inside the unit, and a refusing hook rolls it back', async () => {
      const storage = await engine.open();
      const order: string[] = [];
      await withWriteHooks(
        { begin: () => void order.push('begin'), end: () => void order.push('end') },
        () =>
          storage.write(async (uow) => {
            order.push('body');
            await uow.settings.putAll({ a: 1 });
          }),
      );
      expect(order).toEqual(['begin', 'body', 'end']);
      await expect(
        withWriteHooks(
          {
            end: () => {
              throw new Error('precondition failed');
            },
          },
          () => storage.write((uow) => uow.settings.putAll({ a: 2 })),
        ),
      ).rejects.toThrow('precondition failed');
      expect(await storage.read.settings.all()).toEqual({ a: 1 });
    });
  });

  describe('application passwords', () => {
    it('lists a user’s oldest first, removes only the owner’s, and stamps their use', async () => {
      const storage = await engine.open();
      const [a, b] = await storage.write(async (uow) => [
        await uow.users.insert(user('hal')),
        await uow.users.insert(user('ivy')),
      ]);
      const row = (uuid: string, userId: number, created: string) => ({
        uuid,
        user_id: userId,
        name: `phone ${uuid}`,
        secret_hash: 'h',
        created_utc: created,
        last_used_utc: null,
      });
      await storage.write(async (uow) => {
        await uow.appPasswords.insert(row('u2', a!, '2026-01-02 00:00:00'));
        await uow.appPasswords.insert(row('u1', a!, '2026-01-02 00:00:00'));
        await uow.appPasswords.insert(row('u0', a!, '2026-01-03 00:00:00'));
        await uow.appPasswords.insert(row('v1', b!, '2026-01-01 00:00:00'));
      });
      expect((await storage.read.appPasswords.ofUser(a!)).map((p) => p.uuid)).toEqual([
        'u1',
        'u2',
        'u0',
      ]);
      expect(await storage.write((uow) => uow.appPasswords.remove('v1', a!))).toBe(false);
      expect(await storage.write((uow) => uow.appPasswords.remove('u0', a!))).toBe(true);
      await storage.write((uow) =>
        uow.appPasswords.touch([
          ['u1', '2026-03-01 00:00:00'],
          ['gone', '2026-03-01 00:00:00'],
        ]),
      );
      expect(await storage.read.appPasswords.ofUser(a!)).toEqual([
        { ...row('u1', a!, '2026-01-02 00:00:00'), last_used_utc: '2026-03-01 00:00:00' },
        row('u2', a!, '2026-01-02 00:00:00'),
      ]);
      await storage.write((uow) => uow.users.remove(a!));
      expect(await storage.read.appPasswords.ofUser(a!)).toEqual([]);
    });
  });

  describe('sessions', () => {
    it('opens sessions dropping expired ones and the user’s oldest beyond the limit', async () => {
      const storage = await engine.open();
      const [a, b] = await storage.write(async (uow) => [
        await uow.users.insert(user('jo')),
        await uow.users.insert(user('kim')),
      ]);
      const session = (id: string, userId: number, created: string, expires: string) => ({
        id,
        user_id: userId,
        secret_hash: `h-${id}`,
        label: `label ${id}`,
        created_utc: created,
        expires_utc: expires,
      });
      const now = '2026-01-10 00:00:00';
      await storage.write((uow) =>
        uow.sessions.open(
          session('old', b!, '2026-01-01 00:00:00', '2026-01-05 00:00:00'),
          '2026-01-04 00:00:00',
          3,
        ),
      );
      expect(await storage.read.sessions.byId('old')).toBeDefined();
      await storage.write((uow) =>
        uow.sessions.open(session('s1', a!, '2026-01-09 00:00:00', '2026-02-01 00:00:00'), now, 3),
      );
      expect(await storage.read.sessions.byId('old')).toBeUndefined();
      // Three opened in the same second: the first of them is the oldest.
      for (const id of ['s2', 's3', 's4']) {
        await storage.write((uow) =>
          uow.sessions.open(session(id, a!, '2026-01-10 00:00:00', '2026-02-01 00:00:00'), now, 3),
        );
      }
      expect(await storage.read.sessions.byId('s1')).toBeUndefined();
      expect(await storage.read.sessions.byId('s2')).toEqual(
        session('s2', a!, '2026-01-10 00:00:00', '2026-02-01 00:00:00'),
      );
      await storage.write((uow) =>
        uow.sessions.open(session('s5', a!, '2026-01-10 00:00:00', '2026-02-01 00:00:00'), now, 3),
      );
      expect(await storage.read.sessions.byId('s2')).toBeUndefined();
      expect(await storage.write((uow) => uow.sessions.removeOthers(a!, 's4'))).toBe(2);
      expect(await storage.read.sessions.byId('s4')).toBeDefined();
      expect(await storage.write((uow) => uow.sessions.remove('s4'))).toBe(true);
      expect(await storage.write((uow) => uow.sessions.remove('s4'))).toBe(false);
      expect(await storage.write((uow) => uow.sessions.removeOthers(a!))).toBe(0);
    });
  });
});
