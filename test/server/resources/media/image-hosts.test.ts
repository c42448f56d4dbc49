/**
 * External image URLs must name a host a reader's browser can reach: loopback hosts only for
 * this server's own files, and never an address no network routes (0.0.0.0 and the like).
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS } from '../../../helpers/fixtures.js';
import { imageHostKind } from '../../../../server/resources/media/image-host.js';

const MEDIA = '/api/calendar/admin/v1/media';

const hostOf = (url: string) => imageHostKind(new URL(url).hostname);

describe('imageHostKind', () => {
  it('finds unroutable addresses in every spelling the URL parser accepts', () => {
    for (const url of [
      'http://0.0.0.0/a.png',
      'http://0/a.png',
      'http://0x0/a.png',
      'http://0.0.0.0./a.png',
      'http://[::]/a.png',
      'http://[0:0:0:0:0:0:0:0]/a.png',
      'http://[::ffff:0.0.0.0]/a.png',
      'http://169.254.169.254/a.png',
      'http://[fe80::1]/a.png',
      'http://224.0.0.1/a.png',
      'http://255.255.255.255/a.png',
      'http://[ff02::1]/a.png',
    ]) {
      expect(hostOf(url), url).toBe('unroutable');
    }
  });

  it('finds loopback hosts, and leaves names and routable addresses alone', () => {
    for (const url of [
      'http://localhost/a.png',
      'http://LOCALHOST./a.png',
      'http://app.localhost/a.png',
      'http://127.0.0.1/a.png',
      'http://127.1/a.png',
      'http://0x7f.1/a.png',
      'http://2130706433/a.png',
      'http://[::1]/a.png',
      'http://[0:0:0:0:0:0:0:1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
    ]) {
      expect(hostOf(url), url).toBe('loopback');
    }
    for (const url of [
      'https://example.org/a.png',
      'http://192.168.1.5/a.png',
      'http://10.0.0.1/a.png',
      'http://8.8.8.8/a.png',
      'http://[2001:db8::1]/a.png',
      'http://0.example/a.png',
      'http://localhost.example/a.png',
    ]) {
      expect(hostOf(url), url).toBe('ok');
    }
  });
});

describe('external image URLs over HTTP', () => {
  it('refuses unroutable and foreign loopback URLs on media and on every image field', async () => {
    const server = await startTestServer();
    for (const url of [
      'http://0.0.0.0/a.png',
      'http://0/a.png',
      'http://[::]/a.png',
      'http://169.254.169.254/latest/a.png',
      'http://[::ffff:127.0.0.1]:8080/a.png',
    ]) {
      const media = await server.call('POST', MEDIA, { auth: server.admin, body: { url } });
      expect(media.status, url).toBe(400);
      expect(media.body.code).toBe('rest_invalid_param');
      for (const [collection, body] of [
        ['events', { title: 'x', start_date: '2026-07-01', end_date: '2026-07-01' }],
        ['venues', { venue: 'Hall' }],
        ['organizers', { organizer: 'Org' }],
      ] as const) {
        const res = await server.call('POST', `${NS}/${collection}`, {
          auth: server.admin,
          body: { ...body, image: url },
        });
        expect(res.status, `${collection} ${url}`).toBe(400);
        expect(res.body.data).toMatchObject({ params: { image: expect.any(String) } });
      }
    }
    const fine = await server.call('POST', MEDIA, {
      auth: server.admin,
      body: { url: 'http://192.168.1.5/poster.png' },
    });
    expect(fine.status).toBe(201);
  });
});
