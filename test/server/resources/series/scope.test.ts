/**
 * Editing and trashing occurrences with `scope=this|following|all` (docs/contract/extensions.md §E1). The
 * clock reads 2026-06-15 12:00 UTC; series start on Tuesday 5 May or 16 June 2026, 19:00 Paris.
 */
import { describe, expect, it } from 'vitest';
import { NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import {
  ADMIN_NS,
  childrenOf,
  createSeries,
  days,
  listAll,
  read,
  trash,
  update,
} from './support.js';

const FROM_MAY = { start_date: '2026-05-05 19:00:00', end_date: '2026-05-05 21:00:00' };

describe('scope=this', () => {
  it('changes one occurrence, which keeps its change when all titles change later', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, FROM_MAY);
    const children = await childrenOf(server, parent.id);
    const dress = children.find((c) => c.start_date.startsWith('2026-06-23'))!;
    const changed = await update(server, dress.id, { title: 'Dress rehearsal' }, 'this');
    expect(changed.title).toBe('Dress rehearsal');
    expect(changed.series_id).toBe(parent.id);
    expect((await childrenOf(server, parent.id)).filter((c) => c.title !== 'Rehearsal')).toEqual([
      expect.objectContaining({ id: dress.id }),
    ]);

    // Scope this is the default.
    const other = children.find((c) => c.start_date.startsWith('2026-07-07'))!;
    await update(server, other.id, { description: 'Bring the scores' });

    await update(server, parent.id, { title: 'Weekly rehearsal' }, 'all');
    const after = await childrenOf(server, parent.id);
    expect(after).toHaveLength(children.length);
    for (const c of after) {
      expect(c.title).toBe(c.id === dress.id ? 'Dress rehearsal' : 'Weekly rehearsal');
    }
    expect((await read(server, other.id)).description).toContain('Bring the scores');
    expect((await read(server, parent.id)).title).toBe('Weekly rehearsal');
  });

  it('refuses a change of rule for one occurrence, and takes the rule unchanged', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    const [first] = await childrenOf(server, parent.id);
    const res = await server.call('PUT', `${NS}/events/${first!.id}`, {
      auth: server.admin,
      body: { recurrence: 'RRULE:FREQ=DAILY' },
      query: { scope: 'this' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((res.body.data as { params: object }).params)).toEqual(['recurrence']);
    const same = await update(server, first!.id, {
      title: 'Same rule',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
    });
    expect(same.title).toBe('Same rule');
    const bad = await server.call('PUT', `${NS}/events/${first!.id}`, {
      auth: server.admin,
      body: { title: 'x' },
      query: { scope: 'some' },
    });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { params: Record<string, string> }).params.scope).toBe(
      'scope must be one of this, following, all, series.',
    );
  });
});

describe('scope=all', () => {
  it('moves every occurrence by the same wall-clock amount, past ones too, but not one moved alone', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, FROM_MAY);
    const before = await childrenOf(server, parent.id);
    const moved = before.find((c) => c.start_date.startsWith('2026-06-23'))!;
    await update(
      server,
      moved.id,
      { start_date: '2026-06-24 18:00:00', end_date: '2026-06-24 20:00:00' },
      'this',
    );
    const edited = before.find((c) => c.start_date.startsWith('2026-07-07'))!;
    const res = await update(
      server,
      edited.id,
      { start_date: '2026-07-07 20:00:00', end_date: '2026-07-07 22:30:00' },
      'all',
    );
    expect(res.start_date).toBe('2026-07-07 20:00:00');
    const after = await childrenOf(server, parent.id);
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    for (const c of after) {
      if (c.id === moved.id) {
        expect([c.start_date, c.end_date]).toEqual(['2026-06-24 18:00:00', '2026-06-24 20:00:00']);
        expect(c.original_start_date).toBe('2026-06-23 20:00:00');
      } else {
        expect(c.start_date.slice(11)).toBe('20:00:00');
        expect(c.end_date.slice(11)).toBe('22:30:00');
        expect(c.original_start_date).toBe(c.start_date);
      }
    }
    const first = await read(server, parent.id);
    expect([first.start_date, first.utc_start_date]).toEqual([
      '2026-05-05 20:00:00',
      '2026-05-05 18:00:00',
    ]);
  });

  it('moves a weekly series to another day along with its BYDAY', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, { recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4' });
    const moved = await update(
      server,
      parent.id,
      { start_date: '2026-06-18 19:00:00', end_date: '2026-06-18 21:00:00' },
      'all',
    );
    expect(moved.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TH']);
    expect(days(await childrenOf(server, parent.id))).toEqual([
      '2026-06-25',
      '2026-07-02',
      '2026-07-09',
    ]);
    // A rule that names days otherwise needs its new form in the same request.
    const monthly = await createSeries(server, { recurrence: 'RRULE:FREQ=MONTHLY;BYDAY=3TU' });
    const refused = await server.call('PUT', `${NS}/events/${monthly.id}`, {
      auth: server.admin,
      body: { start_date: '2026-06-17 19:00:00', end_date: '2026-06-17 21:00:00' },
      query: { scope: 'all' },
    });
    expect(refused.status).toBe(400);
    expect((refused.body.data as { params: Record<string, string> }).params.recurrence).toMatch(
      /needs its new recurrence/,
    );
    expect((await read(server, monthly.id)).start_date).toBe('2026-06-16 19:00:00');
  });
});

