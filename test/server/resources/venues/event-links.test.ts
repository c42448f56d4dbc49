/**
 * The functions events call for their `venue` and `organizer` fields (after the fields' schemas
 * of shared/schemas/event-links.ts parsed them), and `image`.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestServer } from '../../../helpers/server.js';
import { createLinks } from '../../../../server/http/links.js';
import { venueKeys } from '../../../helpers/fixtures.js';
import { organizerLinks, venueLink } from '../../../../shared/schemas/event-links.js';
import type { Actor } from '../../../../shared/roles.js';

const links = createLinks('http://127.0.0.1:9', 'api', 'calendar/events/v1');

/** A field value as the event routes receive it: parsed, or refused with the schema's message. */
function parsed<T>(schema: z.ZodType<T>, raw: unknown): T {
  return schema.parse(raw);
}
function refusal(schema: z.ZodType, raw: unknown): string | undefined {
  return schema.safeParse(raw).error?.issues[0]?.message;
}

describe('venue and organizer links of events', () => {
  it('validates, creates, reuses and embeds venues', async () => {
    const server = await startTestServer();
    const { venues, users } = server.services;
    const admin = { id: (await users.list(1, 10)).users[0]!.id, role: 'administrator' as const };
    const validate = (raw: unknown, actor: Actor = admin) =>
      refusal(venueLink, raw) ?? venues.validateLink(parsed(venueLink, raw), actor);
    const ensure = (raw: unknown, actor: Actor = admin) =>
      venues.ensureForEvent(parsed(venueLink, raw), actor);
    expect(validate(undefined)).toBeUndefined();
    expect(validate('')).toBeUndefined();
    expect(validate(999)).toMatch(/not a venue/);
    expect(validate({ city: 'Paris' })).toMatch(/venue/);
    expect(validate({ venue: 'Hall', website: 'foo' })).toMatch(/website/);
    expect(validate({ venue: 'Hall', show_map: true })).toBeUndefined();

    const id = server.services.db.transaction(() =>
      ensure({ venue: 'Hall', city: 'Paris', show_map: false }),
    )();
    expect(typeof id).toBe('number');
    expect(ensure({ venue: 'hall', city: 'PARIS' })).toBe(id);
    expect(ensure({ venue: 'Hall', city: 'Lyon' })).not.toBe(id);
    expect(ensure(String(id))).toBe(id);
    expect(ensure([{ id }])).toBe(id);
    expect(ensure(0)).toBeNull();
    expect(ensure(undefined)).toBeUndefined();
    expect(validate(id)).toBeUndefined();

    const embedded = (await venues.embed([id as number], links, { jsonLd: false })).get(
      id as number,
    )!;
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
    const admin = { id: (await users.list(1, 10)).users[0]!.id, role: 'administrator' as const };
    const validate = (raw: unknown) =>
      refusal(organizerLinks, raw) ?? organizers.validateLinks(parsed(organizerLinks, raw), admin);
    const ensure = (raw: unknown) => organizers.ensureForEvent(parsed(organizerLinks, raw), admin);
    const [a] = ensure({ organizer: 'A', email: 'a@x.org' })!;
    const ids = ensure([{ organizer: 'B' }, { id: a }, String(a), { organizer: 'C' }])!;
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(a);
    expect(ensure('')).toEqual([]);
    expect(ensure(`${ids[2]},${ids[0]}`)).toEqual([ids[2], ids[0]]);
    expect(validate([a, 999])).toMatch(/999/);
    expect(validate([{ phone: '1' }])).toMatch(/organizer/);
    const embedded = await organizers.embed(ids, links, { jsonLd: true });
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
    const venue = venues.ensureForEvent(parsed(venueLink, { venue: 'X' }), asAuthor)!;
    expect(media.validateImage(venue, asAuthor, { allowEmpty: false })).toMatch(/venue/);
  });
});
