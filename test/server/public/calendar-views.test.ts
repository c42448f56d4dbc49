/**
 * The public calendar's week view, category filter with colours, and Print button over HTTP
 * (the browser test test/e2e/public-calendar.test.ts clicks them and runs axe).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create, createEvent } from '../../helpers/fixtures.js';

const dom = (html: string) => new JSDOM(html).window.document;
/** A heading's text with Intl's thin and narrow spaces written as plain ones. */
const heading = (doc: Document) =>
  doc.querySelector('nav.months h2')?.textContent?.replace(/\s/g, ' ');
const page = async (server: TestServer, path: string) => {
  const res = await server.call('GET', path);
  expect(res.status, path).toBe(200);
  return dom(res.text);
};

/** A site with two coloured categories, one without colour, and events in the week of 15 June. */
async function seedWeek(server: TestServer) {
  const jazz = await create(server, 'categories', { name: 'Jazz', color: '#1a7f37' });
  const film = await create(server, 'categories', { name: 'Film', color: '#ffd33d' });
  await create(server, 'categories', { name: 'Talks' });
  await createEvent(server, {
    title: 'Late set',
    categories: [jazz.id],
    start_date: '2026-06-16 20:00',
    end_date: '2026-06-16 23:00',
  });
  await createEvent(server, {
    title: 'Matinee',
    categories: [film.id, jazz.id],
    start_date: '2026-06-20 15:00',
    end_date: '2026-06-20 17:00',
  });
  await createEvent(server, {
    title: 'Lecture',
    categories: ['Talks'],
    start_date: '2026-06-18 18:00',
    end_date: '2026-06-18 19:00',
  });
  await createEvent(server, {
    title: 'Next week',
    start_date: '2026-06-23 18:00',
    end_date: '2026-06-23 19:00',
  });
  return { jazz, film };
}

const dayTitles = (doc: Document, date: string) =>
  [
    ...(doc
      .querySelector(`ol.week time[datetime="${date}"]`)
      ?.closest('li')
      ?.querySelectorAll('ul a') ?? []),
  ].map((a) => a.textContent);

describe('the public calendar’s week view', () => {
  it('shows Monday to Sunday of this week by default, each event on its day, and moves by weeks', async () => {
    const server = await startTestServer(); // now: Monday 2026-06-15 12:00 UTC
    await seedWeek(server);
    const doc = await page(server, '/events/?view=week');
    expect(doc.querySelector('nav.views a[aria-current="page"]')?.textContent).toBe('Week');
    expect(heading(doc)).toBe('15 – 21 June 2026');
    const days = [...doc.querySelectorAll('ol.week > li time')].map((t) =>
      t.getAttribute('datetime'),
    );
    expect(days).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-21',
    ]);
    expect(doc.querySelector('ol.week > li time')?.textContent).toBe('Monday 15 June');
    expect(doc.querySelector('ol.week > li[aria-current="date"] time')?.textContent).toBe(
      'Monday 15 June',
    );
    expect(dayTitles(doc, '2026-06-16')).toEqual(['Late set']);
    expect(dayTitles(doc, '2026-06-18')).toEqual(['Lecture']);
    expect(dayTitles(doc, '2026-06-20')).toEqual(['Matinee']);
    expect(doc.body.textContent).not.toContain('Next week →Next week');
    expect(doc.querySelector('ol.week')?.textContent).not.toContain('Next week');
    const next = doc.querySelector('nav.months a[rel="next"]')?.getAttribute('href');
    expect(next).toBe('/events/?view=week&week=2026-06-22');
    expect(doc.querySelector('nav.months a[rel="prev"]')?.getAttribute('href')).toBe(
      '/events/?view=week&week=2026-06-08',
    );
    const following = await page(server, next!);
    expect(dayTitles(following, '2026-06-23')).toEqual(['Next week']);

    // Any day names its week; a date that is none shows this week.
    const thursday = await page(server, '/events/?view=week&week=2026-06-25');
    expect(heading(thursday)).toBe('22 – 28 June 2026');
    for (const bad of ['2026-13-01', 'soon', '2026-06-31', '0001-01-01']) {
      const odd = await page(server, `/events/?view=week&week=${bad}`);
      expect(heading(odd), bad).toBe('15 – 21 June 2026');
    }
    const empty = await page(server, '/events/?view=week&week=2026-09-01');
    expect(empty.querySelector('.view > p.muted')?.textContent).toBe('No events this week.');
  });

  it('is in the site’s language: French week days and range', async () => {
    const server = await startTestServer({
      settings: { language: 'fr', timezone: 'Europe/Paris' },
    });
    await seedWeek(server);
    const doc = await page(server, '/events/?view=week&week=2026-06-15');
    expect(doc.querySelector('nav.views a[aria-current="page"]')?.textContent).toBe('Semaine');
    expect(heading(doc)).toBe('15–21 juin 2026');
    expect(doc.querySelector('ol.week > li time')?.textContent).toBe('lundi 15 juin');
    expect(doc.querySelector('nav.months a[rel="next"]')?.textContent).toBe('Semaine suivante →');
    expect(doc.querySelector('button[data-print]')?.textContent).toBe('Imprimer');
    expect(doc.querySelector('nav.filter')?.getAttribute('aria-label')).toBe(
      'Filtrer par catégorie',
    );
    expect(doc.querySelector('nav.filter a')?.textContent).toBe('Toutes les catégories');
    expect(
      doc.querySelector('ol.week time[datetime="2026-06-16"]')?.closest('li')?.textContent,
    ).toContain('20:00');
  });
});

