import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { countQueries } from '../../../helpers/queries.js';
import { EVENTS } from './helpers.js';
import { createEvent } from '../../../helpers/fixtures.js';

describe('listing cost', () => {
  it('runs the same number of queries for a page of 2 and a page of 20', async () => {
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
    const small = await countQueries(server, () =>
      server.call('GET', EVENTS, { query: { per_page: 2 } }),
    );
    const large = await countQueries(server, () =>
      server.call('GET', EVENTS, { query: { per_page: 20 } }),
    );
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
    expect(small).toBeLessThan(15);
  });
});
