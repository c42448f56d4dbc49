/**
 * The parts of a split series (docs/contract/extensions.md §E1, `series_parts` and
 * `scope=series`): a "this and following" change makes a second part; every event names every
 * part, and `scope=series` changes (or trashes) every part at once, but never their times or rules.
 */
import { describe, expect, it } from 'vitest';
import { NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import { childrenOf, createSeries, read, trash, update } from './support.js';

describe('series_parts and scope=series', () => {
  it('name every part after a split, and change every part at once', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, { recurrence: 'RRULE:FREQ=WEEKLY;COUNT=6' });
    const children = await childrenOf(server, parent.id);
    expect((await read(server, parent.id)).series_parts).toEqual([parent.id]);
    expect((await read(server, children[1]!.id)).series_parts).toEqual([parent.id]);

    const cut = children[2]!;
    await update(server, cut.id, { title: 'Summer' }, 'following');
    const late = await childrenOf(server, cut.id);
    for (const id of [parent.id, children[0]!.id, cut.id, late[0]!.id]) {
      expect((await read(server, id)).series_parts).toEqual([parent.id, cut.id]);
    }
    // A listing carries them too.
    expect(late.map((o) => (o as unknown as { series_parts: number[] }).series_parts)).toEqual(
      late.map(() => [parent.id, cut.id]),
    );

    // "All" reaches one part; "series" reaches both, and leaves each part's times alone.
    const changed = await update(server, late[1]!.id, { title: 'Choir', venue: 0 }, 'series');
    expect(changed.title).toBe('Choir');
    const everyone = [
      await read(server, parent.id),
      ...(await childrenOf(server, parent.id)),
      await read(server, cut.id),
      ...(await childrenOf(server, cut.id)),
    ];
    expect(everyone).toHaveLength(6);
    expect(everyone.map((o) => o.title)).toEqual(everyone.map(() => 'Choir'));
    expect(everyone.map((o) => o.start_date.slice(11))).toEqual(everyone.map(() => '19:00:00'));
    expect((await read(server, parent.id)).recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260707T165959Z',
    ]);
  });

  it('refuses a change of times or rule for every part, and changes nothing', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, { recurrence: 'RRULE:FREQ=WEEKLY;COUNT=6' });
    const children = await childrenOf(server, parent.id);
    await update(server, children[2]!.id, { title: 'Summer' }, 'following');
    for (const body of [
      { title: 'Moved', start_date: '2026-06-16 20:00:00', end_date: '2026-06-16 22:00:00' },
      { title: 'Daily', recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] },
    ]) {
      const res = await server.call('PUT', `${NS}/events/${parent.id}`, {
        auth: server.admin,
        body,
        query: { scope: 'series' },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param' });
      expect(Object.keys((res.body.data as { params: object }).params)).toEqual(['scope']);
    }
    expect((await read(server, parent.id)).title).toBe('Rehearsal');
    expect((await read(server, children[2]!.id)).title).toBe('Summer');
  });

  it('trashes every part with scope=series', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, { recurrence: 'RRULE:FREQ=WEEKLY;COUNT=6' });
    const children = await childrenOf(server, parent.id);
    await update(server, children[2]!.id, { title: 'Summer' }, 'following');
    await trash(server, children[0]!.id, 'series');
    expect(await childrenOf(server, parent.id)).toEqual([]);
    expect(await childrenOf(server, children[2]!.id)).toEqual([]);
    for (const id of [parent.id, children[2]!.id]) {
      const res = await server.call('GET', `${NS}/events/${id}`, { auth: server.admin });
      expect(res.status).toBe(403);
    }
  });
});
