/**
 * The publishing job (server/resources/events/publisher.ts) once started: it stores a due
 * scheduled event as published under the lease `publish`, and gives the lease up when stopped.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock.js';
import { startTestServer } from '../../helpers/server.js';

const NS = '/api/calendar/events/v1';

describe('the publishing job', () => {
  it('stores a due scheduled event as published, and gives its lease up when stopped', async () => {
    const clock = fixedClock('2026-06-15T12:00:00Z');
    const server = await startTestServer({ clock });
    const created = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: {
        title: 'Autumn gala',
        start_date: '2026-10-01 19:00:00',
        end_date: '2026-10-01 23:00:00',
        date: '2026-09-01 08:00:00',
        status: 'publish',
      },
    });
    expect(created.json).toMatchObject({ status: 'future' });
    const { events } = server.services;
    const id = Number((created.json as { id: number }).id);
    const stored = async () =>
      (await server.sql<{ status: string }>('SELECT status FROM events WHERE id = ?', id))[0]
        ?.status;
    const leases = async () =>
      (await server.sql<{ name: string }>('SELECT name FROM job_leases')).map((row) => row.name);

    clock.set('2026-09-01T08:00:01Z');
    events.publisher.start();
    await expect.poll(stored).toBe('publish');
    expect(await leases()).toEqual(['publish']);
    await events.publisher.stop();
    expect(await leases()).toEqual([]);
  });
});