describe('scope=following', () => {
  it('splits the series at an occurrence, and then each half is edited alone', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    const children = await childrenOf(server, parent.id);
    const cut = children.find((c) => c.start_date.startsWith('2026-07-21'))!;
    const head = await update(server, cut.id, { title: 'Summer' }, 'following');
    expect(head.series_id).toBe(cut.id);
    expect(head.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU']);
    expect((await read(server, parent.id)).recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260721T165959Z;BYDAY=TU',
    ]);
    const early = await childrenOf(server, parent.id);
    const late = await childrenOf(server, cut.id);
    expect(days(early)).toEqual(['2026-06-23', '2026-06-30', '2026-07-07', '2026-07-14']);
    expect(late).toHaveLength(children.length - 5);
    expect(late.every((c) => c.series_id === cut.id && c.title === 'Summer')).toBe(true);
    expect(early.every((c) => c.title === 'Rehearsal')).toBe(true);

    await update(server, early[1]!.id, { title: 'Spring' }, 'all');
    await update(server, late[3]!.id, { title: 'Autumn' }, 'all');
    expect(new Set((await childrenOf(server, parent.id)).map((c) => c.title))).toEqual(
      new Set(['Spring']),
    );
    expect((await read(server, parent.id)).title).toBe('Spring');
    expect(new Set((await childrenOf(server, cut.id)).map((c) => c.title))).toEqual(
      new Set(['Autumn']),
    );
    expect((await read(server, cut.id)).title).toBe('Autumn');
  });

  it('shares COUNT between the two halves', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, { recurrence: 'RRULE:FREQ=WEEKLY;COUNT=10' });
    const children = await childrenOf(server, parent.id);
    expect(children).toHaveLength(9);
    const head = await update(server, children[2]!.id, { title: 'Later' }, 'following');
    expect(head.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=7']);
    expect(await childrenOf(server, parent.id)).toHaveLength(2);
    expect(await childrenOf(server, head.id)).toHaveLength(6);
  });
});

