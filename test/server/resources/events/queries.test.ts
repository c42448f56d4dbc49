import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { countQueries } from '../../../helpers/queries.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

/** A server with 22 events, each with its own venue, organizers, terms and image. */
async function seeded() {
  const server = await startTestServer();
  for (let i = 0; i < 22; i++) {
    await createEvent(server, {
      venue: { venue: `Venue ${i}` },
      organizer: [{ organizer: `Organizer ${i}` }, { organizer: 'Shared' }],
      categories: `cat${i % 3}`,
      tags: 'tag',
      image: `https://images.example/${i}.png`,
    });
  }
  return server;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('listing cost', () => {
  // Each page on its own server: a total and presentations remembered by the first request
  // would make the second one cheaper.
  it('runs the same number of queries for a page of 2 and a page of 20', async () => {
    const first = await seeded();
    const small = await countQueries(first, () =>
      first.call('GET', EVENTS, { query: { per_page: 2 } }),
    );
    const second = await seeded();
    const large = await countQueries(second, () =>
      second.call('GET', EVENTS, { query: { per_page: 20 } }),
    );
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
    expect(small).toBeLessThan(15);
  });

  it('reads a page again without presenting or counting it again', async () => {
    // Without remembered answers, which would serve the whole page from memory.
    vi.stubEnv('ALMANAC_ANSWER_CACHE', 'off');
    const server = await seeded();
    const read = () => server.call('GET', EVENTS, { query: { per_page: 5 } });
    const cold = await countQueries(server, read);
    const again = await countQueries(server, read);
    // Left: what is due, series coverage, the page, the content version.
    expect(again).toBeLessThan(cold - 4);
    expect((await read()).text).toBe((await read()).text);
  });
});
