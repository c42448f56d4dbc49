import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { create, ns, seedSite } from './fixtures.js';

const dom = (html: string) => new JSDOM(html).window.document;

function expectDiscovery(server: TestServer, headers: Headers, root: string) {
  expect(headers.get('x-tec-api-version')).toBe('v1');
  expect(headers.get('x-tec-api-root')).toBe(root);
  expect(headers.get('x-tec-api-origin')).toBe(server.url);
  // WordPress's discovery, which WPAPI.discover() and other WordPress clients follow.
  expect(headers.get('link')).toBe(`<${server.url}/wp-json/>; rel="https://api.w.org/"`);
}

function expectHeadTags(server: TestServer, html: string, root: string) {
  const doc = dom(html);
  expect(doc.querySelector('meta[name="tec-api-version"]')?.getAttribute('content')).toBe('v1');
  expect(doc.querySelector('meta[name="tec-api-origin"]')?.getAttribute('content')).toBe(
    server.url,
  );
  expect(doc.querySelector('link[rel="alternate"]')?.getAttribute('href')).toBe(root);
  expect(doc.querySelector('link[rel="https://api.w.org/"]')?.getAttribute('href')).toBe(
    `${server.url}/wp-json/`,
  );
}

const jsonLd = (html: string) =>
  [...dom(html).querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  );

describe('event pages', () => {
  it('show a published event: title, dates in its zone, venue, organizers, terms, description, JSON-LD', async () => {
    const server = await startTestServer();
    const { event } = await seedSite(server);
    expect(event.url).toBe(`${server.url}/event/late-set/`);
    const res = await server.call('GET', '/event/late-set/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const root = `${server.url}/api/calendar/events/v1/events/${event.id}`;
    expectDiscovery(server, res.headers, root);
    expectHeadTags(server, res.text, root);
    const doc = dom(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Late Set');
    const when = doc.querySelector('.when')!.textContent!;
    // Wall time in the event's zone (New York), not the site's (UTC), written the way of a
    // site in UTC in English (en-GB: day before month, 24 h).
    expect(when).toContain('Wednesday, 1 July 2026');
    expect(when).toContain('20:00');
    expect(when).toContain('23:30');
    expect(when).not.toMatch(/AM|PM/);
    expect(when).toContain('EDT');
    expect(doc.querySelector('.description strong')?.textContent).toBe('long');
    expect(res.text).toContain('Blue Hall');
    expect(res.text).toContain('12 River Road');
    expect(res.text).toContain('Night Owls');
    expect(doc.querySelector('a[href="/events/category/jazz-nights/"]')?.textContent).toBe(
      'Jazz nights',
    );
    expect(doc.querySelector('a[href="/tag/outdoor/"]')?.textContent).toBe('Outdoor');
    const [ld] = jsonLd(res.text);
    expect(ld).toMatchObject({ '@type': 'Event', name: 'Late Set', url: event.url });
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });

  it('answer HEAD without a trailing slash with the event root', async () => {
    const server = await startTestServer();
    const { event } = await seedSite(server);
    const res = await server.call('HEAD', '/event/late-set');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/events/${event.id}`);
  });

  it('are 404 pages for drafts, pending, private, scheduled, trashed and unknown slugs', async () => {
    const server = await startTestServer();
    const base = { start_date: '2026-07-05 10:00:00', end_date: '2026-07-05 11:00:00' };
    for (const status of ['draft', 'pending', 'private'] as const) {
      await create(server, '/events', {
        ...base,
        title: `Hidden ${status}`,
        slug: `hidden-${status}`,
        status,
      });
    }
    await create(server, '/events', {
      ...base,
      title: 'Later',
      slug: 'later',
      status: 'publish',
      date: '2027-01-01 00:00:00',
    });
    const gone = await create(server, '/events', { ...base, title: 'Gone', status: 'publish' });
    expect((await server.call('GET', `/event/${gone.slug}/`)).status).toBe(200);
    await server.call('DELETE', ns(`/events/${gone.id}`), { auth: server.admin });
    for (const slug of [
      'hidden-draft',
      'hidden-pending',
      'hidden-private',
      'later',
      'gone',
      'gone__trashed',
      'nope',
    ]) {
      const res = await server.call('GET', `/event/${slug}/`);
      expect(res.status, slug).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(dom(res.text).querySelector('h1')?.textContent).toBe('Not found');
      expect(res.text).not.toContain('Hidden');
      expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/`);
    }
  });
});

