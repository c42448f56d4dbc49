/** The public calendar (`/events/` and the term, venue and organizer calendars) over HTTP. */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { startTestServer } from '../../helpers/server.js';
import { create, createEvent } from '../../helpers/fixtures.js';

const dom = (html: string) => new JSDOM(html).window.document;

describe('the public calendar', () => {
  it('lists upcoming published events at /events/, paged, with links and JSON-LD', async () => {
    const server = await startTestServer(); // now: 2026-06-15 12:00 UTC
    for (let i = 0; i < 25; i++) {
      const day = String(1 + i).padStart(2, '0');
      await createEvent(server, {
        title: `Concert ${i + 1}`,
        start_date: `2026-07-${day} 20:00`,
        end_date: `2026-07-${day} 22:00`,
      });
    }
    await createEvent(server, { title: 'Draft', status: 'draft' });
    await createEvent(server, { title: 'Hidden', hide_from_listings: true });
    await createEvent(server, {
      title: 'Past',
      start_date: '2026-05-01 10:00',
      end_date: '2026-05-01 11:00',
    });

    const res = await server.call('GET', '/events/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    // One script only, the Print button's, allowed by its hash (test/server/public/calendar-views.test.ts).
    expect(res.text.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(1);
    const doc = dom(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Events');
    const titles = [...doc.querySelectorAll('ul.events li a')].map((a) => a.textContent);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Concert 1');
    expect(res.text).not.toMatch(/Draft|Hidden|Past/);
    expect(doc.querySelector('ul.events li a')?.getAttribute('href')).toBe(
      `${server.url}/event/concert-1/`,
    );
    const next = doc.querySelector('a[rel="next"]')?.getAttribute('href');
    expect(next).toBe('/events/?page=2');
    const second = dom((await server.call('GET', next!)).text);
    expect([...second.querySelectorAll('ul.events li a')].map((a) => a.textContent)).toEqual([
      'Concert 21',
      'Concert 22',
      'Concert 23',
      'Concert 24',
      'Concert 25',
    ]);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld[0]).toMatchObject({
      '@type': 'Event',
      name: 'Concert 1',
      url: `${server.url}/event/concert-1/`,
    });
    // The views are links; the search is a form; nothing but printing needs a script.
    expect(doc.querySelector('nav.views a[aria-current="page"]')?.textContent).toBe('List');
    expect(doc.querySelector('form[role="search"]')?.getAttribute('method')).toBe('get');
  });

  it('shows a month, with events on every day they cover, and moves between months', async () => {
    const server = await startTestServer({ settings: { timezone: 'Europe/Paris' } });
    await createEvent(server, {
      title: 'Festival',
      all_day: true,
      start_date: '2026-06-30',
      end_date: '2026-07-02',
    });
    await createEvent(server, {
      title: 'Gig',
      start_date: '2026-07-14 21:00',
      end_date: '2026-07-14 23:00',
    });
    await createEvent(server, {
      title: 'August',
      start_date: '2026-08-14 21:00',
      end_date: '2026-08-14 23:00',
    });
    const res = await server.call('GET', '/events/?view=month&month=2026-07');
    expect(res.status).toBe(200);
    const doc = dom(res.text);
    expect(doc.querySelector('nav.months h2')?.textContent).toBe('July 2026');
    const day = (date: string) =>
      [
        ...(doc
          .querySelector(`time[datetime="${date}"]`)
          ?.closest('td')
          ?.querySelectorAll('li a') ?? []),
      ].map((a) => a.textContent);
    expect(day('2026-07-01')).toEqual(['Festival']);
    expect(day('2026-07-02')).toEqual(['Festival']);
    expect(day('2026-07-03')).toEqual([]);
    expect(day('2026-07-14')).toEqual(['Gig']);
    expect(res.text).not.toContain('>August<');
    expect(doc.querySelectorAll('table.month th[scope="col"]')).toHaveLength(7);
    expect(doc.querySelector('nav.months a[rel="next"]')?.getAttribute('href')).toBe(
      '/events/?view=month&month=2026-08',
    );
    // This month (June 2026 on the frozen clock) marks today.
    const june = dom((await server.call('GET', '/events/?view=month')).text);
    expect(june.querySelector('td[aria-current="date"] time')?.getAttribute('datetime')).toBe(
      '2026-06-15',
    );
  });

  it('searches, and makes the category, tag, venue and organizer pages calendars', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Blue Hall' });
    const organizer = await create(server, 'organizers', { organizer: 'Night Owls' });
    await createEvent(server, {
      title: 'Jazz evening',
      categories: ['Jazz'],
      tags: ['free'],
      venue: venue.id,
    });
    await createEvent(server, { title: 'Rock evening', organizer: [organizer.id] });
    const titles = async (path: string) =>
      [...dom((await server.call('GET', path)).text).querySelectorAll('ul.events li a')].map(
        (a) => a.textContent,
      );
    expect(await titles('/events/?search=jazz')).toEqual(['Jazz evening']);
    expect(await titles('/events/category/jazz/')).toEqual(['Jazz evening']);
    expect(await titles('/tag/free/')).toEqual(['Jazz evening']);
    expect(await titles('/venue/blue-hall/')).toEqual(['Jazz evening']);
    expect(await titles('/organizer/night-owls/')).toEqual(['Rock evening']);
    const month = dom(
      (await server.call('GET', '/events/category/jazz/?view=month&month=2026-07')).text,
    );
    expect([...month.querySelectorAll('table.month li a')].map((a) => a.textContent)).toEqual([
      'Jazz evening',
    ]);
  });

  it('offers Subscribe: the webcal link and the address for the same filter, and a QR code only with an address a phone can reach', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'Jazz evening', categories: ['Jazz'] });
    const doc = dom((await server.call('GET', '/events/category/jazz/')).text);
    const section = doc.querySelector('section.subscribe')!;
    const host = server.url.replace(/^http:\/\//, '');
    expect(section.querySelector('a.button')?.getAttribute('href')).toBe(
      `webcal://${host}/calendar.ics?categories=jazz`,
    );
    expect(section.querySelector('a.feed-url')?.textContent).toBe(
      `${server.url}/calendar.ics?categories=jazz`,
    );
    // This page was opened on 127.0.0.1 with LAN sharing off: nothing a phone could open.
    expect(section.querySelector('svg')).toBeNull();
    expect(section.querySelector('.subscribe-phones')?.textContent).toMatch(
      /^Phones cannot open this address: it names this computer only\./,
    );
    expect(section.textContent).toContain('Google Calendar cannot subscribe to this calendar');
    expect(section.textContent).not.toContain('into Google Calendar');
    // The address it gives is the feed, for that category.
    const feed = await server.call('GET', `/calendar.ics?categories=jazz`);
    expect(feed.text).toContain('SUMMARY:Jazz evening');
    const whole = dom((await server.call('GET', '/events/')).text);
    expect(whole.querySelector('a.feed-url')?.textContent).toBe(`${server.url}/calendar.ics`);

    // A LAN address phones reach: a QR code, and still no Google.
    await server.services.settings.update({ public_url: 'http://192.168.1.9:7420' });
    const lan = dom((await server.call('GET', '/events/category/jazz/')).text).querySelector(
      'section.subscribe',
    )!;
    const svg = lan.querySelector('svg[role="img"]');
    expect(svg?.getAttribute('aria-label')).toBe('QR code of the calendar’s address');
    expect(svg?.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(lan.querySelector('a.button')?.getAttribute('href')).toBe(
      'webcal://192.168.1.9:7420/calendar.ics?categories=jazz',
    );
    expect(lan.textContent).toContain('Google Calendar cannot subscribe to this calendar');

    // On the internet, Google Calendar can subscribe.
    await server.services.settings.update({ public_url: 'https://cal.example.org' });
    const online = dom((await server.call('GET', '/events/')).text).querySelector(
      'section.subscribe',
    )!;
    expect(online.querySelector('svg[role="img"]')).not.toBeNull();
    expect(online.textContent).toContain('Or copy this address into Google Calendar');
    expect(online.textContent).not.toContain('cannot subscribe');
  });

  it('answers the favicon the pages name, and /favicon.ico too', async () => {
    const server = await startTestServer();
    const doc = dom((await server.call('GET', '/events/')).text);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('has a print stylesheet and a narrow-screen layout, in French too', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    const res = await server.call('GET', '/events/?view=month&month=2026-07');
    expect(res.text).toContain('@media print');
    expect(res.text).toContain('@media (max-width:40rem)');
    const doc = dom(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Évènements');
    expect(doc.querySelector('nav.months h2')?.textContent).toBe('juillet 2026');
  });
});
