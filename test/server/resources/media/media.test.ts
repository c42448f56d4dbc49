/** The admin media endpoint: uploads, external URLs, listing, reading, deleting, file serving. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { gifBytes, jpegBytes, pngBytes, upload, webpBytes } from './helpers.js';

const MEDIA = '/api/calendar/admin/v1/media';

describe('POST /media (upload)', () => {
  it('stores an image, detects its type and size from its bytes, and serves it', async () => {
    const server = await startTestServer({ file: true });
    const png = pngBytes(640, 480);
    const res = await upload(
      `${server.url}${MEDIA}`,
      server.admin,
      png,
      'image/png',
      'My Photo.png',
    );
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(res.body).toEqual({
      id,
      url: `${server.url}/media/${id}-my-photo.png`,
      file: `${id}-my-photo.png`,
      external: false,
      mime_type: 'image/png',
      extension: 'png',
      width: 640,
      height: 480,
      filesize: png.length,
      author: expect.any(Number),
      date_utc: '2026-06-15 12:00:00',
    });
    const file = await fetch(res.body.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  });

  it.each([
    ['jpeg', jpegBytes(800, 600), 'image/jpeg', 'jpg'],
    ['gif', gifBytes(16, 9), 'image/gif', 'gif'],
    ['webp', webpBytes(1024, 768), 'image/webp', 'webp'],
  ])('reads %s headers', async (_name, bytes, mime, extension) => {
    const server = await startTestServer({ file: true });
    // The declared type does not matter: the bytes decide.
    const res = await upload(
      `${server.url}${MEDIA}`,
      server.admin,
      bytes,
      'application/octet-stream',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mime_type: mime,
      extension,
      file: `${res.body.id}.${extension}`,
    });
    expect(res.body.width).toBeGreaterThan(0);
  });

  it('accepts uploads under /wp-json too', async () => {
    const server = await startTestServer({ file: true });
    const res = await upload(
      `${server.url}/wp-json/calendar/admin/v1/media`,
      server.admin,
      pngBytes(2, 2),
    );
    expect(res.status).toBe(201);
  });

  it('refuses files that are not images, and empty requests', async () => {
    const server = await startTestServer({ file: true });
    const fake = Buffer.from('<svg onload="alert(1)"></svg>');
    const res = await upload(`${server.url}${MEDIA}`, server.admin, fake, 'image/png', 'x.png');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_upload_invalid_type');
    const empty = await server.call('POST', MEDIA, { auth: server.admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('rest_upload_no_data');
    const list = await server.call('GET', MEDIA, { auth: server.admin });
    expect(list.body.total).toBe(0);
  });

  it('needs upload rights: authors and up', async () => {
    const server = await startTestServer({ file: true });
    const contributor = await server.userWith('contributor');
    const author = await server.userWith('author');
    const url = `${server.url}${MEDIA}`;
    expect((await upload(url, undefined, pngBytes(1, 1))).status).toBe(401);
    expect((await upload(url, contributor.auth, pngBytes(1, 1))).status).toBe(403);
    expect((await upload(url, author.auth, pngBytes(1, 1))).status).toBe(201);
  });

  it('registers an external image URL without fetching it, once', async () => {
    const server = await startTestServer();
    const url = 'https://cdn.example.org/pictures/hall.jpeg';
    const first = await server.call('POST', MEDIA, { auth: server.admin, body: { url } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      url,
      file: '',
      external: true,
      mime_type: 'image/jpeg',
      extension: 'jpeg',
      width: null,
    });
    const again = await server.call('POST', MEDIA, { auth: server.admin, body: { url } });
    expect(again.body.id).toBe(first.body.id);
    const bad = await server.call('POST', MEDIA, {
      auth: server.admin,
      body: { url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });
});

describe('GET and DELETE /media', () => {
  it('lists newest first, reads one, deletes it with its file, and unlinks it', async () => {
    const server = await startTestServer({ file: true });
    const url = `${server.url}${MEDIA}`;
    const a = await upload(url, server.admin, pngBytes(1, 1));
    const b = await upload(url, server.admin, pngBytes(2, 2));
    const list = await server.call('GET', MEDIA, { auth: server.admin });
    expect(list.status).toBe(200);
    expect((list.body.media as Array<{ id: number }>).map((m) => m.id)).toEqual([
      b.body.id,
      a.body.id,
    ]);
    expect(list.body).toMatchObject({ total: 2, total_pages: 1 });
    expect(list.headers.get('x-wp-total')).toBe('2');

    const venue = await server.call('POST', '/api/calendar/events/v1/venues', {
      auth: server.admin,
      body: { venue: 'Pictured', image: String(a.body.id) },
    });
    expect((venue.body.image as { id: number }).id).toBe(a.body.id);

    const one = await server.call('GET', `${MEDIA}/${a.body.id}`, { auth: server.admin });
    expect(one.body.id).toBe(a.body.id);
    const gone = await server.call('DELETE', `${MEDIA}/${a.body.id}`, { auth: server.admin });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: a.body.id } });
    expect((await fetch(a.body.url as string)).status).toBe(404);
    expect((await server.call('GET', `${MEDIA}/${a.body.id}`, { auth: server.admin })).status).toBe(
      400,
    );
    const after = await server.call('GET', `/api/calendar/events/v1/venues/${venue.body.id}`);
    expect(after.body.image).toBeUndefined();
  });

  it('keeps the list to contributors and up, and deletion to owners and editors', async () => {
    const server = await startTestServer({ file: true });
    const author = await server.userWith('author');
    const other = await server.userWith('author');
    const subscriber = await server.userWith('subscriber');
    const item = await upload(`${server.url}${MEDIA}`, author.auth, pngBytes(1, 1));
    expect((await server.call('GET', MEDIA)).status).toBe(401);
    expect((await server.call('GET', MEDIA, { auth: subscriber.auth })).status).toBe(403);
    expect((await server.call('DELETE', `${MEDIA}/999`)).status).toBe(400);
    expect(
      (await server.call('DELETE', `${MEDIA}/${item.body.id}`, { auth: other.auth })).status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `${MEDIA}/${item.body.id}`, { auth: author.auth })).status,
    ).toBe(200);
  });
});

describe('images given by URL', () => {
  it('reuses an upload when its own URL is given, from any of its links', async () => {
    const server = await startTestServer({ file: true });
    const item = await upload(
      `${server.url}${MEDIA}`,
      server.admin,
      pngBytes(3, 3),
      'image/png',
      'hall.png',
    );
    const venue = await server.call('POST', '/api/calendar/events/v1/venues', {
      auth: server.admin,
      body: { venue: 'By URL', image: item.body.url },
    });
    expect(venue.status).toBe(201);
    expect(venue.body.image).toEqual({
      url: item.body.url,
      id: item.body.id,
      extension: 'png',
      width: 3,
      height: 3,
      filesize: pngBytes(3, 3).length,
    });
    const viaLocalhost = (item.body.url as string).replace('127.0.0.1', 'localhost');
    const organizer = await server.call('POST', '/api/calendar/events/v1/organizers', {
      auth: server.admin,
      body: { organizer: 'By localhost URL', image: viaLocalhost },
    });
    expect((organizer.body.image as { id: number }).id).toBe(item.body.id);
    const list = await server.call('GET', MEDIA, { auth: server.admin });
    expect(list.body.total).toBe(1);
  });
});
