/**
 * The fixed set of requests whose answers test/snapshots/api-baseline.json records: data made
 * through the API by every role, then reads of every public route (listings with filters, paging
 * and search, single reads by id and slug, embeds, the aliases, the indexes and the OpenAPI
 * document in English and French, public pages), the errors 400/401/403/404/410/413, and admin
 * reads. Each request has a unique name, so a comparison says which answer changed.
 *
 * Add requests at the end of a section and re-record the baseline
 * (`npx tsx scripts/api-snapshot.ts --out test/snapshots/api-baseline.json`); never change the
 * requests and the code under test in the same commit, or the comparison proves nothing.
 */
import type { Caller } from './api-recorder.js';

export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD = 'admin-password-1';

const NS = '/api/calendar/events/v1';
const ADMIN_NS = '/api/calendar/admin/v1';
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const ADMIN = basic(ADMIN_LOGIN, ADMIN_PASSWORD);

/** A PNG header is all the server reads of an upload. */
function png(width: number, height: number): Buffer {
  const data = Buffer.alloc(45);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data, 0);
  data.writeUInt32BE(13, 8);
  data.write('IHDR', 12, 'latin1');
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return data;
}

const id = (body: Record<string, unknown>) => {
  if (typeof body.id !== 'number') throw new Error(`No id in ${JSON.stringify(body)}`);
  return body.id;
};