describe('changing the rule', () => {
  // Like Google Calendar's "all events", a new rule applies to the whole series, past included
  // (its occurrences are computed from the rule); occurrences stored on their own keep theirs.
  it('applies a new rule to every untouched occurrence and never brings a trashed one back', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, FROM_MAY);
    const before = await childrenOf(server, parent.id);
    const gone = before.find((c) => c.start_date.startsWith('2026-06-30'))!;
    await trash(server, gone.id);
    expect(days(await childrenOf(server, parent.id))).not.toContain('2026-06-30');

    await update(server, parent.id, { recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH' }, 'all');
    const after = await childrenOf(server, parent.id);
    const ids = new Map(before.map((c) => [c.start_date.slice(0, 10), c.id]));
    for (const c of after) {
      const day = c.start_date.slice(0, 10);
      // Tuesdays kept their ids; the Thursdays are new.
      if (ids.has(day)) expect(c.id).toBe(ids.get(day));
      else expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBe(4);
    }
    expect(days(after)).toContain('2026-06-18');
    expect(days(after)).toContain('2026-06-11');
    expect(days(after)).not.toContain('2026-06-30');
    expect((await read(server, parent.id)).recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU,TH']);

    // Every other week: the other Tuesdays and the Thursdays go.
    await update(server, parent.id, { recurrence: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' }, 'all');
    const fortnightly = days(await childrenOf(server, parent.id));
    expect(fortnightly.slice(0, 5)).toEqual([
      '2026-05-19',
      '2026-06-02',
      '2026-06-16',
      '2026-07-14',
      '2026-07-28',
    ]);

    // Deleted for good, it is not made again by a rule that gives its date.
    const del = await server.call('DELETE', `${ADMIN_NS}/trash/${gone.id}`, { auth: server.admin });
    expect(del.status).toBe(200);
    await update(server, parent.id, { recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TU' }, 'all');
    const weekly = days(await childrenOf(server, parent.id));
    expect(weekly).toContain('2026-06-23');
    expect(weekly).not.toContain('2026-06-30');
  });

  // With no rule left, only what was stored on its own stays (to keep the past, end the series
  // with scope=following at its next occurrence).
  it('ends a series: its untouched occurrences go, the changed ones stay', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server, FROM_MAY);
    const children = await childrenOf(server, parent.id);
    const special = children.find((c) => c.start_date.startsWith('2026-07-07'))!;
    await update(server, special.id, { title: 'Concert' }, 'this');
    const ended = await update(server, parent.id, { recurrence: [] }, 'all');
    expect(ended.recurrence).toEqual([]);
    const left = await childrenOf(server, parent.id);
    expect(days(left)).toEqual(['2026-07-07']);
    expect(left.every((c) => c.recurrence.length === 0 && c.series_id === parent.id)).toBe(true);
  });

  it('stops a series from one occurrence on, which is then a single event', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    const children = await childrenOf(server, parent.id);
    const last = await update(server, children[2]!.id, { recurrence: [] }, 'following');
    expect([last.series_id, last.recurrence, last.original_start_date]).toEqual([null, [], null]);
    expect(days(await childrenOf(server, parent.id))).toEqual(['2026-06-23', '2026-06-30']);
    expect((await read(server, parent.id)).recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260707T165959Z;BYDAY=TU',
    ]);
  });
});

describe('trashing with a scope', () => {
  it('trashes one, restores it from the trash, and trashes the following or all', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    const children = await childrenOf(server, parent.id);
    const one = await trash(server, children[0]!.id);
    expect(one.status).toBe('trash');
    const restored = await server.call('POST', `${ADMIN_NS}/trash/${one.id}/restore`, {
      auth: server.admin,
    });
    expect(restored.status).toBe(200);
    const back = await childrenOf(server, parent.id);
    expect(back.map((c) => c.id)).toEqual(children.map((c) => c.id));
    expect(back[0]!.status).toBe('publish');

    await trash(server, children[3]!.id, 'following');
    expect(days(await childrenOf(server, parent.id))).toEqual([
      '2026-06-23',
      '2026-06-30',
      '2026-07-07',
    ]);
    const trashed = await server.call('GET', `${ADMIN_NS}/trash`, {
      auth: server.admin,
      query: { per_page: 100 },
    });
    // The stored events: the first of the trashed part; its computed occurrences are trashed
    // with it (its template), without a row each.
    expect(trashed.headers.get('x-wp-total')).toBe('1');

    await trash(server, parent.id, 'all');
    expect(await listAll(server)).toEqual([]);
    // The series comes back with its first event, its computed occurrences with it; a stored
    // occurrence is restored from the trash on its own.
    await update(server, parent.id, { status: 'publish' }, 'all');
    expect(days(await childrenOf(server, parent.id))).toEqual(['2026-06-30', '2026-07-07']);
  });

  it('stops a trashed series from making occurrences as time passes', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    await trash(server, parent.id, 'all');
    await server.call('GET', `${NS}/events`, { query: { start_date: '2029-01-01' } });
    expect(await listAll(server, { end_date: '2030-12-31' })).toEqual([]);
  });
});

describe('permissions of scoped edits', () => {
  it('refuses an edit of all occurrences when one of them is not the caller’s to edit', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const parent = await createSeries(server, {}, contributor.auth);
    const children = await childrenOf(server, parent.id);
    // An editor publishes one occurrence: a contributor may no longer edit it.
    await update(server, children[1]!.id, { status: 'publish' }, 'this');
    const res = await server.call('PUT', `${NS}/events/${children[0]!.id}`, {
      auth: contributor.auth,
      body: { title: 'Mine' },
      query: { scope: 'all' },
    });
    expect(res.status).toBe(403);
    expect((await childrenOf(server, parent.id)).some((c) => c.title === 'Mine')).toBe(false);
    const anonymous = await server.call('DELETE', `${NS}/events/${children[0]!.id}`, {
      query: { scope: 'all' },
    });
    expect(anonymous.status).toBe(401);
    // Its own occurrence alone it may still change.
    expect(
      (await update(server, children[0]!.id, { title: 'Mine' }, 'this', contributor.auth)).title,
    ).toBe('Mine');
  });
});
