/**
 * Event status (docs/contract/extensions.md §E7) over HTTP: the fields on create and update, the
 * event object, JSON-LD, the OpenAPI document, feeds, the change feed and per-occurrence status.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { createEvent, EVENT_KEYS, NS } from '../../../helpers/fixtures.js';
import { childrenOf, createSeries, read, update } from '../series/support.js';
import { importIcs, propertyOf, vevents } from '../feeds/ics.js';
import { CHANGES } from '../sync/helpers.js';

async function put(server: TestServer, id: number, body: Record<string, unknown>) {
  return server.call('PUT', `${NS}/events/${id}`, { auth: server.admin, body });
}

async function feedText(server: TestServer, path = '/calendar.ics'): Promise<string> {
  const res = await server.call('GET', path);
  expect(res.status, res.text).toBe(200);
  return res.text;
}

/** The STATUS of each VEVENT of a feed, by SUMMARY (and RECURRENCE-ID when there is one). */
function statuses(text: string): Array<[string, string | undefined]> {
  return vevents(text).map((lines) => {
    const prop = propertyOf(lines);
    const recurrenceId = lines.find((l) => l.startsWith('RECURRENCE-ID'))?.split(':')[1];
    const name = recurrenceId ? `${prop('SUMMARY')} @${recurrenceId}` : prop('SUMMARY')!;
    return [name, prop('STATUS')];
  });
}

describe('event_status and event_status_reason', () => {
  it('are scheduled and empty by default, after the series keys and before json_ld', async () => {
    const server = await startTestServer();
    const created = await createEvent(server);
    expect(created).toMatchObject({ event_status: 'scheduled', event_status_reason: '' });
    expect(Object.keys(created)).toEqual(EVENT_KEYS);
    const single = await read(server, created.id);
    const keys = Object.keys(single);
    expect(keys).toEqual([...EVENT_KEYS, 'json_ld']);
    expect(keys.slice(-6)).toEqual([
      'series_id',
      'original_start_date',
      'event_status',
      'event_status_reason',
      'series_parts',
      'json_ld',
    ]);
    expect((single.json_ld as { eventStatus: string }).eventStatus).toBe(
      'https://schema.org/EventScheduled',
    );
  });

  it('take a status with a reason; a new status without one clears the reason', async () => {
    const server = await startTestServer();
    const created = await createEvent(server, {
      event_status: 'canceled',
      event_status_reason: '  The <b>speaker</b> is ill.  ',
    });
    expect(created).toMatchObject({
      status: 'publish',
      event_status: 'canceled',
      event_status_reason: 'The speaker is ill.',
    });
    expect((await read(server, created.id)).json_ld).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
    });

    // Other edits keep both.
    const retitled = await put(server, created.id, { title: 'Talk' });
    expect(retitled.body).toMatchObject({
      title: 'Talk',
      event_status: 'canceled',
      event_status_reason: 'The speaker is ill.',
    });

    const postponed = await put(server, created.id, { event_status: 'postponed' });
    expect(postponed.body).toMatchObject({ event_status: 'postponed', event_status_reason: '' });
    expect((await read(server, created.id)).json_ld).toMatchObject({
      eventStatus: 'https://schema.org/EventPostponed',
    });

    const scheduled = await put(server, created.id, {
      event_status: 'scheduled',
      event_status_reason: 'Back on',
    });
    expect(scheduled.body).toMatchObject({
      event_status: 'scheduled',
      event_status_reason: 'Back on',
    });
  });

  it('refuses an unknown status and an overlong reason, naming both, and changes nothing', async () => {
    const server = await startTestServer();
    const created = await createEvent(server);
    const res = await put(server, created.id, {
      event_status: 'cancelled',
      event_status_reason: 'x'.repeat(501),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys((res.body.data as { params: object }).params).sort()).toEqual([
      'event_status',
      'event_status_reason',
    ]);
    expect((await read(server, created.id)).event_status).toBe('scheduled');
  });

  it('keeps a canceled event listed for everyone, unlike the trash', async () => {
    const server = await startTestServer();
    const kept = await createEvent(server, { title: 'Kept', event_status: 'canceled' });
    const trashed = await createEvent(server, { title: 'Trashed' });
    await server.call('DELETE', `${NS}/events/${trashed.id}`, { auth: server.admin });
    const res = await server.call('GET', `${NS}/events`, {
      query: { start_date: '2026-07-01', end_date: '2026-07-02' },
    });
    expect(res.status).toBe(200);
    const events = res.body.events as Array<{ id: number; event_status: string }>;
    expect(events.map((e) => [e.id, e.event_status])).toEqual([[kept.id, 'canceled']]);
  });

  it('is in the OpenAPI document: the event schema and the create and update payloads', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', `${NS}/doc`);
    expect(res.status, res.text).toBe(200);
    type Schema = { type?: string; enum?: string[]; properties?: Record<string, Schema> };
    type Operation = { requestBody: { content: Record<string, { schema: Schema }> } };
    const doc = res.json as {
      components: { schemas: Record<string, Schema> };
      paths: Record<string, Record<string, Operation>>;
    };
    const event = doc.components.schemas.Event!.properties!;
    expect(event.event_status).toMatchObject({
      type: 'string',
      enum: ['scheduled', 'canceled', 'postponed'],
    });
    expect(event.event_status_reason).toMatchObject({ type: 'string' });
    const names = Object.keys(event);
    expect(names.indexOf('event_status')).toBe(names.indexOf('original_start_date') + 1);
    for (const [path, method] of [
      ['/events', 'post'],
      ['/events/{id}', 'put'],
    ] as const) {
      const body = doc.paths[path]![method]!.requestBody.content['application/json']!.schema;
      expect(body.properties!.event_status, `${method} ${path}`).toMatchObject({
        enum: ['scheduled', 'canceled', 'postponed'],
      });
      expect(body.properties!.event_status_reason, `${method} ${path}`).toMatchObject({
        type: 'string',
        maxLength: 500,
      });
    }
  });
});

