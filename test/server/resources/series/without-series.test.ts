/**
 * A calendar without series skips the series' reads (series/service.ts, runningRemembered): the
 * skip is keyed by the content version, so a series started, changed or ended by another process
 * (or node) on the same database is seen by the next request of this one, in listings and by
 * slug, exactly as on the server that wrote it.
 */
import { describe, expect, it } from 'vitest';
import { createEvent, NS } from '../../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { createSeries, listAll, trash } from './support.js';

const bySlug = (server: TestServer, slug: string) =>
  server.call('GET', `${NS}/events/by-slug/${encodeURIComponent(slug)}`, { auth: server.admin });

type Listed = Awaited<ReturnType<typeof listAll>>;
const computed = (list: Listed) => list.filter((o) => o.series_id !== null && o.id !== o.series_id);
/** What a listing gives, but for the links (each names the server asked). */
const shown = async (server: TestServer) =>
  (await listAll(server)).map(({ id, slug, start_date, series_id, recurrence }) => ({
    id,
    slug,
    start_date,
    series_id,
    recurrence,
  }));

describe('series on two servers sharing one database', () => {
  it('are seen by the other server from its next request, and their end too', async () => {
    const a = await startTestServer({ file: true });
    const b = await startTestServer({ sharing: a });
    await createEvent(a, { title: 'Single' });
    // Both have answered without a series: each knows there is none.
    for (const server of [a, b]) expect(computed(await listAll(server))).toEqual([]);

    const series = await createSeries(b, {
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=5'],
    });
    const onB = computed(await listAll(b));
    expect(onB).toHaveLength(4);
    expect(await shown(a)).toEqual(await shown(b));
    const occurrence = onB[2]!;
    const found = await bySlug(a, occurrence.slug);
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(occurrence.id);

    // Ended on A: B lists no computed occurrence any more, and the slug names none.
    await trash(a, series.id, 'all');
    expect(computed(await listAll(b))).toEqual([]);
    expect((await bySlug(b, occurrence.slug)).status).toBe(400);
  });
});