describe('venue, organizer and term pages', () => {
  it('show a published venue with its upcoming events', async () => {
    const server = await startTestServer();
    const { venue } = await seedSite(server);
    const res = await server.call('GET', '/venue/blue-hall/');
    expect(venue.url).toBe(`${server.url}/venue/blue-hall/`);
    expect(res.status).toBe(200);
    expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/`);
    const doc = dom(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Blue Hall');
    expect(doc.querySelector('address')?.textContent).toContain('Brooklyn');
    expect(doc.querySelector('ul.events a')?.textContent).toBe('Late Set');
    expect(jsonLd(res.text)[0]).toMatchObject({ '@type': 'Place', name: 'Blue Hall' });
  });

  it('show a published organizer with contact details and events', async () => {
    const server = await startTestServer();
    await seedSite(server);
    const res = await server.call('GET', '/organizer/night-owls/');
    expect(res.status).toBe(200);
    const doc = dom(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Night Owls');
    expect(doc.querySelector('a[href="mailto:owls@example.org"]')).not.toBeNull();
    expect(doc.querySelector('a[href="https://owls.example.org/"]')).not.toBeNull();
    expect(doc.querySelector('ul.events a')?.textContent).toBe('Late Set');
    expect(jsonLd(res.text)[0]).toMatchObject({ '@type': 'Person', name: 'Night Owls' });
  });

  it('404 unpublished venues and organizers', async () => {
    const server = await startTestServer();
    await create(server, '/venues', { venue: 'Secret Room', status: 'draft' });
    await create(server, '/organizers', { organizer: 'Quiet Club', status: 'draft' });
    expect((await server.call('GET', '/venue/secret-room/')).status).toBe(404);
    expect((await server.call('GET', '/organizer/quiet-club/')).status).toBe(404);
  });

  it('list the events of a category and of a tag, with the filtered API root', async () => {
    const server = await startTestServer();
    await seedSite(server);
    const category = await server.call('GET', '/events/category/jazz-nights/');
    expect(category.status).toBe(200);
    const catRoot = `${server.url}/api/calendar/events/v1/events/?categories=jazz-nights`;
    expectDiscovery(server, category.headers, catRoot);
    expectHeadTags(server, category.text, catRoot);
    expect(dom(category.text).querySelector('h1')?.textContent).toBe('Jazz nights');
    expect(dom(category.text).querySelector('ul.events a')?.textContent).toBe('Late Set');
    expect(jsonLd(category.text)[0]).toMatchObject([{ '@type': 'Event', name: 'Late Set' }]);

    const tag = await server.call('HEAD', '/tag/outdoor/');
    expect(tag.status).toBe(200);
    expectDiscovery(
      server,
      tag.headers,
      `${server.url}/api/calendar/events/v1/events/?tags=outdoor`,
    );
    expect((await server.call('GET', '/events/category/nothing/')).status).toBe(404);
    expect((await server.call('GET', '/tag/nothing/')).status).toBe(404);
  });

  it('show an empty term archive as a page with no events', async () => {
    const server = await startTestServer();
    await create(server, '/tags', { name: 'Empty' });
    const res = await server.call('GET', '/tag/empty/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('No upcoming events.');
  });
});

describe('the site root', () => {
  it('answers 200 with the discovery headers on GET and HEAD, and sends browsers to the console', async () => {
    const server = await startTestServer();
    for (const method of ['GET', 'HEAD']) {
      // HEAD without following redirects is how node-wpapi looks for the REST root.
      const res = await fetch(`${server.url}/`, { method, redirect: 'manual' });
      expect(res.status, method).toBe(200);
      expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/`);
    }
    const html = await (await fetch(`${server.url}/`)).text();
    expectHeadTags(server, html, `${server.url}/api/calendar/events/v1/`);
    const refresh = dom(html).querySelector('meta[http-equiv="refresh"]');
    expect(refresh?.getAttribute('content')).toBe('0; url=/console/');
  });

  it('sends them on the console page, and on its address without the slash', async () => {
    const server = await startTestServer();
    const res = await fetch(`${server.url}/console`, { method: 'HEAD' });
    expect(new URL(res.url).pathname).toBe('/console/');
    expect(res.status).toBe(200);
    expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/`);
  });

  it('uses the configured public URL as origin and root', async () => {
    const server = await startTestServer({ settings: { public_url: 'http://127.0.0.1:9999' } });
    const res = await fetch(`${server.url}/`, { method: 'HEAD', redirect: 'manual' });
    expect(res.headers.get('x-tec-api-origin')).toBe('http://127.0.0.1:9999');
    expect(res.headers.get('x-tec-api-root')).toBe('http://127.0.0.1:9999/api/calendar/events/v1/');
    expect(res.headers.get('link')).toBe(
      '<http://127.0.0.1:9999/wp-json/>; rel="https://api.w.org/"',
    );
  });

  it('sends them on the console’s own pages, whose head links the REST root', async () => {
    // The console's page is static: its tag names the root relative to the page's origin.
    const source = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8');
    expect(dom(source).querySelector('link[rel="https://api.w.org/"]')?.getAttribute('href')).toBe(
      '/wp-json/',
    );
    const server = await startTestServer();
    for (const path of ['/console/', '/console/events/12']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expectDiscovery(server, res.headers, `${server.url}/api/calendar/events/v1/`);
    }
  });
});

describe('the site language', () => {
  it('translates the fixed words of the pages', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    await seedSite(server);
    const res = await server.call('GET', '/event/late-set/');
    const doc = dom(res.text);
    expect(doc.documentElement.getAttribute('lang')).toBe('fr');
    expect([...doc.querySelectorAll('h2')].map((h) => h.textContent)).toContain('Lieu');
    expect(doc.querySelector('.when')?.textContent).toContain('mercredi 1 juillet 2026');
    expect(doc.querySelector('.when')?.textContent).toContain('20:00');
  });

  it('writes dates the way of the site’s zone: 12 h for an American site in English, never in French', async () => {
    const american = await startTestServer({ settings: { timezone: 'America/New_York' } });
    await seedSite(american);
    const us = dom((await american.call('GET', '/event/late-set/')).text);
    expect(us.querySelector('.when')?.textContent).toContain('Wednesday, July 1, 2026, 8:00 PM');

    const quebec = await startTestServer({
      settings: { timezone: 'America/Toronto', language: 'fr' },
    });
    await seedSite(quebec);
    const list = dom((await quebec.call('GET', '/events/')).text);
    const text = list.querySelector('main')?.textContent ?? '';
    expect(text).toContain('juill.');
    expect(text).not.toMatch(/AM|PM|a\.m\.|p\.m\./);
  });
});
