/**
 * Recurring series in feeds (docs/contract/extensions.md §E2): one VEVENT with the rule, one
 * with RECURRENCE-ID per occurrence changed on its own, EXDATE for occurrences the reader does
 * not get. The clock reads 2026-06-15 12:00 UTC.
 */
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { childrenOf, createSeries, listAll, trash, update } from '../series/support.js';
import { importIcs, propertyOf, vevents } from './ics.js';

async function feed(server: TestServer, path: string, auth?: string): Promise<string> {
  const res = await server.call('GET', path, { auth });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

/** Twenty Tuesdays at 19:00 in Paris from 16 June 2026 (across the end of summer time). */
async function seriesWithChanges(server: TestServer) {
  const parent = await createSeries(server, {
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=20'],
    status: 'publish',
  });
  const children = await childrenOf(server, parent.id);
  const on = (day: string) => children.find((c) => c.start_date.startsWith(day))!;
  await update(server, on('2026-06-30').id, { title: 'Dress rehearsal' }, 'this');
  await trash(server, on('2026-07-14').id, 'this');
  await update(
    server,
    on('2026-07-21').id,
    { start_date: '2026-07-21 20:00:00', end_date: '2026-07-21 22:00:00' },
    'this',
  );
  await update(server, on('2026-08-04').id, { status: 'draft' }, 'this');
  return parent;
}

const parsed = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as { type?: string } | undefined)?.type === 'VEVENT',
  );

describe('a series in a feed', () => {
  it('is its rule once, with the occurrences changed alone and the ones left out', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await seriesWithChanges(server);
    const text = await feed(server, '/calendar.ics');
    const components = vevents(text);
    expect(components).toHaveLength(3);
    const [rule, ...changes] = [
      components.find((c) => c.some((l) => l.startsWith('RRULE:')))!,
      ...components.filter((c) => c.some((l) => l.startsWith('RECURRENCE-ID'))),
    ];
    const get = propertyOf(rule!);
    expect(get('DTSTART;TZID=Europe/Paris')).toBe('20260616T190000');
    expect(get('DTEND;TZID=Europe/Paris')).toBe('20260616T210000');
    expect(get('RRULE')).toMatch(/FREQ=WEEKLY/);
    expect(get('RRULE')).toMatch(/COUNT=20/);
    expect(get('SUMMARY')).toBe('Rehearsal');
    // The trashed occurrence and, for anonymous readers, the draft one.
    expect(get('EXDATE;TZID=Europe/Paris')).toBe('20260714T190000,20260804T190000');
    expect(changes).toHaveLength(2);
    const uid = get('UID');
    const byRecurrence = new Map(
      changes.map((c) => [propertyOf(c)('RECURRENCE-ID;TZID=Europe/Paris'), propertyOf(c)]),
    );
    expect([...byRecurrence.keys()].sort()).toEqual(['20260630T190000', '20260721T190000']);
    for (const change of byRecurrence.values()) expect(change('UID')).toBe(uid);
    expect(byRecurrence.get('20260630T190000')!('SUMMARY')).toBe('Dress rehearsal');
    expect(byRecurrence.get('20260721T190000')!('DTSTART;TZID=Europe/Paris')).toBe(
      '20260721T200000',
    );
  });

  it('reads in an independent parser as the occurrences the API lists', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await seriesWithChanges(server);
    const [master] = parsed(await feed(server, '/calendar.ics'));
    expect(master!.rrule).toBeDefined();
    const excluded = Object.values(master!.exdate ?? {}).map((d) => d.toISOString());
    // node-ical files each change under more than one key: one per RECURRENCE-ID.
    const changed = [
      ...new Map(
        Object.values(master!.recurrences ?? {}).map((c) => [
          (c.recurrenceid as Date | undefined)?.toISOString(),
          c as VEvent,
        ]),
      ).values(),
    ];
    const listed = await listAll(server, {}, null);
    // Every instance of the rule, less the excluded ones, with the changed ones moved: the
    // occurrences anonymous readers get from the API.
    const starts = master!
      .rrule!.all()
      .map((d) => d.toISOString())
      .filter((iso) => !excluded.includes(iso));
    expect(starts).toHaveLength(listed.length);
    expect(changed.map((c) => text(c.summary)).sort()).toEqual(['Dress rehearsal', 'Rehearsal']);
    const moved = changed.find((c) => text(c.summary) === 'Rehearsal')!;
    const apiMoved = listed.find((o) => o.start_date === '2026-07-21 20:00:00')!;
    expect(moved.start.toISOString()).toBe(`${apiMoved.utc_start_date.replace(' ', 'T')}.000Z`);
  });

  it('gives signed-in editors the draft occurrence as a change, not an exclusion', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await seriesWithChanges(server);
    const text = await feed(server, '/calendar.ics?status=any', server.admin);
    const components = vevents(text);
    const rule = propertyOf(components.find((c) => c.some((l) => l.startsWith('RRULE:')))!);
    expect(rule('EXDATE;TZID=Europe/Paris')).toBe('20260714T190000');
    const recurrences = components
      .map((c) => propertyOf(c)('RECURRENCE-ID;TZID=Europe/Paris'))
      .filter((v) => v !== undefined)
      .sort();
    expect(recurrences).toEqual(['20260630T190000', '20260721T190000', '20260804T190000']);
  });

  it('is a plain event once the series has ended, and one occurrence alone in its own file', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const parent = await seriesWithChanges(server);
    const single = await feed(server, `/event/${parent.slug}/ical/`);
    expect(single).not.toMatch(/RRULE|RECURRENCE-ID/);
    await update(server, parent.id, { recurrence: [] }, 'all');
    const text = await feed(server, '/calendar.ics');
    expect(text).not.toMatch(/RRULE|RECURRENCE-ID|EXDATE/);
  });
});

describe('a series imported from a feed', () => {
  it('round-trips: export → import into an empty calendar → export gives the same series', async () => {
    const source = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await seriesWithChanges(source);
    const exported = await feed(source, '/calendar.ics');
    const target = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    const res = await importIcs(target, exported);
    expect(res.json).toMatchObject({ created: 1, updated: 2, errors: [], skipped: [] });
    const again = await feed(target, '/calendar.ics');
    // What the events say; not when or where (another server) they were written.
    const volatile = /^(URL|DTSTAMP|LAST-MODIFIED|CREATED|SEQUENCE)[:;]/;
    const comparable = (text: string) =>
      vevents(text)
        .map((lines) => lines.filter((l) => !volatile.test(l)).sort())
        .sort((a, b) => (a.join() < b.join() ? -1 : 1));
    expect(comparable(again)).toEqual(comparable(exported));
    // Importing it again changes nothing.
    const twice = await importIcs(target, exported);
    expect(twice.json).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });
});

const text = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? '');
