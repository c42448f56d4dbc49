/** The functions events call for their `venue` and `organizer` fields, and `image`. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { createLinks } from '../../../../server/http/links.js';
import { venueKeys } from '../../../helpers/fixtures.js';

const links = createLinks('http://127.0.0.1:9', 'api', 'calendar/events/v1');

describe('venue and organizer links of events', () => {
  it('validates, creates, reuses and embeds venues', async () => {
    const server = await startTestServer();
    const { venues, users } = server.services;
    const admin = { id: users.list(1, 10).users[0]!.id, role: 'administrator' as const };
    expect(venues.validateLink(undefined, admin)).toBeUndefined();
    expect(venues.validateLink('', admin)).toBeUndefined();
    expect(venues.validateLink(999, admin)).toMatch(/not a venue/);
    expect(venues.validateLink({ city: 'Paris' }, admin)).toMatch(/venue/);
    expect(venues.validateLink({ venue: 'Hall', website: 'foo' }, admin)).toMatch(/website/);
    expect(venues.validateLink({ venue: 'Hall', show_map: true }, admin)).toBeUndefined();

    const id = server.services.db.transaction(() =>
      venues.ensureForEvent({ venue: 'Hall', city: 'Paris', show_map: false }, admin),
    )();
    expect(typeof id).toBe('number');
    expect(venues.ensureForEvent({ venue: 'hall', city: 'PARIS' }, admin)).toBe(id);
    expect(venues.ensureForEvent({ venue: 'Hall', city: 'Lyon' }, admin)).not.toBe(id);
    expect(venues.ensureForEvent(String(id), admin)).toBe(id);
    expect(venues.ensureForEvent([{ id }], admin)).toBe(id);
    expect(venues.ensureForEvent(0, admin)).toBeNull();
    expect(venues.ensureForEvent(undefined, admin)).toBeUndefined();
    expect(venues.validateLink(id, admin)).toBeUndefined();

    const embedded = venues.embed([id as number], links, { jsonLd: false }).get(id as number)!;
    expect(Object.keys(embedded)).toEqual(
      venueKeys([
        'description',
        'excerpt',
        'image',
        'address',
        'country',
        'province',
        'state',
        'zip',
        'phone',
        'website',
        'stateprovince',
        'geo_lat',
        'geo_lng',
        'json_ld',
      ]),
    );
    expect(embedded.show_map).toBe(false);
    expect(embedded.global_id).toBe(`127.0.0.1?id=${id}`);
  });

  it('validates and creates organizers in order, mixing ids and inline data', async () => {
    const server = await startTestServer();
    const { organizers, users } = server.services;
    const admin = { id: users.list(1, 10).users[0]!.id, role: 'administrator' as const };
    const [a] = organizers.ensureForEvent({ organizer: 'A', email: 'a@x.org' }, admin)!;
    const ids = organizers.ensureForEvent(
      [{ organizer: 'B' }, { id: a }, String(a), { organizer: 'C' }],
      admin,
    )!;
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(a);
    expect(organizers.ensureForEvent('', admin)).toEqual([]);
    expect(organizers.ensureForEvent(`${ids[2]},${ids[0]}`, admin)).toEqual([ids[2], ids[0]]);
    expect(organizers.validateLinks([a, 999], admin)).toMatch(/999/);
    expect(organizers.validateLinks([{ phone: '1' }], admin)).toMatch(/organizer/);
    const embedded = organizers.embed(ids, links, { jsonLd: true });
    expect(embedded.get(a!)).toMatchObject({ organizer: 'A', email: 'a@x.org' });
    expect(embedded.get(a!)!.json_ld).toMatchObject({ '@type': 'Person', name: 'A' });
  });

  it('keeps images by id or URL, offline, for authors and up', async () => {
    const server = await startTestServer();
    const { media, venues } = server.services;
    const contributor = await server.userWith('contributor');
    const author = await server.userWith('author');
    const asContributor = { id: contributor.id, role: 'contributor' as const };
    const asAuthor = { id: author.id, role: 'author' as const };
    const url = 'https://images.example.org/photo.png';
    expect(media.validateImage(url, asContributor, { allowEmpty: false })).toMatch(/not allowed/);
    expect(media.validateImage(url, asAuthor, { allowEmpty: false })).toBeUndefined();
    expect(media.validateImage('', asAuthor, { allowEmpty: false })).toBeDefined();
    expect(media.validateImage('', asAuthor, { allowEmpty: true })).toBeUndefined();
    expect(media.validateImage('foo bar', asAuthor, { allowEmpty: true })).toBeDefined();
    expect(media.validateImage('23', asAuthor, { allowEmpty: true })).toBeDefined();
    expect(
      media.validateImage('http://example.localhost/some-image.png', asAuthor, {
        allowEmpty: true,
      }),
    ).toBeDefined();
    const id = media.ensure(url, author.id)!;
    expect(media.ensure(url, author.id)).toBe(id);
    expect(media.ensure('', author.id)).toBeNull();
    expect(media.validateImage(String(id), asContributor, { allowEmpty: false })).toBeUndefined();
    expect(media.present([id], links).get(id)).toEqual({ url, id, extension: 'png' });
    const venue = venues.ensureForEvent({ venue: 'X' }, asAuthor)!;
    expect(media.validateImage(venue, asAuthor, { allowEmpty: false })).toMatch(/venue/);
  });
});
