/** Sample content for the screenshots: a few weeks of events around today. */
import { DateTime } from 'luxon';
import { basic, call } from './api.js';
import { ADMIN } from './server.js';

const EV = '/api/calendar/events/v1';

export interface Seeded {
  eventId: number;
  venueId: number;
  categoryId: number;
  userId: number;
}

export async function seed(baseUrl: string): Promise<Seeded> {
  const auth = basic(ADMIN.login, ADMIN.password);
  const post = async (path: string, body: unknown) => {
    const result = await call(baseUrl, `${EV}/${path}`, auth, { method: 'POST', body });
    if (result.status >= 300)
      throw new Error(`${path}: ${result.status} ${JSON.stringify(result.json)}`);
    return result.json as { id: number };
  };
  const venues = [
    await post('venues', {
      venue: 'Harbour Hall',
      address: '12 Quay Street',
      city: 'Lisbon',
      country: 'Portugal',
      phone: '+351 21 000 000',
    }),
    await post('venues', {
      venue: 'The Old Library',
      address: '3 Rue des Livres',
      city: 'Lyon',
      country: 'France',
    }),
    await post('venues', { venue: 'Riverside Park', city: 'Lisbon', country: 'Portugal' }),
  ];
  const organizers = [
    await post('organizers', {
      organizer: 'Ada Events',
      email: 'hello@ada.example',
      phone: '+351 910 000 000',
    }),
    await post('organizers', {
      organizer: 'City Makers Club',
      email: 'team@makers.example',
      website: 'https://makers.example',
    }),
  ];
  const categories = [
    await post('categories', { name: 'Meetups', description: 'Evening gatherings.' }),
    await post('categories', { name: 'Workshops' }),
    await post('categories', { name: 'Concerts' }),
  ];
  const tags = [
    await post('tags', { name: 'free' }),
    await post('tags', { name: 'family' }),
    await post('tags', { name: 'outdoor' }),
  ];
  // Around today, not the month's first days: the events list shows upcoming events, and on the
  // 28th a month that started on the 1st holds none.
  const start = DateTime.now().startOf('day').minus({ days: 14 });
  const plan: Array<[number, string, number, number, number, number[], number[], string?]> = [
    [2, 'Design systems meetup', 18, 2, 0, [0], [0]],
    [5, 'Bread baking workshop', 10, 3, 1, [1], [1], '25'],
    [9, 'Jazz by the river', 20, 2, 2, [2], [0, 2], '0'],
    [12, 'Open data hack night', 19, 3, 0, [0, 1], [0]],
    [14, 'Kids coding club', 15, 2, 1, [1], [1]],
    [16, 'String quartet', 19, 2, 1, [2], [], '18'],
    [19, 'Product meetup', 18, 2, 0, [0], [0]],
    [21, 'Photography walk', 9, 3, 2, [1], [2]],
    [23, 'Community cleanup', 10, 2, 2, [], [1, 2]],
    [26, 'Synth workshop', 14, 3, 1, [1], [], '40'],
    [27, 'Release party', 20, 3, 0, [2], [0], '10'],
  ];
  let eventId = 0;
  for (const [day, title, hour, hours, venue, cats, tagIdx, cost] of plan) {
    const s = start.plus({ days: day - 1 }).set({ hour });
    const created = await post('events', {
      title,
      description: `${title}: an evening for everyone. Bring a friend.`,
      start_date: s.toFormat('yyyy-MM-dd HH:mm:ss'),
      end_date: s.plus({ hours }).toFormat('yyyy-MM-dd HH:mm:ss'),
      venue: venues[venue]!.id,
      organizer: [organizers[day % 2]!.id],
      categories: cats.map((i) => categories[i]!.id),
      tags: tagIdx.map((i) => tags[i]!.id),
      ...(cost ? { cost } : {}),
      featured: day === 9,
      status: day === 26 ? 'draft' : 'publish',
    });
    if (day === 12) eventId = created.id;
  }
  await post('events', {
    title: 'Summer festival',
    start_date: start.plus({ days: 6 }).toFormat('yyyy-MM-dd'),
    end_date: start.plus({ days: 7 }).toFormat('yyyy-MM-dd'),
    all_day: true,
    venue: venues[2]!.id,
    categories: [categories[2]!.id],
  });
  const old = await post('events', {
    title: 'Cancelled picnic',
    start_date: start.plus({ days: 3 }).toFormat('yyyy-MM-dd 12:00:00'),
    end_date: start.plus({ days: 3 }).toFormat('yyyy-MM-dd 14:00:00'),
  });
  await call(baseUrl, `${EV}/events/${old.id}`, auth, { method: 'DELETE' });
  const user = await call(baseUrl, '/api/calendar/admin/v1/users', auth, {
    method: 'POST',
    body: {
      login: 'maria',
      password: 'maria-password',
      role: 'editor',
      email: 'maria@example.org',
      display_name: 'Maria Silva',
    },
  });
  await call(baseUrl, '/api/calendar/admin/v1/users/1/application-passwords', auth, {
    method: 'POST',
    body: { name: 'Website widget' },
  });
  return {
    eventId,
    venueId: venues[0]!.id,
    categoryId: categories[0]!.id,
    userId: Number(user.json.id),
  };
}