describe('the public calendar’s category filter and colours', () => {
  it('links every category with events to its calendar in the same view and period, with its colour', async () => {
    const server = await startTestServer();
    const { jazz } = await seedWeek(server);
    const doc = await page(server, '/events/?view=week&week=2026-06-15&search=a');
    const chips = [...doc.querySelectorAll('nav.filter li a')];
    expect(chips.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['All categories', '/events/?view=week&search=a&week=2026-06-15'],
      ['Film', '/events/category/film/?view=week&search=a&week=2026-06-15'],
      ['Jazz', '/events/category/jazz/?view=week&search=a&week=2026-06-15'],
      ['Talks', '/events/category/talks/?view=week&search=a&week=2026-06-15'],
    ]);
    expect(chips[0]!.getAttribute('aria-current')).toBe('page');
    // The colour is a swatch beside the name, hidden from screen readers, never behind text.
    const swatches = chips.map((a) => a.querySelector('.swatch')?.getAttribute('style') ?? '');
    expect(swatches).toEqual(['', 'background:#ffd33d', 'background:#1a7f37', '']);
    expect(chips[1]!.querySelector('.swatch')?.getAttribute('aria-hidden')).toBe('true');

    // A category's calendar marks its chip and shows only its events.
    const only = await page(server, '/events/category/jazz/?view=week&week=2026-06-15');
    expect(only.querySelector('nav.filter a[aria-current="page"]')?.textContent).toBe('Jazz');
    expect([...only.querySelectorAll('ol.week ul a')].map((a) => a.textContent)).toEqual([
      'Late set',
      'Matinee',
    ]);

    // Each event shows the colour of its first coloured category, in every view.
    const swatchOf = (d: Document, title: string) =>
      [...d.querySelectorAll('.view li')]
        .find((li) => li.querySelector('a')?.textContent === title)
        ?.querySelector('.swatch')
        ?.getAttribute('style');
    const week = await page(server, '/events/?view=week');
    const list = await page(server, '/events/');
    const month = await page(server, '/events/?view=month&month=2026-06');
    for (const d of [week, list, month]) {
      expect(swatchOf(d, 'Late set')).toBe('background:#1a7f37');
      expect(swatchOf(d, 'Matinee')).toBe('background:#ffd33d');
      expect(swatchOf(d, 'Lecture')).toBeUndefined();
    }
    // The event's page shows its categories' colours beside their names.
    const event = await page(server, '/event/matinee/');
    expect(
      [...event.querySelectorAll('.terms a')].map((a) => [
        a.textContent,
        a.querySelector('.swatch')?.getAttribute('style'),
      ]),
    ).toEqual([
      ['Film', 'background:#ffd33d'],
      ['Jazz', 'background:#1a7f37'],
    ]);
    expect(jazz.id).toBeGreaterThan(0);
  });

  it('is not offered where it would leave the page: a venue’s, an organizer’s, a tag’s calendar', async () => {
    const server = await startTestServer();
    const venue = await create(server, 'venues', { venue: 'Blue Hall' });
    await createEvent(server, {
      title: 'Jazz evening',
      categories: ['Jazz'],
      tags: ['free'],
      venue: venue.id,
    });
    for (const path of ['/venue/blue-hall/', '/tag/free/']) {
      const doc = await page(server, path);
      expect(doc.querySelector('nav.filter'), path).toBeNull();
      expect(doc.querySelector('ol.week, ul.events'), path).not.toBeNull();
    }
    expect((await page(server, '/events/')).querySelector('nav.filter')).not.toBeNull();
  });
});

describe('the public calendar’s Print button', () => {
  it('is shown by the page’s one script, which the Content-Security-Policy allows by its hash', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'Gig' });
    for (const view of ['list', 'week', 'month']) {
      const res = await server.call('GET', `/events/?view=${view}`);
      const doc = dom(res.text);
      const button = doc.querySelector('button[data-print]')!;
      expect(button.textContent, view).toBe('Print');
      expect(button.getAttribute('type')).toBe('button');
      // Hidden until the script runs: without scripts it could not print.
      expect(button.hasAttribute('hidden')).toBe(true);
      const scripts = [...doc.querySelectorAll('script:not([type])')];
      expect(scripts).toHaveLength(1);
      const hash = createHash('sha256').update(scripts[0]!.textContent!).digest('base64');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain(`script-src 'sha256-${hash}';`);
      expect(csp).toContain("default-src 'none'");
      expect(scripts[0]!.textContent).toContain('window.print()');
    }
    // The print stylesheet leaves out the controls and keeps the view.
    const text = (await server.call('GET', '/events/')).text;
    const print = text.slice(text.indexOf('@media print'));
    expect(print).toMatch(
      /nav\.views,form\.search,nav\.filter,button\.print,[^{]*\{display:none\}/,
    );
  });
});
