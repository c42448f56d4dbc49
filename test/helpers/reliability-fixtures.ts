/**
 * A small world created over HTTP for the reliability suite: a user of each role, terms, venues,
 * organizers, events in several statuses and owners, media, an application password. Every
 * object is made through the public API (as an administrator) so the fixtures never depend on
 * a resource's internals; a resource whose routes are missing is simply left out.
 */
import { ROLES, type Role } from '../../shared/roles.js';
import {
  ADMIN_API,
  ADMIN_LOGIN,
  EVENTS_API,
  basicAuth,
  rawRequest,
  type RawResponse,
} from './reliability.js';

export interface Actor {
  id: number;
  login: string;
  password: string;
  auth: string;
}

export interface World {
  base: string;
  admin: Actor;
  users: Record<Role, Actor>;
  categories: number[];
  tags: number[];
  venues: number[];
  organizers: number[];
  events: number[];
  media: number[];
  /** Slugs of the events, venues and organizers above. */
  slugs: string[];
  appPasswords: string[];
}

export class SeedError extends Error {}

/** POSTs as `auth` and returns the body; 404 `rest_no_route` (a route not built yet) gives undefined. */
export async function create(
  base: string,
  auth: string,
  path: string,
  json: unknown,
): Promise<Record<string, unknown> | undefined> {
  const res: RawResponse = await rawRequest(base, 'POST', path, { auth, json });
  if (res.status === 404 && res.body.code === 'rest_no_route') return undefined;
  if (res.status >= 300)
    throw new SeedError(`POST ${path} ${JSON.stringify(json)}: ${res.status} ${res.text}`);
  return res.body;
}

export async function makeUser(base: string, adminAuth: string, role: Role, login: string) {
  const password = `${login}-password-1`;
  const body = await create(base, adminAuth, `${ADMIN_API}/users`, { login, password, role });
  return { id: body!.id as number, login, password, auth: basicAuth(login, password) };
}

export async function seedWorld(base: string): Promise<World> {
  const adminAuth = basicAuth(ADMIN_LOGIN.login, ADMIN_LOGIN.password);
  const me = await rawRequest(base, 'GET', `${ADMIN_API}/me`, { auth: adminAuth });
  const admin: Actor = {
    id: me.body.id as number,
    login: ADMIN_LOGIN.login,
    password: ADMIN_LOGIN.password,
    auth: adminAuth,
  };
  const users = {} as Record<Role, Actor>;
  for (const role of ROLES) users[role] = await makeUser(base, adminAuth, role, `w-${role}`);

  const world: World = {
    base,
    admin,
    users,
    categories: [],
    tags: [],
    venues: [],
    organizers: [],
    events: [],
    media: [],
    slugs: [],
    appPasswords: [],
  };
  const collect = (list: number[], body: Record<string, unknown> | undefined) => {
    if (!body) return;
    list.push(body.id as number);
    if (typeof body.slug === 'string') world.slugs.push(body.slug);
  };

  const parent = await create(base, adminAuth, `${EVENTS_API}/categories`, { name: 'Music' });
  collect(world.categories, parent);
  if (parent)
    collect(
      world.categories,
      await create(base, adminAuth, `${EVENTS_API}/categories`, {
        name: 'Jazz',
        parent: parent.id,
      }),
    );
  for (const name of ['outdoor', 'free'])
    collect(world.tags, await create(base, adminAuth, `${EVENTS_API}/tags`, { name }));

  collect(
    world.venues,
    await create(base, adminAuth, `${EVENTS_API}/venues`, {
      venue: 'Town Hall',
      city: 'Lyon',
      country: 'France',
    }),
  );
  collect(
    world.organizers,
    await create(base, adminAuth, `${EVENTS_API}/organizers`, {
      organizer: 'Ada',
      email: 'ada@example.org',
    }),
  );
  collect(
    world.media,
    await create(base, adminAuth, `${ADMIN_API}/media`, {
      url: 'https://images.example.org/poster.jpg',
    }).catch(() => undefined),
  );

  const statuses = ['publish', 'draft', 'pending'] as const;
  for (const [i, author] of [admin, users.author, users.contributor].entries()) {
    collect(
      world.events,
      await create(base, adminAuth, `${EVENTS_API}/events`, {
        title: `Concert ${i}`,
        start_date: '2026-07-01 20:00:00',
        end_date: '2026-07-01 22:00:00',
        author: author.id,
        status: statuses[i],
        ...(world.venues[0] ? { venue: world.venues[0] } : {}),
        ...(world.organizers[0] ? { organizer: [world.organizers[0]] } : {}),
        categories: world.categories,
        tags: world.tags,
      }),
    );
  }

  const app = await create(
    base,
    adminAuth,
    `${ADMIN_API}/users/${users.editor.id}/application-passwords`,
    {
      name: 'fixture',
    },
  );
  if (app) world.appPasswords.push(app.uuid as string);
  return world;
}
