/** An event's `venue` and `organizer` fields, as parsed before any database check. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { organizerLinks, venueLink } from '../../shared/schemas/event-links.js';

const refusal = (schema: z.ZodType, raw: unknown) => {
  const result = schema.safeParse(raw);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('the venue field', () => {
  it('leaves the link for absent or null, clears it for the empty values', () => {
    expect(venueLink.parse(undefined)).toBeUndefined();
    expect(venueLink.parse(null)).toBeUndefined();
    expect(venueLink.parse([null])).toBeUndefined();
    for (const empty of ['', 0, '0', false, [], ['']]) expect(venueLink.parse(empty)).toBeNull();
  });

  it('reads ids as numbers, digits, {id} or a list of one, keeping the id as sent', () => {
    expect(venueLink.parse(12)).toEqual({ id: 12, given: 12 });
    expect(venueLink.parse(' 12 ')).toEqual({ id: 12, given: ' 12 ' });
    expect(venueLink.parse({ id: '12' })).toEqual({ id: 12, given: '12' });
    expect(venueLink.parse([{ id: 12 }])).toEqual({ id: 12, given: 12 });
    expect(venueLink.parse([[12]])).toEqual({ id: 12, given: 12 });
  });

  it('parses inline data with the venue schema, reading stateProvince as stateprovince', () => {
    expect(
      venueLink.parse({ venue: ' Hall ', zip: 75001, show_map: 'no', stateProvince: 'QC' }),
    ).toEqual({ data: { venue: 'Hall', zip: '75001', show_map: false, stateprovince: 'QC' } });
    expect(
      venueLink.parse({ id: '', venue: 'Hall', stateprovince: 'ON', stateProvince: 'QC' }),
    ).toEqual({ data: { venue: 'Hall', stateprovince: 'ON' } });
  });

  it('refuses with the messages of docs/contract/compat-notes.md §7.2, reported as written', () => {
    expect(refusal(venueLink, [1, 2])).toBe('an event has only one venue.');
    expect(refusal(venueLink, 'abc')).toBe('must be a venue ID or venue data.');
    expect(refusal(venueLink, true)).toBe('must be a venue ID or venue data.');
    expect(refusal(venueLink, -1)).toBe('-1 is not a venue ID.');
    expect(refusal(venueLink, 1.5)).toBe('1.5 is not a venue ID.');
    expect(refusal(venueLink, { id: 'abc' })).toBe('"abc" is not a venue ID.');
    expect(refusal(venueLink, {})).toBe('venue data needs venue.');
    expect(refusal(venueLink, { venue: '' })).toBe('venue data: venue must be a non-empty string.');
    expect(refusal(venueLink, { venue: 'X', website: 'http://a.example/b c' })).toBe(
      'venue data: website must be an absolute http(s) URL or empty.',
    );
    expect(venueLink.safeParse('abc').error!.issues[0]).toMatchObject({
      code: 'custom',
      params: { standalone: true },
    });
  });
});

describe('the organizer field', () => {
  it('leaves, clears, or lists entries in order', () => {
    expect(organizerLinks.parse(undefined)).toBeUndefined();
    expect(organizerLinks.parse(null)).toBeUndefined();
    for (const empty of ['', 0, '0', false, [], ['', null], ' , ']) {
      expect(organizerLinks.parse(empty)).toEqual([]);
    }
    expect(organizerLinks.parse('3, 1,')).toEqual([
      { id: 3, given: '3' },
      { id: 1, given: '1' },
    ]);
    expect(organizerLinks.parse([{ organizer: 'Ann' }, { id: 2 }, '4'])).toEqual([
      { data: { organizer: 'Ann' } },
      { id: 2, given: 2 },
      { id: 4, given: '4' },
    ]);
  });

  it('refuses the first bad entry', () => {
    expect(refusal(organizerLinks, [1, 'abc'])).toBe('must be a organizer ID or organizer data.');
    expect(refusal(organizerLinks, [0])).toBe('0 is not an organizer ID.');
    expect(refusal(organizerLinks, [[1]])).toBe('must be a organizer ID or organizer data.');
    expect(refusal(organizerLinks, [{ phone: '1' }])).toBe('organizer data needs organizer.');
    expect(refusal(organizerLinks, [{ organizer: 'A', status: 'trash' }])).toBe(
      'organizer data: status must be one of publish, future, draft, pending, private.',
    );
  });
});
