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
    const validate = async (raw: unknown, actor: Actor = admin) =>
      refusal(venueLink, raw) ?? (await venues.validateLink(parsed(venueLink, raw), actor));
    // Each in a unit of work of its own, as an event's write is.
    const ensure = (raw: unknown, actor: Actor = admin) =>
      server.services.storage.write((uow) =>
        venues.ensureForEvent(uow, parsed(venueLink, raw), actor),
      );
    expect(await validate(undefined)).toBeUndefined();
    expect(await validate('')).toBeUndefined();
    expect(await validate(999)).toMatch(/not a venue/);
    expect(await validate({ city: 'Paris' })).toMatch(/venue/);
    expect(await validate({ venue: 'Hall', website: 'foo' })).toMatch(/website/);
    expect(await validate({ venue: 'Hall', show_map: true })).toBeUndefined();

    const id = await ensure({ venue: 'Hall', city: 'Paris', show_map: false });
    expect(typeof id).toBe('number');
    expect(await ensure({ venue: 'hall', city: 'PARIS' })).toBe(id);
    expect(await ensure({ venue: 'Hall', city: 'Lyon' })).not.toBe(id);
    expect(await ensure(String(id))).toBe(id);
    expect(await ensure([{ id }])).toBe(id);
    expect(await ensure(0)).toBeNull();
    expect(await ensure(undefined)).toBeUndefined();
    expect(await validate(id)).toBeUndefined();
    // Checked again inside the unit: an id that names no venue is refused there too.
    await expect(ensure(999)).rejects.toMatchObject({
      problems: { venue: expect.stringMatching(/not a venue/) },
    });

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
    const validate = async (raw: unknown) =>
      refusal(organizerLinks, raw) ??
      (await organizers.validateLinks(parsed(organizerLinks, raw), admin));
    const ensure = (raw: unknown) =>
      server.services.storage.write((uow) =>
        organizers.ensureForEvent(uow, parsed(organizerLinks, raw), admin),
      );
    const [a] = (await ensure({ organizer: 'A', email: 'a@x.org' }))!;
    const ids = (await ensure([{ organizer: 'B' }, { id: a }, String(a), { organizer: 'C' }]))!;
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(a);
    expect(await ensure('')).toEqual([]);
    expect(await ensure(`${ids[2]},${ids[0]}`)).toEqual([ids[2], ids[0]]);
    expect(await validate([a, 999])).toMatch(/999/);
    expect(await validate([{ phone: '1' }])).toMatch(/organizer/);
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
    expect(await media.checkImage(url, asContributor, { allowEmpty: false })).toMatch(
      /not allowed/,
    );
    expect(await media.checkImage(url, asAuthor, { allowEmpty: false })).toBeUndefined();
    expect(await media.checkImage('', asAuthor, { allowEmpty: false })).toBeDefined();
    expect(await media.checkImage('', asAuthor, { allowEmpty: true })).toBeUndefined();
    expect(await media.checkImage('foo bar', asAuthor, { allowEmpty: true })).toBeDefined();
    expect(await media.checkImage('23', asAuthor, { allowEmpty: true })).toBeDefined();
    expect(
      await media.checkImage('http://example.localhost/some-image.png', asAuthor, {
        allowEmpty: true,
      }),
    ).toBeDefined();
    const ensure = (value: string) =>
      server.services.storage.write((uow) => media.onPorts.ensure(uow, value, author.id));
    const id = (await ensure(url))!;
    expect(await ensure(url)).toBe(id);
    expect(await ensure('')).toBeNull();
    expect(
      await media.checkImage(String(id), asContributor, { allowEmpty: false }),
    ).toBeUndefined();
    expect(
      (await media.onPorts.present(server.services.storage.read, [id], links)).get(id),
    ).toEqual({ url, id, extension: 'png' });
    const venue = (await server.services.storage.write((uow) =>
      venues.ensureForEvent(uow, parsed(venueLink, { venue: 'X' }), asAuthor),
    ))!;
    expect(await media.checkImage(venue, asAuthor, { allowEmpty: false })).toMatch(/venue/);
  });
});
