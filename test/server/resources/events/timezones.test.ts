import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

describe('event time zones', () => {
  it('reads start and end as wall times in the event zone, not the site zone', async () => {
    const server = await startTestServer({ settings: { timezone: 'Australia/Darwin' } });
    const cases = [
      ['America/New_York', '2026-07-01 14:00:00', 'EDT'],
      ['UTC', '2026-07-01 10:00:00', 'UTC'],
      ['Asia/Hong_Kong', '2026-07-01 02:00:00', 'HKT'],
      ['Europe/Rome', '2026-07-01 08:00:00', 'CEST'],
    ] as const;
    for (const [timezone, utc, abbr] of cases) {
      const event = await createEvent(server, { timezone });
      expect(event, timezone).toMatchObject({
        timezone,
        timezone_abbr: abbr,
        start_date: '2026-07-01 10:00:00',
        utc_start_date: utc,
      });
    }
    const site = await createEvent(server);
    expect(site).toMatchObject({ timezone: 'Australia/Darwin', timezone_abbr: 'ACST' });
    expect(site.utc_start_date).toBe('2026-07-01 00:30:00');
    expect((await createEvent(server, { timezone: '' })).timezone).toBe('Australia/Darwin');
  });

  it('follows daylight saving time on both sides of the change', async () => {
    const server = await startTestServer();
    const zone = { timezone: 'America/New_York' };
    const before = await createEvent(server, {
      ...zone,
      start_date: '2026-03-07 10:00:00',
      end_date: '2026-03-07 11:00:00',
    });
    const after = await createEvent(server, {
      ...zone,
      start_date: '2026-03-09 10:00:00',
      end_date: '2026-03-09 11:00:00',
    });
    expect(before).toMatchObject({ timezone_abbr: 'EST', utc_start_date: '2026-03-07 15:00:00' });
    expect(after).toMatchObject({ timezone_abbr: 'EDT', utc_start_date: '2026-03-09 14:00:00' });
    // An event across the autumn change: start in summer time, end in winter time.
    const across = await createEvent(server, {
      ...zone,
      start_date: '2026-10-31 22:00:00',
      end_date: '2026-11-01 22:00:00',
    });
    expect(across).toMatchObject({
      timezone_abbr: 'EDT',
      utc_start_date: '2026-11-01 02:00:00',
      utc_end_date: '2026-11-02 03:00:00',
    });
  });

  it('accepts UTC offsets as zones', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { timezone: 'UTC+2' });
    expect(event).toMatchObject({ timezone: 'UTC+2', utc_start_date: '2026-07-01 08:00:00' });
  });

  it('rejects an unknown zone', async () => {
    const server = await startTestServer();
    const response = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: {
        title: 'x',
        start_date: '2026-07-01',
        end_date: '2026-07-01',
        timezone: 'Nowhere/Town',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toMatchObject({ params: { timezone: expect.any(String) } });
  });

  it('reads natural language relative to now in the site zone', async () => {
    for (const [timezone, startUtc] of [
      ['America/New_York', '2026-06-16 13:00:00'],
      ['America/Juneau', '2026-06-16 17:00:00'],
      ['Australia/Sydney', '2026-06-15 23:00:00'],
      ['Atlantic/Reykjavik', '2026-06-16 09:00:00'],
    ] as const) {
      const server = await startTestServer({ settings: { timezone } });
      const event = await createEvent(server, {
        start_date: 'tomorrow 9am',
        end_date: 'next wednesday 4pm',
      });
      expect(event.start_date, timezone).toBe('2026-06-16 09:00:00');
      expect(event.end_date, timezone).toBe('2026-06-17 16:00:00');
      expect(event.utc_start_date, timezone).toBe(startUtc);
    }
  });

  it('re-reads the stored wall times when an update changes the zone', async () => {
    const server = await startTestServer({ settings: { timezone: 'Australia/Darwin' } });
    const event = await createEvent(server, { timezone: 'Australia/Sydney' });
    expect(event.utc_start_date).toBe('2026-07-01 00:00:00');
    const moved = await server.call('POST', `${EVENTS}/${event.id}`, {
      auth: server.admin,
      body: { timezone: 'Europe/Paris' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      timezone: 'Europe/Paris',
      timezone_abbr: 'CEST',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 12:00:00',
      utc_start_date: '2026-07-01 08:00:00',
      utc_end_date: '2026-07-01 10:00:00',
    });
  });

  it('snaps all-day events to whole days, single and multi-day', async () => {
    const server = await startTestServer({ settings: { timezone: 'America/New_York' } });
    const single = await createEvent(server, {
      all_day: true,
      start_date: '2026-07-01 00:00:00',
      end_date: '2026-07-01 23:59:59',
    });
    expect(single).toMatchObject({
      all_day: true,
      start_date: '2026-07-01 00:00:00',
      end_date: '2026-07-01 23:59:59',
      utc_start_date: '2026-07-01 04:00:00',
      utc_end_date: '2026-07-02 03:59:59',
    });
    const multi = await createEvent(server, {
      all_day: 'true',
      start_date: 'tomorrow 9am',
      end_date: '+5 days 11am',
    });
    expect(multi).toMatchObject({
      all_day: true,
      start_date: '2026-06-16 00:00:00',
      end_date: '2026-06-20 23:59:59',
    });
    const updated = await server.call('PATCH', `${EVENTS}/${multi.id}`, {
      auth: server.admin,
      body: { start_date: '2026-09-02 15:00:00', end_date: '2026-09-03 08:00:00' },
    });
    expect(updated.body).toMatchObject({
      start_date: '2026-09-02 00:00:00',
      end_date: '2026-09-03 23:59:59',
    });
  });
});
