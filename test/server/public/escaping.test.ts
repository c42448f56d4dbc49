/**
 * Stored content is hostile until proven otherwise: titles are escaped, descriptions sanitised
 * again on output (even when written around the API), URLs limited to http(s), and JSON-LD
 * cannot close its script element.
 */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { PRINT_SCRIPT } from '../../../server/public/print.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create } from './fixtures.js';

const HOSTILE_TITLE = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
const HOSTILE_HTML =
  '<p>Kept <em>text</em></p><script>alert(3)</script><img src="x" onerror="alert(4)">' +
  '<a href="javascript:alert(5)">bad link</a><iframe src="https://evil.example/"></iframe>' +
  '<style>body{display:none}</style><svg onload="alert(6)"></svg><a href="data:text/html,x">d</a>';

/** Everything in the page that could run script, as found by a real HTML parser. */
function dangers(html: string): string[] {
  const doc = new JSDOM(html).window.document;
  const found: string[] = [];
  for (const script of doc.querySelectorAll('script')) {
    // JSON-LD, and the Print button's script (allowed by its hash, server/public/print.ts).
    const own =
      script.getAttribute('type') === 'application/ld+json' ||
      (!script.hasAttribute('type') && script.textContent === PRINT_SCRIPT);
    if (!own) found.push(`script: ${script.outerHTML}`);
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`handler ${name} on <${element.tagName}>`);
      if (
        ['href', 'src', 'action', 'formaction'].includes(name) &&
        /^\s*(javascript|data|vbscript):/i.test(value)
      ) {
        found.push(`url ${name}=${value}`);
      }
    }
  }
  for (const tag of ['iframe', 'object', 'embed', 'body style', 'base']) {
    if (doc.querySelector(tag)) found.push(`element ${tag}`);
  }
  // The calendar's own markup: the QR code (paths only) and the search form (GET, this site).
  for (const svg of doc.querySelectorAll('svg')) {
    const own =
      svg.matches('section.subscribe svg.qr[role="img"]') &&
      [...svg.querySelectorAll('*')].every((child) => child.tagName.toLowerCase() === 'path');
    if (!own) found.push('element svg');
  }
  for (const form of doc.querySelectorAll('form')) {
    const own =
      form.matches('form.search[role="search"][method="get"]') &&
      (form.getAttribute('action') ?? '').startsWith('/');
    if (!own) found.push('element form');
  }
  return found;
}

const ldOf = (html: string) =>
  [...new JSDOM(html).window.document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );

async function hostileSite(server: TestServer) {
  const category = await create(server, '/categories', {
    name: '<svg onload=alert(7)>Cat',
    slug: 'cat',
  });
  const venue = await create(server, '/venues', {
    venue: '<b onmouseover=alert(8)>Hall</b>',
    status: 'publish',
  });
  const organizer = await create(server, '/organizers', {
    organizer: 'Org "x" <i>',
    status: 'publish',
  });
  const event = await create(server, '/events', {
    title: HOSTILE_TITLE,
    slug: 'hostile',
    description: HOSTILE_HTML,
    start_date: '2026-07-01 20:00:00',
    end_date: '2026-07-01 22:00:00',
    status: 'publish',
    categories: [category.id],
    venue: venue.id,
    organizer: [organizer.id],
  });
  // Written around the API, as a restored backup or a hand edit could: the page must still be safe.
  await server.sql('UPDATE events SET description = ? WHERE id = ?', HOSTILE_HTML, event.id);
  await server.sql('UPDATE venues SET description = ? WHERE id = ?', HOSTILE_HTML, venue.id);
  await server.sql(
    'UPDATE organizers SET description = ?, website = ?, email = ? WHERE id = ?',
    HOSTILE_HTML,
    'javascript:alert(9)',
    '"><script>alert(10)</script>',
    organizer.id,
  );
  await server.sql('UPDATE terms SET description = ? WHERE id = ?', HOSTILE_HTML, category.id);
  return { category, venue, organizer, event };
}

describe('hostile content on public pages', () => {
  it('is detected by the checker these tests rely on', () => {
    expect(
      dangers('<img src=x onerror=alert(1)><script>x()</script><a href="javascript:y()">'),
    ).toHaveLength(3);
  });

  it('never reaches the event page as markup, and JSON-LD keeps the exact text', async () => {
    const server = await startTestServer();
    await hostileSite(server);
    const api = await server.call('GET', '/api/calendar/events/v1/events/by-slug/hostile');
    const res = await server.call('GET', '/event/hostile/');
    expect(res.status).toBe(200);
    expect(dangers(res.text)).toEqual([]);
    expect(res.text).not.toMatch(/<script>alert/i);
    const doc = new JSDOM(res.text).window.document;
    expect(doc.querySelector('h1')?.textContent).toBe(api.body.title);
    expect(doc.querySelector('.description em')?.textContent).toBe('text');
    expect(doc.querySelector('.description')?.textContent).toContain('bad link');
    const [ld] = ldOf(res.text);
    expect(ld!.name).toBe(api.body.title);
    expect(doc.title).toContain(String(api.body.title));
  });

  it('escapes venue, organizer and term pages the same way', async () => {
    const server = await startTestServer();
    await hostileSite(server);
    const venues = (await server.call('GET', '/api/calendar/events/v1/venues')).body.venues as {
      slug: string;
    }[];
    const organizers = (await server.call('GET', '/api/calendar/events/v1/organizers')).body
      .organizers as { slug: string }[];
    for (const path of [
      `/venue/${venues[0]!.slug}/`,
      `/organizer/${organizers[0]!.slug}/`,
      '/events/category/cat/',
      '/events/category/cat/?view=month&month=2026-07',
      `/events/?search=${encodeURIComponent(HOSTILE_TITLE)}`,
      `/events/?view=month&search=${encodeURIComponent(HOSTILE_TITLE)}`,
    ]) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(dangers(res.text), path).toEqual([]);
      expect(res.text, path).not.toMatch(/<script>alert/i);
      ldOf(res.text);
    }
    const organizer = await server.call('GET', `/organizer/${organizers[0]!.slug}/`);
    const doc = new JSDOM(organizer.text).window.document;
    expect(doc.querySelector('a[href^="javascript"]')).toBeNull();
    expect(doc.querySelector('a[href^="mailto:"]')?.getAttribute('href')).toBe(
      'mailto:"><script>alert(10)</script>',
    );
  });

  it('escapes a hostile slug echoed nowhere: an unknown slug is a plain 404 page', async () => {
    const server = await startTestServer();
    const res = await server.call(
      'GET',
      `/event/${encodeURIComponent('<script>alert(1)</script>')}/`,
    );
    expect(res.status).toBe(404);
    expect(dangers(res.text)).toEqual([]);
  });
});
