/**
 * A series exported and imported into a calendar that already has data keeps its recurrence:
 * it takes its first event's new id and a new slot of the reserved range, its occurrences are
 * computed again, and those stored on their own come in with the ids the new slot gives them.
 */
import { describe, expect, it } from 'vitest';
import { createEvent, NS } from '../../../helpers/fixtures.js';
import { startTestServer } from '../../../helpers/server.js';
import { isOccurrenceId } from '../../../../shared/recurrence/occurrence-id.js';
import { childrenOf, createSeries, read, trash, update } from '../series/support.js';

const ADMIN = '/api/calendar/admin/v1';

describe('importing series into a calendar with data', () => {
  it('keeps each series, its occurrences changed on their own and its links', async () => {
    const source = await startTestServer();
    const venue = await source.call('POST', `${NS}/venues`, {
      auth: source.admin,
      body: { venue: 'Hall' },
    });
    const series = await createSeries(source, {
      venue: venue.body.id,
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10'],
    });
    const before = await childrenOf(source, series.id);
    await update(source, before[2]!.id, { title: 'Rehearsal (hall closed)' }, 'this');
    await trash(source, before[4]!.id, 'this');
    const exported = await source.call('GET', `${ADMIN}/export`, { auth: source.admin });
    expect(exported.status).toBe(200);

    const target = await startTestServer();
    await createEvent(target, { title: 'Already here' });
    // Another series first, so the imported one cannot keep its slot.
    await createSeries(target, { title: 'Local series' });
    const res = await target.call('POST', `${ADMIN}/import`, {
      auth: target.admin,
      body: exported.text,
    });
    expect(res.status, res.text).toBe(200);
    const report = res.json as { ids: string; skipped: unknown[]; errors: unknown[] };
    expect(report.ids).toBe('remapped');
    expect(report.skipped).toEqual([]);
    expect(report.errors).toEqual([]);

    const listed = await target.call('GET', `${NS}/events`, {
      auth: target.admin,
      query: { search: 'rehearsal', start_date: '2026-01-01', end_date: '2027-12-31' },
    });
    const first = (listed.body.events as Array<{ id: number; title: string }>).find(
      (e) => e.title === 'Rehearsal',
    )!;
    const parent = await read(target, first.id);
    expect(parent.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=TU']);
    expect(parent.series_id).toBe(first.id);
    expect((parent.venue as { venue: string }).venue).toBe('Hall');
    const after = await childrenOf(target, first.id);
    // The ten occurrences less the trashed one, on the same dates, the changed one kept.
    expect(after.map((o) => o.start_date)).toEqual(
      before.filter((_, i) => i !== 4).map((o) => o.start_date),
    );
    expect(after.map((o) => o.title)).toEqual(
      before
        .filter((_, i) => i !== 4)
        .map((o, i) => (i === 2 ? 'Rehearsal (hall closed)' : o.title)),
    );
    for (const occurrence of after.slice(1)) {
      expect(isOccurrenceId(occurrence.id)).toBe(true);
      expect(before.map((o) => o.id)).not.toContain(occurrence.id);
      const again = await read(target, occurrence.id);
      expect(again.start_date).toBe(occurrence.start_date);
      expect(again.title).toBe(occurrence.title);
    }
  });
});