export async function scenario(call: Caller): Promise<void> {
  const roles = ['editor', 'author', 'contributor', 'subscriber'] as const;
  const auth: Record<(typeof roles)[number], string> = {
    editor: '',
    author: '',
    contributor: '',
    subscriber: '',
  };
  for (const role of roles) {
    await call(`users: create ${role}`, 'POST', `${ADMIN_NS}/users`, {
      auth: ADMIN,
      body: {
        login: `${role}1`,
        password: `${role}-password-1`,
        role,
        email: `${role}@example.org`,
      },
    });
    auth[role] = basic(`${role}1`, `${role}-password-1`);
  }

  // Media.
  const image = await call('media: upload png', 'POST', `${ADMIN_NS}/media`, {
    auth: ADMIN,
    raw: png(640, 480),
    headers: {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="hall.png"',
    },
  });
  await call('media: external url', 'POST', `${ADMIN_NS}/media`, {
    auth: ADMIN,
    body: { url: 'https://images.example.org/poster.jpg' },
  });
  await call('media: not an image', 'POST', `${ADMIN_NS}/media`, {
    auth: ADMIN,
    raw: 'plain text',
    headers: { 'content-type': 'application/octet-stream' },
  });
  await call('media: contributor upload', 'POST', `${ADMIN_NS}/media`, {
    auth: auth.contributor,
    raw: png(10, 10),
    headers: { 'content-type': 'image/png' },
  });

  // Terms.
  const music = await call('categories: create', 'POST', `${NS}/categories`, {
    auth: ADMIN,
    body: { name: 'Music', description: 'Concerts and <em>gigs</em>' },
  });
  const jazz = await call('categories: create child', 'POST', `${NS}/categories`, {
    auth: ADMIN,
    body: { name: 'Jazz', parent: id(music.json) },
  });
  await call('categories: create empty', 'POST', `${NS}/categories`, {
    auth: auth.author,
    body: { name: 'Workshops', slug: 'work-shops' },
  });
  await call('categories: duplicate name', 'POST', `${NS}/categories`, {
    auth: ADMIN,
    body: { name: 'music' },
  });
  await call('categories: contributor forbidden', 'POST', `${NS}/categories`, {
    auth: auth.contributor,
    body: { name: 'Nope' },
  });
  await call('categories: anonymous', 'POST', `${NS}/categories`, { body: { name: 'Nope' } });
  const outdoor = await call('tags: create', 'POST', `${NS}/tags`, {
    auth: ADMIN,
    body: { name: 'Outdoor' },
  });
  await call('tags: create second', 'POST', `${NS}/tags`, {
    auth: auth.editor,
    body: { name: 'Family friendly' },
  });
  await call('tags: parent refused', 'POST', `${NS}/tags`, {
    auth: ADMIN,
    body: { name: 'Child', parent: id(music.json) },
  });
  await call('tags: author forbidden', 'POST', `${NS}/tags`, {
    auth: auth.author,
    body: { name: 'Nope' },
  });

  // Venues and organizers.
  const hall = await call('venues: create', 'POST', `${NS}/venues`, {
    auth: ADMIN,
    body: {
      venue: 'Grand Hall',
      description: 'Our main room.',
      excerpt: 'Main room',
      address: '1 Main Street',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      phone: '+1 555 0100',
      website: 'https://hall.example.org',
      geo_lat: 39.8,
      geo_lng: -89.65,
      image: id(image.json),
      status: 'publish',
    },
  });
  await call('venues: duplicate reused', 'POST', `${NS}/venues`, {
    auth: ADMIN,
    body: { venue: 'grand hall', city: 'springfield' },
  });
  const cafe = await call('venues: create form-encoded', 'POST', `${NS}/venues`, {
    auth: auth.author,
    raw: 'venue=Caf%C3%A9+Rouge%21&city=Paris&country=France&province=IDF&show_map=no&status=publish',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const draftVenue = await call('venues: contributor draft', 'POST', `${NS}/venues`, {
    auth: auth.contributor,
    body: { venue: 'Back Room', status: 'publish' },
  });
  await call('venues: missing name', 'POST', `${NS}/venues`, { auth: ADMIN, body: { city: 'X' } });
  await call('venues: bad fields', 'POST', `${NS}/venues`, {
    auth: ADMIN,
    body: { venue: 'Bad', website: 'ftp://x', geo_lat: 200, status: 'nope' },
  });
  await call('venues: subscriber forbidden', 'POST', `${NS}/venues`, {
    auth: auth.subscriber,
    body: { venue: 'Nope' },
  });
  const owls = await call('organizers: create', 'POST', `${NS}/organizers`, {
    auth: ADMIN,
    body: {
      organizer: 'Night Owls',
      email: 'owls@example.org',
      phone: '+1 555 0199',
      website: 'https://owls.example.org/',
      description: '<p>We run <strong>late</strong> shows.</p><script>alert(1)</script>',
      status: 'publish',
    },
  });
  const club = await call('organizers: create second', 'POST', `${NS}/organizers`, {
    auth: auth.editor,
    body: { organizer: 'Jazz Club', status: 'publish' },
  });
  await call('organizers: missing name', 'POST', `${NS}/organizers`, {
    auth: ADMIN,
    body: { email: 'x@example.org' },
  });

  // Events.
  const concert = await call('events: create full', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: {
      title: 'Summer <b>Concert</b>',
      description: 'An evening of <strong>jazz</strong>.\n\nBring a chair.',
      excerpt: 'Jazz outdoors',
      start_date: '2026-07-01 19:00:00',
      end_date: '2026-07-01 22:30:00',
      timezone: 'America/New_York',
      cost: '15',
      website: 'https://concert.example.org',
      featured: true,
      sticky: true,
      status: 'publish',
      categories: [id(jazz.json)],
      tags: [id(outdoor.json), 'Family friendly'],
      venue: id(hall.json),
      organizer: [id(owls.json), id(club.json)],
      image: id(image.json),
    },
  });
  const market = await call('events: create inline venue and organizer', 'POST', `${NS}/events`, {
    auth: auth.editor,
    body: {
      title: 'Farmers market',
      start_date: '2026-06-20',
      end_date: '2026-06-20',
      all_day: true,
      timezone: 'Europe/Paris',
      cost: ['0', '5€'],
      categories: 'Markets, music',
      venue: { venue: 'Town Square', city: 'Lyon', country: 'France', show_map: false },
      organizer: [{ organizer: 'Market Guild', email: 'guild@example.org' }, id(owls.json)],
      status: 'publish',
    },
  });
  await call('events: create multi-day', 'POST', `${NS}/events`, {
    auth: auth.author,
    body: {
      title: 'Festival weekend',
      start_date: '2026-08-14 10:00',
      end_date: '2026-08-16 18:00',
      timezone: 'UTC+2',
      cost: 'Free',
      venue: id(cafe.json),
      status: 'publish',
    },
  });
  const draft = await call('events: contributor draft', 'POST', `${NS}/events`, {
    auth: auth.contributor,
    body: {
      title: 'Draft rehearsal',
      start_date: '2026-06-25 18:00:00',
      end_date: '2026-06-25 20:00:00',
      venue: id(draftVenue.json),
      status: 'publish',
    },
  });
  const past = await call('events: past', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: {
      title: 'Spring lecture',
      start_date: '2026-03-10 14:00:00',
      end_date: '2026-03-10 15:00:00',
      status: 'publish',
    },
  });
  await call('events: scheduled', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: {
      title: 'Autumn gala',
      start_date: '2026-10-01 19:00:00',
      end_date: '2026-10-01 23:00:00',
      date: '2026-09-01 08:00:00',
      status: 'publish',
    },
  });
  await call('events: hidden from listings', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: {
      title: 'Private board meeting',
      start_date: 'tomorrow 9am',
      end_date: 'tomorrow 11am',
      hide_from_listings: true,
      status: 'publish',
    },
  });
  const doomed = await call('events: to be trashed', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: {
      title: 'Cancelled picnic',
      start_date: '2026-06-28 12:00:00',
      end_date: '2026-06-28 15:00:00',
      status: 'publish',
    },
  });
  for (let n = 1; n <= 12; n++)
    await call(`events: series ${n}`, 'POST', `${NS}/events`, {
      auth: ADMIN,
      body: {
        title: `Weekly rehearsal ${n}`,
        start_date: `2026-${String(7 + Math.floor(n / 5)).padStart(2, '0')}-${String(2 + (n % 5) * 5).padStart(2, '0')} 18:30:00`,
        end_date: `2026-${String(7 + Math.floor(n / 5)).padStart(2, '0')}-${String(2 + (n % 5) * 5).padStart(2, '0')} 20:00:00`,
        categories: [id(music.json)],
        venue: n % 2 === 0 ? id(hall.json) : id(cafe.json),
        status: 'publish',
      },
    });
  await call('events: missing fields', 'POST', `${NS}/events`, { auth: ADMIN, body: {} });
  await call('events: empty title', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: { title: '', start_date: '2026-07-01', end_date: '2026-07-01' },
  });
  await call('events: bad date', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: { title: 'X', start_date: 'foo tomorrow bar', end_date: '2026-07-01' },
  });
  await call('events: bad venue id', 'POST', `${NS}/events`, {
    auth: ADMIN,
    body: { title: 'X', start_date: '2026-07-01', end_date: '2026-07-01', venue: id(owls.json) },
  });
  await call('events: anonymous create', 'POST', `${NS}/events`, {
    body: { title: 'X', start_date: '2026-07-01', end_date: '2026-07-01' },
  });
  await call('events: subscriber create', 'POST', `${NS}/events`, {
    auth: auth.subscriber,
    body: { title: 'X', start_date: '2026-07-01', end_date: '2026-07-01' },
  });
  await call('events: not json', 'POST', `${NS}/events`, {
    auth: ADMIN,
    raw: '{"title": ',
    headers: { 'content-type': 'application/json' },
  });
  await call('events: body too large', 'POST', `${NS}/events`, {
    auth: ADMIN,
    raw: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    headers: { 'content-type': 'application/json' },
  });

  // Updates and the trash.
  const concertId = id(concert.json);
  const marketId = id(market.json);
  await call('events: update merge', 'PATCH', `${NS}/events/${concertId}`, {
    auth: ADMIN,
    body: { excerpt: 'Jazz under the stars', cost: '€6.50 - €8.50' },
  });
  await call('events: update by slug', 'PUT', `${NS}/events/by-slug/farmers-market`, {
    auth: auth.editor,
    body: { website: 'https://market.example.org' },
  });
  await call('events: update clears', 'POST', `${NS}/events/${marketId}`, {
    auth: auth.editor,
    body: { tags: '', organizer: [] },
  });
  await call('events: author edits another', 'PATCH', `${NS}/events/${concertId}`, {
    auth: auth.author,
    body: { title: 'Mine now' },
  });
  await call('events: update unknown', 'PATCH', `${NS}/events/99999`, {
    auth: ADMIN,
    body: { title: 'X' },
  });
  await call('events: update anonymous', 'PATCH', `${NS}/events/${concertId}`, {
    body: { title: 'X' },
  });
  const doomedId = id(doomed.json);
  await call('events: trash', 'DELETE', `${NS}/events/${doomedId}`, { auth: ADMIN });
  await call('events: trash again', 'DELETE', `${NS}/events/${doomedId}`, { auth: ADMIN });
  await call('venues: update', 'PATCH', `${NS}/venues/${id(cafe.json)}`, {
    auth: auth.author,
    body: { country: 'Belgium', phone: '+32 2 000 00 00' },
  });
  await call('organizers: update by slug', 'PATCH', `${NS}/organizers/by-slug/jazz-club`, {
    auth: auth.editor,
    body: { website: 'https://jazz.example.org', email: 'on request' },
  });
  await call('categories: update', 'PATCH', `${NS}/categories/${id(music.json)}`, {
    auth: ADMIN,
    body: { description: 'All music' },
  });
  await call('categories: update duplicate slug', 'PATCH', `${NS}/categories/${id(jazz.json)}`, {
    auth: ADMIN,
    body: { slug: 'music' },
  });
  await call('categories: cyclic parent', 'PATCH', `${NS}/categories/${id(music.json)}`, {
    auth: ADMIN,
    body: { parent: id(jazz.json) },
  });
  const spare = await call('organizers: to be trashed', 'POST', `${NS}/organizers`, {
    auth: ADMIN,
    body: { organizer: 'Former partner', status: 'publish' },
  });
  await call('organizers: trash', 'DELETE', `${NS}/organizers/${id(spare.json)}`, {
    auth: ADMIN,
  });
  await call('organizers: trash again', 'DELETE', `${NS}/organizers/${id(spare.json)}`, {
    auth: ADMIN,
  });
  const extraTag = await call('tags: to be deleted', 'POST', `${NS}/tags`, {
    auth: ADMIN,
    body: { name: 'Temporary' },
  });
  await call('tags: delete', 'DELETE', `${NS}/tags/${id(extraTag.json)}`, { auth: ADMIN });

  // Event reads.
  const events = `${NS}/events`;
  const reads: Array<[string, string, string?]> = [
    ['events: default listing', events],
    ['events: per_page 2', `${events}?per_page=2`],
    ['events: page 2', `${events}?per_page=3&page=2`],
    ['events: page past the end', `${events}?page=99`],
    ['events: per_page clamped', `${events}?per_page=500`],
    ['events: per_page 0', `${events}?per_page=0`],
    ['events: page text', `${events}?page=abc`],
    ['events: search', `${events}?search=rehears`],
    ['events: search empty', `${events}?search=`],
    ['events: categories by slug', `${events}?categories=jazz`],
    [
      'events: categories by id list',
      `${events}?categories[]=${id(music.json)}&categories[]=${id(jazz.json)}`,
    ],
    ['events: categories unknown', `${events}?categories=nope`],
    ['events: tags', `${events}?tags=outdoor`],
    ['events: venue', `${events}?venue=${id(hall.json)}`],
    ['events: venue not a venue', `${events}?venue=${id(owls.json)}`],
    ['events: organizer', `${events}?organizer=${id(owls.json)}`],
    ['events: featured', `${events}?featured=true`],
    ['events: not featured', `${events}?featured=false&per_page=3`],
    ['events: date window', `${events}?start_date=2026-07-01&end_date=2026-07-31`],
    ['events: starts_after', `${events}?starts_after=2026-08-01`],
    ['events: ends_before', `${events}?ends_before=2026-06-30`],
    ['events: strict dates', `${events}?start_date=2026-07-01T20:00:00&strict_dates=true`],
    ['events: natural date', `${events}?start_date=next%20wednesday&end_date=%2B5%20days`],
    ['events: bad date filter', `${events}?start_date=whenever`],
    ['events: include', `${events}?include=${concertId},${id(past.json)}`],
    ['events: status draft anonymous', `${events}?status=draft`],
    ['events: status draft admin', `${events}?status=draft,pending`, ADMIN],
    ['events: status trash editor', `${events}?status=trash`, auth.editor],
    ['events: contributor listing', `${events}?per_page=3`, auth.contributor],
    ['events: admin listing', `${events}?per_page=3`, ADMIN],
    ['events: geoloc', `${events}?geoloc=true`],
    ['events: geoloc radius', `${events}?geoloc_lat=39.8&geoloc_lng=-89.6&geoloc_radius=50`],
    ['events: geoloc half', `${events}?geoloc_lat=39.8`],
    ['events: ticketed', `${events}?ticketed=true`],
    ['events: post_parent unknown', `${events}?post_parent=99999`],
    ['events: single', `${events}/${concertId}`],
    ['events: single all-day', `${events}/${marketId}`],
    ['events: single by slug', `${events}/by-slug/summer-concert`],
    ['events: by slug unknown', `${events}/by-slug/nope`],
    ['events: single unknown', `${events}/99999`],
    ['events: single zero', `${events}/0`],
    ['events: single is a venue', `${events}/${id(hall.json)}`],
    ['events: single draft anonymous', `${events}/${id(draft.json)}`],
    ['events: single draft owner', `${events}/${id(draft.json)}`, auth.contributor],
    ['events: single trashed', `${events}/${doomedId}`],
    ['events: single trashed admin', `${events}/${doomedId}`, ADMIN],
    ['events: non-numeric id', `${events}/abc`],
    ['events: bad credentials', `${events}?per_page=1`, basic('admin', 'wrong-password')],
  ];
  for (const [name, path, who] of reads)
    await call(name, 'GET', path, who === undefined ? {} : { auth: who });

  // Venue, organizer and term reads.
  const linked: Array<[string, string, string?]> = [
    ['venues: listing', `${NS}/venues`],
    ['venues: listing paged', `${NS}/venues?per_page=1&page=2`],
    ['venues: page past the end', `${NS}/venues?page=9`],
    ['venues: search', `${NS}/venues?search=main%20springfield`],
    ['venues: event filter', `${NS}/venues?event=${concertId}`],
    ['venues: event filter not an event', `${NS}/venues?event=${id(hall.json)}`],
    ['venues: has_events', `${NS}/venues?has_events=true`],
    ['venues: only_with_upcoming', `${NS}/venues?only_with_upcoming=true`],
    ['venues: status draft anonymous', `${NS}/venues?status=draft`],
    ['venues: status draft admin', `${NS}/venues?status=draft`, ADMIN],
    ['venues: single', `${NS}/venues/${id(hall.json)}`],
    ['venues: single by slug', `${NS}/venues/by-slug/cafe-rouge`],
    ['venues: single draft anonymous', `${NS}/venues/${id(draftVenue.json)}`],
    ['venues: single is an organizer', `${NS}/venues/${id(owls.json)}`],
    ['venues: non-numeric id', `${NS}/venues/foo`],
    ['organizers: listing', `${NS}/organizers`],
    ['organizers: search', `${NS}/organizers?search=owls`],
    ['organizers: event filter', `${NS}/organizers?event=${concertId}`],
    ['organizers: single', `${NS}/organizers/${id(owls.json)}`],
    ['organizers: single by slug', `${NS}/organizers/by-slug/jazz-club`],
    ['organizers: single trashed anonymous', `${NS}/organizers/${id(spare.json)}`],
    ['organizers: single trashed admin', `${NS}/organizers/${id(spare.json)}`, ADMIN],
    ['categories: listing', `${NS}/categories`],
    ['categories: listing all', `${NS}/categories?hide_empty=false`],
    ['categories: ordered', `${NS}/categories?hide_empty=0&orderby=count&order=desc`],
    ['categories: paged', `${NS}/categories?hide_empty=false&per_page=1&page=2`],
    ['categories: page past the end', `${NS}/categories?page=9`],
    ['categories: top level', `${NS}/categories?hide_empty=false&parent=0`],
    ['categories: search', `${NS}/categories?hide_empty=false&search=sic`],
    [
      'categories: include',
      `${NS}/categories?include=${id(jazz.json)},${id(music.json)}&orderby=include`,
    ],
    ['categories: include a tag', `${NS}/categories?include=${id(outdoor.json)}`],
    ['categories: slug', `${NS}/categories?slug=Jazz`],
    ['categories: of an event', `${NS}/categories?event=${concertId}`],
    ['categories: single', `${NS}/categories/${id(jazz.json)}`],
    ['categories: single is a tag', `${NS}/categories/${id(outdoor.json)}`],
    ['tags: listing', `${NS}/tags?hide_empty=false`],
    ['tags: single', `${NS}/tags/${id(outdoor.json)}`],
    ['tags: non-numeric id', `${NS}/tags/foo`],
  ];
  for (const [name, path, who] of linked)
    await call(name, 'GET', path, who === undefined ? {} : { auth: who });

  // Self-description and aliases.
  const described: Array<[string, string]> = [
    ['index: root', '/api/'],
    ['index: namespace', NS],
    ['index: admin namespace', `${NS}?namespace=calendar/admin/v1`],
    ['index: unknown namespace', `${NS}?namespace=nope/v1`],
    ['doc: english', `${NS}/doc`],
    ['alias: wp-json root', '/wp-json/'],
    ['alias: wp-json events', '/wp-json/calendar/events/v1/events?per_page=2'],
    ['alias: tribe events', '/wp-json/tribe/events/v1/events?per_page=2&page=2'],
    ['alias: api tribe single', `/api/tribe/events/v1/events/${concertId}`],
    ['alias: tribe venues', '/wp-json/tribe/events/v1/venues'],
    ['alias: tribe doc', '/wp-json/tribe/events/v1/doc'],
    ['alias: rest_route', '/?rest_route=/tribe/events/v1/events&per_page=5'],
    ['alias: rest_route encoded', '/index.php?rest_route=%2Fcalendar%2Fevents%2Fv1%2Fcategories'],
    ['alias: rest_route index', '/?rest_route=/'],
    ['alias: repeated slashes', '/api/calendar/events/v1//events?per_page=1'],
    ['alias: unknown route', '/api/calendar/events/v1/nothing'],
    ['alias: unknown wp-json', '/wp-json/nothing/here'],
  ];
  for (const [name, path] of described) await call(name, 'GET', path);

  // Public pages.
  const pages: Array<[string, string]> = [
    ['page: site root', '/'],
    ['page: event', '/event/summer-concert/'],
    ['page: all-day event', '/event/farmers-market/'],
    ['page: draft event', `/event/draft-rehearsal/`],
    ['page: venue', '/venue/grand-hall/'],
    ['page: organizer', '/organizer/night-owls/'],
    ['page: category', '/events/category/music/'],
    ['page: category page 2', '/events/category/music/?page=2'],
    ['page: tag', '/tag/outdoor/'],
    ['page: unknown', '/event/nope/'],
    ['page: media file', `/media/${String((image.json as { file?: string }).file ?? '')}`],
    ['page: unknown path', '/nothing/here'],
  ];
  for (const [name, path] of pages) await call(name, 'GET', path);
  await call('page: head of an event', 'HEAD', '/event/summer-concert/');

  // Network guards.
  await call('guard: foreign host', 'GET', `${NS}/events`, { headers: { host: 'evil.example' } });
  await call('guard: cors anonymous', 'GET', `${NS}/events?per_page=1`, {
    headers: { origin: 'https://elsewhere.example' },
  });
  await call('guard: cors preflight', 'OPTIONS', `${NS}/events`, {
    headers: {
      origin: 'https://elsewhere.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
  await call('guard: cors write refused', 'POST', `${NS}/tags`, {
    auth: ADMIN,
    body: { name: 'Cross' },
    headers: { origin: 'https://elsewhere.example' },
  });

  // Admin reads.
  const admin: Array<[string, string, string]> = [
    ['admin: me', `${ADMIN_NS}/me`, auth.author],
    ['admin: users', `${ADMIN_NS}/users`, ADMIN],
    ['admin: user', `${ADMIN_NS}/users/1`, ADMIN],
    ['admin: users forbidden', `${ADMIN_NS}/users`, auth.editor],
    ['admin: settings', `${ADMIN_NS}/settings`, ADMIN],
    ['admin: trash', `${ADMIN_NS}/trash`, ADMIN],
    ['admin: trash of venues', `${ADMIN_NS}/trash?kind=organizer`, ADMIN],
    ['admin: media', `${ADMIN_NS}/media`, ADMIN],
    ['admin: media item', `${ADMIN_NS}/media/${id(image.json)}`, ADMIN],
    ['admin: media subscriber', `${ADMIN_NS}/media`, auth.subscriber],
    ['admin: backups', `${ADMIN_NS}/backups`, ADMIN],
  ];
  for (const [name, path, who] of admin) await call(name, 'GET', path, { auth: who });
  await call('admin: me anonymous', 'GET', `${ADMIN_NS}/me`);
  await call('admin: settings bad value', 'PATCH', `${ADMIN_NS}/settings`, {
    auth: ADMIN,
    body: { per_page: 0, language: 'xx' },
  });

  // Sessions and application passwords (their secrets are normalised).
  const session = await call('sessions: sign in', 'POST', `${ADMIN_NS}/sessions`, {
    body: { login: 'editor1', password: 'editor-password-1' },
  });
  await call('sessions: bad password', 'POST', `${ADMIN_NS}/sessions`, {
    body: { login: 'editor1', password: 'nope' },
  });
  const bearer = `Bearer ${String(session.json.token)}`;
  await call('sessions: me with bearer', 'GET', `${ADMIN_NS}/me`, { auth: bearer });
  await call('sessions: sign out', 'DELETE', `${ADMIN_NS}/sessions/current`, { auth: bearer });
  await call('sessions: me after sign out', 'GET', `${ADMIN_NS}/me`, { auth: bearer });
  const appPassword = await call(
    'app passwords: create',
    'POST',
    `${ADMIN_NS}/users/1/application-passwords`,
    { auth: ADMIN, body: { name: 'Phone' } },
  );
  await call('app passwords: list', 'GET', `${ADMIN_NS}/users/1/application-passwords`, {
    auth: ADMIN,
  });
  await call('app passwords: used', 'GET', `${NS}/events?status=draft`, {
    auth: basic(ADMIN_LOGIN, String(appPassword.json.password)),
  });
  await call(
    'app passwords: revoke',
    'DELETE',
    `${ADMIN_NS}/users/1/application-passwords/${String(appPassword.json.uuid)}`,
    { auth: ADMIN },
  );

  // Restoring from the trash, then French.
  await call('trash: restore', 'POST', `${ADMIN_NS}/trash/${doomedId}/restore`, { auth: ADMIN });
  await call('trash: restore again', 'POST', `${ADMIN_NS}/trash/${doomedId}/restore`, {
    auth: ADMIN,
  });
  await call('settings: french', 'PATCH', `${ADMIN_NS}/settings`, {
    auth: ADMIN,
    body: { language: 'fr', per_page: 5, currency_symbol: '€', currency_position: 'postfix' },
  });
  const french: Array<[string, string]> = [
    ['fr: root index', '/api/'],
    ['fr: namespace index', NS],
    ['fr: doc', `${NS}/doc`],
    ['fr: events', `${NS}/events`],
    ['fr: page past the end', `${NS}/events?page=99`],
    ['fr: event page', '/event/summer-concert/'],
    ['fr: venue page', '/venue/grand-hall/'],
    ['fr: unknown page', '/event/nope/'],
  ];
  for (const [name, path] of french) await call(name, 'GET', path);
}
