/**
 * The site's name and logo (settings `site_name`, `site_logo`): written by administrators,
 * checked (a logo is an item of the media library), and shown in the public pages' header; the
 * name also names the calendar feed.
 */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { pngBytes, upload } from '../media/helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

const SETTINGS = '/api/calendar/admin/v1/settings';
const MEDIA = '/api/calendar/admin/v1/media';

const header = async (server: TestServer, path = '/events/') => {
  const res = await server.call('GET', path);
  expect(res.status).toBe(200);
  return new JSDOM(res.text).window.document.querySelector('header.site a.brand')!;
};

async function uploadLogo(server: TestServer): Promise<{ id: number; url: string }> {
  const media = await upload(
    `${server.url}${MEDIA}`,
    server.admin,
    pngBytes(240, 80),
    'image/png',
    'logo.png',
  );
  expect(media.status).toBe(201);
  return media.body as { id: number; url: string };
}

describe('site name and logo', () => {
  it('default to Almanac and no logo; once set, every public page shows them', async () => {
    const server = await startTestServer();
    const read = await server.call('GET', SETTINGS, { auth: server.admin });
    expect(read.body).toMatchObject({ site_name: 'Almanac', site_logo: 0 });
    const before = await header(server);
    expect(before.textContent).toBe('Almanac');
    expect(before.querySelector('img')).toBeNull();

    const logo = await uploadLogo(server);
    const saved = await server.call('PATCH', SETTINGS, {
      auth: server.admin,
      body: { site_name: '  Harbour Arts Centre ', site_logo: logo.id },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ site_name: 'Harbour Arts Centre', site_logo: logo.id });

    await createEvent(server, { title: 'Open day', status: 'publish' });
    for (const path of [
      '/',
      '/events/',
      '/events/?view=month',
      '/event/open-day/',
      '/event/nope/',
    ]) {
      const res = await server.call('GET', path);
      const doc = new JSDOM(res.text).window.document;
      const brand = doc.querySelector('header.site a.brand')!;
      expect(brand.textContent, path).toBe('Harbour Arts Centre');
      const img = brand.querySelector('img')!;
      expect(img.getAttribute('src'), path).toBe(logo.url);
      // The name beside it says it all: the image is decoration to a screen reader.
      expect(img.getAttribute('alt'), path).toBe('');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['240', '80']);
      expect(doc.title, path).toMatch(/ – Harbour Arts Centre$/);
    }

    // Calendar apps that subscribe name the calendar after the site, its text escaped.
    const feed = await server.call('GET', '/calendar.ics');
    expect(feed.text).toContain('X-WR-CALNAME:Harbour Arts Centre\r\n');
    await server.call('PATCH', SETTINGS, {
      auth: server.admin,
      body: { site_name: 'Harbour; Arts, Centre' },
    });
    const renamed = await server.call('GET', '/calendar.ics');
    expect(renamed.text).toContain('X-WR-CALNAME:Harbour\\; Arts\\, Centre\r\n');
    expect(renamed.headers.get('etag')).not.toBe(feed.headers.get('etag'));
    await server.call('PATCH', SETTINGS, {
      auth: server.admin,
      body: { site_name: 'Harbour Arts Centre' },
    });

    // A form body and "0" take the logo away.
    const cleared = await server.call('PATCH', SETTINGS, {
      auth: server.admin,
      form: { site_logo: '0' },
    });
    expect(cleared.body).toMatchObject({ site_name: 'Harbour Arts Centre', site_logo: 0 });
    expect((await header(server)).querySelector('img')).toBeNull();
  });

  it('a logo deleted from the library leaves the name alone in the header', async () => {
    const server = await startTestServer();
    const logo = await uploadLogo(server);
    await server.call('PATCH', SETTINGS, { auth: server.admin, body: { site_logo: logo.id } });
    const removed = await server.call('DELETE', `${MEDIA}/${logo.id}`, {
      auth: server.admin,
      query: { force: 'true' },
    });
    expect(removed.status, removed.text).toBe(200);
    const brand = await header(server);
    expect(brand.querySelector('img')).toBeNull();
    expect(brand.textContent).toBe('Almanac');
  });

  it('refuses a bad name or logo with a 400 naming each, and changes nothing', async () => {
    const server = await startTestServer();
    const event = await createEvent(server, { title: 'Not an image' });
    const bad: Array<[Record<string, unknown>, string[]]> = [
      [{ site_name: '' }, ['site_name']],
      [{ site_name: '   ' }, ['site_name']],
      [{ site_name: 'x'.repeat(101) }, ['site_name']],
      [{ site_name: 'Two\nlines' }, ['site_name']],
      [{ site_name: 12 }, ['site_name']],
      [{ site_logo: -1 }, ['site_logo']],
      [{ site_logo: 'logo.png' }, ['site_logo']],
      [{ site_logo: 1.5 }, ['site_logo']],
      [{ site_name: '', site_logo: 'x' }, ['site_name', 'site_logo']],
      [{ site_logo: 999_999 }, ['site_logo']],
      [{ site_logo: event.id }, ['site_logo']],
    ];
    for (const [body, params] of bad) {
      const res = await server.call('PATCH', SETTINGS, { auth: server.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      const data = res.body.data as { status: number; params: Record<string, string> };
      expect(data.status).toBe(400);
      expect(Object.keys(data.params).sort(), JSON.stringify(body)).toEqual([...params].sort());
    }
    const read = await server.call('GET', SETTINGS, { auth: server.admin });
    expect(read.body).toMatchObject({ site_name: 'Almanac', site_logo: 0 });
  });

  it('is changed by administrators only', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const res = await server.call('PATCH', SETTINGS, {
      auth: editor.auth,
      body: { site_name: 'Mine now' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
    expect((await header(server)).textContent).toBe('Almanac');
  });
});
