/**
 * Every listing's `search` is capped in words and length (a 400 naming `search`, never a slow
 * answer); event searches keep only words the full-text index holds, so no input reaches FTS5's
 * query syntax.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS } from '../../../shared/search.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createEvent, NS } from '../../helpers/fixtures.js';
import { EVENTS, ids } from '../resources/events/helpers.js';

const LISTINGS = ['events', 'venues', 'organizers', 'categories', 'tags'];

async function search(server: TestServer, listing: string, value: string) {
  return server.call('GET', `${NS}/${listing}`, { query: { search: value } });
}

function expectSearchRefused(response: { status: number; body: Record<string, unknown> }) {
  expect(response.status).toBe(400);
  expect(response.body.code).toBe('rest_invalid_param');
  expect(response.body.message).toBe('Invalid parameter(s): search');
  return (response.body.data as { params: Record<string, string> }).params.search;
}

describe('search limits', () => {
  it('refuse a search longer than the cap on every listing', async () => {
    const server = await startTestServer();
    for (const listing of LISTINGS) {
      const atCap = await search(server, listing, 'x'.repeat(MAX_SEARCH_LENGTH));
      expect(atCap.status, listing).toBe(200);
      const message = expectSearchRefused(
        await search(server, listing, 'x'.repeat(MAX_SEARCH_LENGTH + 1)),
      );
      expect(message).toBe(`search must be at most ${MAX_SEARCH_LENGTH} characters long.`);
    }
  });

  it('refuse more words than the cap on events, venues and organizers', async () => {
    const server = await startTestServer();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    for (const listing of ['events', 'venues', 'organizers']) {
      expect((await search(server, listing, words(MAX_SEARCH_WORDS))).status, listing).toBe(200);
      const message = expectSearchRefused(
        await search(server, listing, words(MAX_SEARCH_WORDS + 1)),
      );
      expect(message).toBe(`search may hold at most ${MAX_SEARCH_WORDS} words.`);
    }
    // The report's attack: thousands of one-letter words, refused before any query runs.
    expectSearchRefused(await search(server, 'events', Array(3000).fill('a').join(' ')));
    expectSearchRefused(await search(server, 'events', 'a.b.c.d.e.f.g.h.i'));
  });

  it('never pass FTS5 syntax through: control characters, quotes and operators are separators', async () => {
    const server = await startTestServer();
    const jazz = await createEvent(server, { title: 'Jazz brunch' });
    await createEvent(server, { title: 'Folk night' });
    for (const value of [
      'a\u0000b',
      'jazz\u0000',
      '"',
      'jazz"',
      'NEAR(jazz brunch)',
      'jazz AND',
      '*',
      '^jazz',
      'title:jazz',
      '(jazz',
      '\u0001\u0002',
    ]) {
      const response = await search(server, 'events', value);
      expect(response.status, JSON.stringify(value)).toBe(200);
    }
    expect(ids(await search(server, 'events', 'jazz\u0000'))).toEqual([jazz.id]);
    expect(ids(await search(server, 'events', 'title:jazz'))).toEqual([]);
    expect(ids(await search(server, 'events', '(jazz'))).toEqual([jazz.id]);
  });

  it('drop event search words too short to index; the last word may start a word', async () => {
    const server = await startTestServer();
    const conference = await createEvent(server, { title: 'Jazz conference' });
    const a = await createEvent(server, { title: 'A night at the opera' });
    const find = async (value: string) =>
      ids(await server.call('GET', EVENTS, { query: { search: value } })).sort((x, y) => x - y);
    expect(await find('jazz conf')).toEqual([conference.id]);
    expect(await find('conf jazz')).toEqual([]);
    expect(await find('a jazz')).toEqual([conference.id]);
    expect(await find('opera a')).toEqual([a.id]);
    // Only words too short to index: nothing to look for, nothing found.
    expect(await find('a')).toEqual([]);
    expect(await find('a b c')).toEqual([]);
  });

  it('answer a NUL or other control character in search on every listing, page and feed', async () => {
    const server = await startTestServer();
    await createEvent(server, { title: 'Jazz brunch' });
    for (const listing of LISTINGS) {
      for (const value of ['a\u0000b', '\u0000', 'x\u0000%', '_\u0001\\', "'\u0000--"]) {
        const response = await search(server, listing, value);
        expect(response.status, `${listing} ${JSON.stringify(value)}`).toBe(200);
        expect(response.body.total, listing).toBe(0);
      }
    }
    for (const path of ['/events/?search=a%00b', '/calendar.ics?search=a%00b']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});
