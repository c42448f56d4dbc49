/** Published and unpublished content for the public page tests, created through the API. */
import type { TestServer } from '../../helpers/server.js';
import { create as createObject, type Collection, type Created } from '../../helpers/fixtures.js';

export const ns = (route: string) => `/api/calendar/events/v1${route}`;

/** `create` of test/helpers/fixtures.ts, named by route, with the fields the page tests read. */
export const create = async (
  server: TestServer,
  route: `/${Collection}`,
  body: Record<string, unknown>,
) =>
  (await createObject(server, route.slice(1) as Collection, body)) as Created & {
    slug: string;
    url: string;
  };

export async function seedSite(server: TestServer) {
  const category = await create(server, '/categories', { name: 'Jazz nights' });
  const tag = await create(server, '/tags', { name: 'Outdoor' });
  const venue = await create(server, '/venues', {
    venue: 'Blue Hall',
    address: '12 River Road',
    city: 'Brooklyn',
    zip: '11201',
    country: 'United States',
    status: 'publish',
  });
  const organizer = await create(server, '/organizers', {
    organizer: 'Night Owls',
    email: 'owls@example.org',
    phone: '+1 555 0100',
    website: 'https://owls.example.org/',
    status: 'publish',
  });
  const event = await create(server, '/events', {
    title: 'Late Set',
    description: 'A <strong>long</strong> evening of jazz.',
    start_date: '2026-07-01 20:00:00',
    end_date: '2026-07-01 23:30:00',
    timezone: 'America/New_York',
    cost: '15',
    status: 'publish',
    categories: [category.id],
    tags: [tag.id],
    venue: venue.id,
    organizer: [organizer.id],
  });
  return { category, tag, venue, organizer, event };
}
