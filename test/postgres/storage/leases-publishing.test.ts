/**
 * The storage contract of job leases and scheduled publishing: the same assertions on SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES } from './engines.js';

const scheduled = (id: number, status: string, date: string) => `
  INSERT INTO posts (id, kind) VALUES (${id}, 'event');
  INSERT INTO events (id, status, title, date_utc, modified_utc, timezone, start_local, end_local,
    start_utc, end_utc)
  VALUES (${id}, '${status}', 'Event ${id}', '${date}', '${date}', 'UTC', '2026-05-01 20:00:00',
    '2026-05-01 21:00:00', '2026-05-01 20:00:00', '2026-05-01 21:00:00');`;

describe.each(ENGINES)('storage ports on $name', (engine) => {
  describe('job leases', () => {
    it('lets one owner hold a job until its lease runs out, renew it, and give it up', async () => {
      const storage = await engine.open();
      const claim = (owner: string, now: string, until: string) =>
        storage.write((uow) => uow.leases.claim('publish', owner, now, until));
      expect(await claim('a', '2026-01-01 10:00:00', '2026-01-01 10:01:00')).toBe(true);
      expect(await claim('b', '2026-01-01 10:00:30', '2026-01-01 10:01:30')).toBe(false);
      expect(await claim('a', '2026-01-01 10:00:50', '2026-01-01 10:02:00')).toBe(true);
      expect(await claim('b', '2026-01-01 10:01:30', '2026-01-01 10:02:30')).toBe(false);
      expect(await claim('b', '2026-01-01 10:02:00', '2026-01-01 10:03:00')).toBe(true);
      await storage.write((uow) => uow.leases.release('publish', 'a'));
      expect(await claim('a', '2026-01-01 10:02:10', '2026-01-01 10:03:10')).toBe(false);
      await storage.write((uow) => uow.leases.release('publish', 'b'));
      expect(await claim('a', '2026-01-01 10:02:20', '2026-01-01 10:03:20')).toBe(true);
    });
  });

  describe('scheduled publishing', () => {
    it('finds the earliest scheduled date and publishes what is due, and only that', async () => {
      const storage = await engine.open();
      expect(await storage.read.events.earliestScheduled()).toBeUndefined();
      await engine.exec(
        storage,
        scheduled(1, 'future', '2026-03-02 09:00:00') +
          scheduled(2, 'future', '2026-03-01 09:00:00') +
          scheduled(3, 'draft', '2026-02-01 09:00:00') +
          scheduled(4, 'future', '2026-04-01 09:00:00'),
      );
      expect(await storage.read.events.earliestScheduled()).toBe('2026-03-01 09:00:00');
      expect(await storage.write((uow) => uow.events.publishDue('2026-03-02 09:00:00'))).toBe(2);
      expect(await storage.read.events.earliestScheduled()).toBe('2026-04-01 09:00:00');
      expect(await storage.write((uow) => uow.events.publishDue('2026-03-31 00:00:00'))).toBe(0);
    });
  });
});