describe('feeds', () => {
  it('say STATUS:CANCELLED for canceled and STATUS:TENTATIVE for postponed', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'On' });
    const off = await createEvent(server, { title: 'Off', event_status: 'canceled' });
    await createEvent(server, { title: 'Later', event_status: 'postponed' });
    expect(statuses(await feedText(server))).toEqual([
      ['On', undefined],
      ['Off', 'CANCELLED'],
      ['Later', 'TENTATIVE'],
    ]);
    expect(statuses(await feedText(server, `/event/${String(off.slug)}/ical/`))).toEqual([
      ['Off', 'CANCELLED'],
    ]);
    // Back to scheduled, the feed says so at once.
    await put(server, off.id, { event_status: 'scheduled' });
    expect(statuses(await feedText(server, `/event/${String(off.slug)}/ical/`))).toEqual([
      ['Off', undefined],
    ]);
  });

  it('give a canceled occurrence its own VEVENT, which a feed import reads back', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const parent = await createSeries(server, {
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3'],
    });
    const [second] = await childrenOf(server, parent.id);
    const text = await (async () => {
      await update(server, second!.id, { event_status: 'canceled' }, 'this');
      return feedText(server);
    })();
    expect(statuses(text)).toEqual([
      ['Rehearsal', undefined],
      ['Rehearsal @20260623T190000', 'CANCELLED'],
    ]);

    const other = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const imported = await importIcs(other, text);
    expect(imported.json).toMatchObject({ created: 1, updated: 1, skipped: [], errors: [] });
    const parentThere = (imported.json as { events: number[] }).events[0]!;
    const there = await childrenOf(other, parentThere);
    expect(there.map((o) => [o.start_date, (o as { event_status?: string }).event_status])).toEqual(
      [
        ['2026-06-23 19:00:00', 'canceled'],
        ['2026-06-30 19:00:00', 'scheduled'],
      ],
    );
  });
});

describe('a series', () => {
  it('cancels one occurrence with scope=this, which later edits of the series leave alone', async () => {
    const server = await startTestServer();
    const parent = await createSeries(server);
    const children = await childrenOf(server, parent.id);
    const off = children[1]!;
    const canceled = await update(
      server,
      off.id,
      { event_status: 'canceled', event_status_reason: 'Holiday' },
      'this',
    );
    expect(canceled).toMatchObject({
      event_status: 'canceled',
      event_status_reason: 'Holiday',
      series_id: parent.id,
    });

    await update(server, parent.id, { title: 'Weekly rehearsal' }, 'all');
    const after = await childrenOf(server, parent.id);
    expect(after).toHaveLength(children.length);
    for (const o of after) {
      expect(o.title).toBe('Weekly rehearsal');
      expect((o as { event_status?: string }).event_status).toBe(
        o.id === off.id ? 'canceled' : 'scheduled',
      );
    }

    // Postponing the whole series reaches every occurrence but the one canceled on its own.
    await update(
      server,
      parent.id,
      { event_status: 'postponed', event_status_reason: 'New season' },
      'all',
    );
    const postponed = await childrenOf(server, parent.id, { per_page: 5 });
    expect(
      postponed.slice(0, 3).map((o) => {
        const { event_status, event_status_reason } = o as unknown as Record<string, string>;
        return [o.id, event_status, event_status_reason];
      }),
    ).toEqual([
      [children[0]!.id, 'postponed', 'New season'],
      [off.id, 'canceled', 'Holiday'],
      [children[2]!.id, 'postponed', 'New season'],
    ]);
    expect((await read(server, parent.id)).event_status).toBe('postponed');
  });
});

describe('the change feed', () => {
  it('carries the status in its items, and a status change as a change', async () => {
    const server = await startTestServer();
    const event = await createEvent(server);
    const first = await server.call('GET', CHANGES, { auth: server.admin });
    expect(first.status, first.text).toBe(200);
    expect(first.body.events).toEqual([
      expect.objectContaining({ id: event.id, event_status: 'scheduled' }),
    ]);
    await put(server, event.id, { event_status: 'postponed', event_status_reason: 'Rain' });
    const next = await server.call('GET', CHANGES, {
      auth: server.admin,
      query: { sync_token: first.body.next_sync_token as string },
    });
    expect(next.body.events).toEqual([
      expect.objectContaining({
        id: event.id,
        event_status: 'postponed',
        event_status_reason: 'Rain',
      }),
    ]);
  });
});
