/** The mark of canceled and postponed events on the public pages (docs/contract/extensions.md §E7). */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createEvent } from '../../helpers/fixtures.js';

async function page(server: TestServer, path: string): Promise<string> {
  const res = await server.call('GET', path);
  expect(res.status, path).toBe(200);
  return res.text;
}

describe('a canceled or postponed event on the public pages', () => {
  it('shows the mark in words with the reason, and stays in the list and the month', async () => {
    const server = await startTestServer();
    const off = await createEvent(server, {
      title: 'Garden party',
      event_status: 'canceled',
      event_status_reason: 'Storm & rain tonight',
    });
    await createEvent(server, {
      title: 'Choir',
      start_date: '2026-07-02 18:00:00',
      end_date: '2026-07-02 19:00:00',
      event_status: 'postponed',
    });
    await createEvent(server, { title: 'Picnic', start_date: '2026-07-03 12:00:00' });

    const single = await page(server, `/event/${String(off.slug)}/`);
    expect(single).toContain('<h1 class="is-canceled">Garden party</h1>');
    expect(single).toContain(
      '<p class="event-status"><span class="mark mark--canceled">Canceled</span> Storm &amp; rain tonight</p>',
    );
    expect(single).toContain('"eventStatus":"https://schema.org/EventCancelled"');

    const list = await page(server, '/events/');
    expect(list).toMatch(
      /<li class="is-canceled"><span class="date">.*?<\/span><span class="mark mark--canceled">Canceled<\/span> <a [^>]*>Garden party<\/a>/,
    );
    expect(list).toMatch(/<li class="is-postponed">.*>Postponed<\/span> <a [^>]*>Choir<\/a>/);
    expect(list).toMatch(/<li><span class="date">.*?<\/span><a [^>]*>Picnic<\/a>/);
    expect(list).toContain('"eventStatus":"https://schema.org/EventPostponed"');

    const month = await page(server, '/events/?view=month&month=2026-07');
    expect(month).toMatch(/<li class="is-canceled">.*Canceled<\/span> <a [^>]*>Garden party<\/a>/);
    expect(month).toMatch(/<li class="is-postponed">.*Postponed<\/span> <a [^>]*>Choir<\/a>/);
  });

  it('speaks the site language', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    const off = await createEvent(server, { event_status: 'canceled' });
    await createEvent(server, { event_status: 'postponed' });
    expect(await page(server, `/event/${String(off.slug)}/`)).toContain(
      '<span class="mark mark--canceled">Annulé</span>',
    );
    expect(await page(server, '/events/')).toContain(
      '<span class="mark mark--postponed">Reporté</span>',
    );
  });

  it('shows nothing for a scheduled event', async () => {
    const server = await startTestServer();
    const on = await createEvent(server);
    const single = await page(server, `/event/${String(on.slug)}/`);
    expect(single).not.toContain('<span class="mark');
    expect(single).not.toContain('<p class="event-status"');
    expect(single).toContain('<h1>An event</h1>');
  });
});
