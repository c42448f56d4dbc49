/**
 * Access (issue 9, item 4): the matrix of routes × methods × roles × ownership × status, checked
 * against an oracle written from docs/contract/compat-notes.md §4.2/§5/§6 and docs/contract/decisions.md (not from
 * shared/roles.ts, so a mistake there is caught). One fresh server per role; every object the
 * matrix touches exists twice (by-id and by-slug routes change it independently).
 */
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { startTestServer, type ApiResult, type TestServer } from '../helpers/server.js';
import { allEndpoints, dbChecksum } from '../helpers/reliability.js';

const EV = '/api/calendar/events/v1';
const ADMIN = '/api/calendar/admin/v1';

type Who = 'anonymous' | Role;
type Kind = 'event' | 'venue' | 'organizer';
type Owner = 'administrator' | 'author' | 'contributor';
type Status = 'publish' | 'draft' | 'private' | 'trash';

const WHO: Who[] = ['anonymous', ...[...ROLES].reverse()];
const KINDS: Kind[] = ['event', 'venue', 'organizer'];
const OWNERS: Owner[] = ['administrator', 'author', 'contributor'];
const STATUSES: Status[] = ['publish', 'draft', 'private', 'trash'];
const COLLECTION: Record<Kind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
};

const rank: Record<Who, number> = {
  anonymous: -1,
  subscriber: 0,
  contributor: 1,
  author: 2,
  editor: 3,
  administrator: 4,
};

interface Obj {
  kind: Kind;
  owner: Owner;
  status: Status;
  id: number;
  slug: string;
  authorId: number;
}

// ---------------------------------------------------------------------------------------------
// The oracle (docs/contract/compat-notes.md §5.1, §5.2, §6; docs/contract/decisions.md 4, 7, 15)
// ---------------------------------------------------------------------------------------------

const owns = (who: Who, obj: Obj, ids: Record<Who, number>) =>
  who !== 'anonymous' && ids[who] === obj.authorId;

/** `read_post`: published for everyone; otherwise the owner (contributor and up) or an editor. */
function mayRead(who: Who, obj: Obj, ids: Record<Who, number>): boolean {
  if (obj.status === 'publish') return true;
  if (rank[who] >= rank.editor) return true;
  return owns(who, obj, ids) && rank[who] >= rank.contributor;
}

/**
 * `edit_post`/`delete_post`: editors on everything; authors on their own; contributors on their
 * own unpublished posts. A trashed post is judged by the status it had (these were drafts).
 */
function mayEdit(who: Who, obj: Obj, ids: Record<Who, number>): boolean {
  if (rank[who] >= rank.editor) return true;
  if (!owns(who, obj, ids)) return false;
  if (rank[who] >= rank.author) return true;
  return rank[who] >= rank.contributor && (obj.status === 'draft' || obj.status === 'trash');
}

interface Expected {
  status: number;
  code?: string;
}

const forbidden = (who: Who): Expected => ({
  status: who === 'anonymous' ? 401 : 403,
  code: 'rest_forbidden',
});

function expectRead(who: Who, obj: Obj, ids: Record<Who, number>): Expected {
  if (obj.kind === 'event' && obj.status === 'trash')
    return { status: 403, code: 'event-no-longer-available' };
  return mayRead(who, obj, ids)
    ? { status: 200 }
    : { status: 403, code: `${obj.kind}-not-accessible` };
}

function expectEdit(who: Who, obj: Obj, ids: Record<Who, number>): Expected {
  return mayEdit(who, obj, ids) ? { status: 200 } : forbidden(who);
}

function expectDelete(who: Who, obj: Obj, ids: Record<Who, number>): Expected {
  if (!mayEdit(who, obj, ids)) return forbidden(who);
  return obj.status === 'trash'
    ? { status: 410, code: `${obj.kind}-is-in-trash` }
    : { status: 200 };
}

/** Whether a listing without `status` shows the object (docs/contract/decisions.md 15; never the trash). */
function listed(who: Who, obj: Obj, ids: Record<Who, number>): boolean {
  if (obj.status === 'trash') return false;
  if (obj.status === 'publish') return true;
  if (rank[who] >= rank.editor) return true;
  return owns(who, obj, ids) && rank[who] >= rank.contributor;
}

// ---------------------------------------------------------------------------------------------
// The world each role's server holds
// ---------------------------------------------------------------------------------------------

interface Fixture {
  server: TestServer;
  who: Who;
  auth: string | undefined;
  ids: Record<Who, number>;
  auths: Record<Role, string>;
  byId: Obj[];
  bySlug: Obj[];
  /** Everything made, trashed by-slug twins included. */
  all: Obj[];
}

const harmless: Record<Kind, Record<string, unknown>> = {
  event: { excerpt: 'Touched.' },
  venue: { city: 'Touched' },
  organizer: { phone: '555-0100' },
};

async function build(who: Who): Promise<Fixture> {
  const server = await startTestServer();
  const ids = { anonymous: 0 } as Record<Who, number>;
  const auths = {} as Record<Role, string>;
  const me = await server.call('GET', `${ADMIN}/me`, { auth: server.admin });
  ids.administrator = me.body.id as number;
  auths.administrator = server.admin;
  for (const role of ROLES.filter((r) => r !== 'administrator')) {
    const user = await server.userWith(role, `acc-${role}`);
    ids[role] = user.id;
    auths[role] = user.auth;
  }
  const make = async (set: string): Promise<Obj[]> => {
    const list: Obj[] = [];
    for (const kind of KINDS)
      for (const owner of OWNERS)
        for (const status of STATUSES) {
          const name = `acc ${set} ${kind} ${owner} ${status}`;
          const slug = name.replace(/ /g, '-');
          const body =
            kind === 'event'
              ? {
                  title: name,
                  slug,
                  start_date: '2026-07-01 10:00:00',
                  end_date: '2026-07-01 11:00:00',
                }
              : { [kind]: name };
          const created = await server.call('POST', `${EV}/${COLLECTION[kind]}`, {
            auth: server.admin,
            body: { ...body, author: ids[owner], status: status === 'trash' ? 'draft' : status },
          });
          expect(created.status, `${name}: ${created.text}`).toBe(201);
          const obj: Obj = {
            kind,
            owner,
            status,
            id: created.body.id as number,
            slug: created.body.slug as string,
            authorId: ids[owner],
          };
          expect(obj.slug, name).not.toBe('');
          if (status === 'trash') {
            const trashed = await server.call('DELETE', `${EV}/${COLLECTION[kind]}/${obj.id}`, {
              auth: server.admin,
            });
            expect(trashed.status).toBe(200);
          }
          list.push(obj);
        }
    return list;
  };
  const byId = await make('id');
  const slugSet = await make('slug');
  const bySlug = slugSet.filter((o) => o.status !== 'trash');
  return {
    server,
    who,
    auth: who === 'anonymous' ? undefined : auths[who],
    ids,
    auths,
    byId,
    bySlug,
    all: [...byId, ...slugSet],
  };
}

function check(res: ApiResult, expected: Expected, label: string) {
  expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(expected.status);
  if (expected.code) expect(res.body.code, label).toBe(expected.code);
  if (res.status >= 400)
    expect((res.body.data as { status?: number } | undefined)?.status).toBe(res.status);
}

// ---------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------

describe.each(WHO)('as %s', (who) => {
  it('lists, reads, creates, updates and deletes events, venues and organizers as the rules say', async () => {
    const f = await build(who);
    const { server, auth, ids } = f;
    for (const kind of KINDS) {
      const res = await server.call('GET', `${EV}/${COLLECTION[kind]}?per_page=50`, { auth });
      expect(res.status).toBe(200);
      const items = (res.body[COLLECTION[kind]] as Array<{ id: number }> | undefined) ?? [];
      const expected = [...f.byId, ...f.bySlug]
        .filter((o) => o.kind === kind && listed(who, o, ids))
        .map((o) => o.id)
        .sort((a, b) => a - b);
      expect(
        items.map((i) => i.id).sort((a, b) => a - b),
        `${who} lists ${kind}s`,
      ).toEqual(expected);

      const body =
        kind === 'event'
          ? {
              title: `new by ${who}`,
              start_date: '2026-07-02 10:00:00',
              end_date: '2026-07-02 11:00:00',
              status: 'publish',
            }
          : { [kind]: `new by ${who}`, status: 'publish' };
      const created = await server.call('POST', `${EV}/${COLLECTION[kind]}`, { auth, body });
      if (rank[who] < rank.contributor) check(created, forbidden(who), `${who} creates a ${kind}`);
      else {
        expect(created.status, `${who} creates a ${kind}`).toBe(201);
        // Status scale-back (docs/contract/compat-notes.md §5.2): who cannot publish gets pending.
        expect(created.body.status).toBe(rank[who] >= rank.author ? 'publish' : 'pending');
        expect(Number(created.body.author)).toBe(ids[who]);
      }
    }

    for (const obj of f.byId) {
      const base = `${EV}/${COLLECTION[obj.kind]}/${obj.id}`;
      const label = `${who} on ${obj.owner}'s ${obj.status} ${obj.kind}`;
      check(await server.call('GET', base, { auth }), expectRead(who, obj, ids), `GET ${label}`);
      for (const method of ['POST', 'PUT', 'PATCH'])
        check(
          await server.call(method, base, { auth, body: harmless[obj.kind] }),
          expectEdit(who, obj, ids),
          `${method} ${label}`,
        );
    }
    for (const obj of f.bySlug) {
      const base = `${EV}/${COLLECTION[obj.kind]}/by-slug/${obj.slug}`;
      const label = `${who} on ${obj.owner}'s ${obj.status} ${obj.kind} by slug`;
      check(await server.call('GET', base, { auth }), expectRead(who, obj, ids), `GET ${label}`);
      for (const method of ['POST', 'PUT', 'PATCH'])
        check(
          await server.call(method, base, { auth, body: harmless[obj.kind] }),
          expectEdit(who, obj, ids),
          `${method} ${label}`,
        );
    }
    // Deletes last: they change what the other checks look at.
    for (const obj of f.byId) {
      const label = `DELETE ${who} on ${obj.owner}'s ${obj.status} ${obj.kind}`;
      const res = await server.call('DELETE', `${EV}/${COLLECTION[obj.kind]}/${obj.id}`, { auth });
      check(res, expectDelete(who, obj, ids), label);
      if (res.status === 200) expect(res.body.status, label).toBe('trash');
    }
    for (const obj of f.bySlug) {
      const label = `DELETE ${who} on ${obj.owner}'s ${obj.status} ${obj.kind} by slug`;
      const res = await server.call('DELETE', `${EV}/${COLLECTION[obj.kind]}/by-slug/${obj.slug}`, {
        auth,
      });
      check(res, expectDelete(who, obj, ids), label);
    }
    // The admin trash: restoring or deleting for good needs delete_post on what the object was
    // (these were drafts); listing it shows contributors and authors only their own.
    const trash = await server.call('GET', `${ADMIN}/trash?per_page=100`, { auth });
    if (rank[who] < rank.contributor) check(trash, forbidden(who), `${who} lists the trash`);
    else {
      expect(trash.status).toBe(200);
      const items = (trash.body.items as Array<{ id: number }> | undefined) ?? [];
      const authorOf = new Map(f.all.map((o) => [o.id, o.authorId]));
      if (rank[who] < rank.editor)
        expect(
          items.filter((i) => authorOf.get(i.id) !== ids[who]),
          `${who} sees only own trash`,
        ).toEqual([]);
      else expect(items.length).toBeGreaterThanOrEqual(9);
    }
    for (const obj of f.byId.filter((o) => o.status === 'trash')) {
      const label = `${who} restores ${obj.owner}'s trashed ${obj.kind}`;
      const restore = await server.call('POST', `${ADMIN}/trash/${obj.id}/restore`, { auth });
      const allowed = mayEdit(who, obj, ids);
      check(restore, allowed ? { status: 200 } : forbidden(who), label);
      if (!allowed)
        check(
          await server.call('DELETE', `${ADMIN}/trash/${obj.id}`, { auth }),
          forbidden(who),
          `${who} deletes ${obj.owner}'s trashed ${obj.kind} for good`,
        );
    }
  }, 60_000);

  it('manages categories from author up and tags from editor up', async () => {
    const server = await startTestServer();
    const auth =
      who === 'anonymous'
        ? undefined
        : who === 'administrator'
          ? server.admin
          : (await server.userWith(who)).auth;
    for (const [path, least] of [
      ['categories', 'author'],
      ['tags', 'editor'],
    ] as const) {
      const allowed = rank[who] >= rank[least];
      const existing = await server.call('POST', `${EV}/${path}`, {
        auth: server.admin,
        body: { name: `${path} by admin` },
      });
      const id = existing.body.id as number;
      const created = await server.call('POST', `${EV}/${path}`, {
        auth,
        body: { name: `${path} by ${who}` },
      });
      check(created, allowed ? { status: 201 } : forbidden(who), `${who} creates ${path}`);
      for (const method of ['POST', 'PUT', 'PATCH'])
        check(
          await server.call(method, `${EV}/${path}/${id}`, { auth, body: { description: method } }),
          allowed ? { status: 200 } : forbidden(who),
          `${who} ${method} ${path}`,
        );
      check(
        await server.call('GET', `${EV}/${path}/${id}`, { auth }),
        { status: 200 },
        `${who} reads ${path}`,
      );
      check(
        await server.call('DELETE', `${EV}/${path}/${id}`, { auth }),
        allowed ? { status: 200 } : forbidden(who),
        `${who} deletes ${path}`,
      );
      // Validation before permission: an unknown term is a 400 for everyone (docs/contract/compat-notes.md §4.2).
      check(
        await server.call('DELETE', `${EV}/${path}/999999`, { auth }),
        { status: 400, code: 'rest_invalid_param' },
        `${who} deletes an unknown term`,
      );
    }
  });

  it('keeps the admin namespace to the right people', async () => {
    const server = await startTestServer();
    const self =
      who === 'anonymous'
        ? undefined
        : who === 'administrator'
          ? {
              id: (await server.call('GET', `${ADMIN}/me`, { auth: server.admin })).body
                .id as number,
              auth: server.admin,
            }
          : await server.userWith(who);
    const auth = self?.auth;
    const other = await server.userWith('author', 'other-user');
    const adminMedia = (
      await server.call('POST', `${ADMIN}/media`, {
        auth: server.admin,
        body: { url: 'https://img.example.org/admin.jpg' },
      })
    ).body.id as number;
    const admin = who === 'administrator';
    const signedIn = who !== 'anonymous';
    const onlyAdmin = admin ? undefined : forbidden(who);
    const cases: Array<[string, string, unknown, Expected]> = [
      ['GET', `${ADMIN}/me`, undefined, signedIn ? { status: 200 } : forbidden(who)],
      ['GET', `${ADMIN}/users`, undefined, onlyAdmin ?? { status: 200 }],
      [
        'POST',
        `${ADMIN}/users`,
        { login: `made-by-${who}`, password: 'made-password', role: 'administrator' },
        onlyAdmin ?? { status: 201 },
      ],
      ['GET', `${ADMIN}/users/${other.id}`, undefined, onlyAdmin ?? { status: 200 }],
      [
        'PATCH',
        `${ADMIN}/users/${other.id}`,
        { display_name: 'Renamed' },
        onlyAdmin ?? { status: 200 },
      ],
      [
        'PATCH',
        `${ADMIN}/users/${other.id}`,
        { password: 'taken-over-1' },
        onlyAdmin ?? { status: 200 },
      ],
      [
        'GET',
        `${ADMIN}/users/${other.id}/application-passwords`,
        undefined,
        onlyAdmin ?? { status: 200 },
      ],
      [
        'POST',
        `${ADMIN}/users/${other.id}/application-passwords`,
        { name: 'x' },
        onlyAdmin ?? { status: 201 },
      ],
      ['GET', `${ADMIN}/settings`, undefined, onlyAdmin ?? { status: 200 }],
      ['PATCH', `${ADMIN}/settings`, { currency_symbol: '€' }, onlyAdmin ?? { status: 200 }],
      ['GET', `${ADMIN}/network`, undefined, onlyAdmin ?? { status: 200 }],
      ['GET', `${ADMIN}/backups`, undefined, onlyAdmin ?? { status: 200 }],
      ['DELETE', `${ADMIN}/trash`, undefined, onlyAdmin ?? { status: 200 }],
      [
        'GET',
        `${ADMIN}/trash`,
        undefined,
        rank[who] >= rank.contributor ? { status: 200 } : forbidden(who),
      ],
      [
        'GET',
        `${ADMIN}/media`,
        undefined,
        rank[who] >= rank.contributor ? { status: 200 } : forbidden(who),
      ],
      [
        'POST',
        `${ADMIN}/media`,
        { url: `https://img.example.org/${who}.jpg` },
        rank[who] >= rank.author ? { status: 201 } : forbidden(who),
      ],
      ['DELETE', `${ADMIN}/users/${other.id}`, undefined, onlyAdmin ?? { status: 200 }],
      [
        'DELETE',
        `${ADMIN}/media/${adminMedia}`,
        undefined,
        rank[who] >= rank.editor ? { status: 200 } : forbidden(who),
      ],
      // Validation before permission: an unknown user is a 400 for everyone.
      [
        'PATCH',
        `${ADMIN}/users/999999`,
        { display_name: 'x' },
        { status: 400, code: 'rest_invalid_param' },
      ],
    ];
    if (!admin)
      cases.splice(cases.length - 2, 0, ['POST', `${ADMIN}/backups`, undefined, forbidden(who)]);
    if (self) {
      cases.push(
        ['GET', `${ADMIN}/users/${self.id}`, undefined, { status: 200 }],
        ['PATCH', `${ADMIN}/users/${self.id}`, { display_name: 'Me' }, { status: 200 }],
        [
          'POST',
          `${ADMIN}/users/${self.id}/application-passwords`,
          { name: 'mine' },
          { status: 201 },
        ],
        ['GET', `${ADMIN}/users/${self.id}/application-passwords`, undefined, { status: 200 }],
      );
      if (!admin)
        cases.push([
          'PATCH',
          `${ADMIN}/users/${self.id}`,
          { role: 'administrator' },
          forbidden(who),
        ]);
    }
    for (const [method, path, body, expected] of cases) {
      const before = dbChecksum(server.db);
      const res = await server.call(method, path, body === undefined ? { auth } : { auth, body });
      check(res, expected, `${who} ${method} ${path} ${JSON.stringify(body ?? '')}`);
      if (res.status >= 400) expect(dbChecksum(server.db), `${method} ${path}`).toBe(before);
    }
  });
});

describe('rules that do not depend on the role', () => {
  it('answers unknown events by id 401 to anonymous writers and 404 to editors', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    for (const method of ['PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { excerpt: 'x' } : undefined;
      check(
        await server.call(method, `${EV}/events/999999`, { body }),
        forbidden('anonymous'),
        `${method} anonymous`,
      );
      check(
        await server.call(method, `${EV}/events/999999`, { auth: contributor.auth, body }),
        { status: 404, code: 'rest-event-not-found' },
        `${method} contributor`,
      );
      check(
        await server.call(method, `${EV}/events/999999`, { auth: server.admin, body }),
        { status: 404, code: 'rest-event-not-found' },
        `${method} admin`,
      );
    }
    check(
      await server.call('GET', `${EV}/events/999999`),
      { status: 404, code: 'rest-event-not-found' },
      'GET',
    );
    // Venues and organizers validate the id first: 400 even for anonymous (docs/contract/compat-notes.md §6).
    for (const kind of ['venues', 'organizers'])
      check(
        await server.call('DELETE', `${EV}/${kind}/999999`),
        { status: 400, code: 'rest_invalid_param' },
        kind,
      );
    check(
      await server.call('POST', `${EV}/events`, { body: {} }),
      { status: 400, code: 'rest_missing_callback_param' },
      'anonymous create without fields',
    );
  });

  it('never serves one user’s answer to another (remembered answers are per user)', async () => {
    const server = await startTestServer();
    const contributor = await server.userWith('contributor');
    const other = await server.userWith('contributor');
    const make = async (title: string, status: string, author: number) =>
      (
        await server.call('POST', `${EV}/events`, {
          auth: server.admin,
          body: {
            title,
            slug: title,
            status,
            author,
            start_date: '2026-07-01 10:00:00',
            end_date: '2026-07-01 11:00:00',
          },
        })
      ).body.id as number;
    const published = await make('open-day', 'publish', contributor.id);
    const draft = await make('secret-plan', 'draft', contributor.id);
    const viewers: Array<[string, string | undefined, number[]]> = [
      ['administrator', server.admin, [published, draft]],
      ['anonymous', undefined, [published]],
      ['owner', contributor.auth, [published, draft]],
      ['another contributor', other.auth, [published]],
      ['administrator again', server.admin, [published, draft]],
      ['anonymous again', undefined, [published]],
    ];
    for (const [label, auth, visible] of viewers) {
      for (const root of [`${EV}`, '/wp-json/tribe/events/v1']) {
        const list = await server.call('GET', `${root}/events?per_page=50`, { auth });
        const ids = ((list.body.events as Array<{ id: number }> | undefined) ?? []).map(
          (e) => e.id,
        );
        expect(ids.sort(), `${label} lists through ${root}`).toEqual([...visible].sort());
        const single = await server.call('GET', `${root}/events/${draft}`, { auth });
        expect(single.status, `${label} reads the draft through ${root}`).toBe(
          visible.includes(draft) ? 200 : 403,
        );
        const bySlug = await server.call('GET', `${root}/events/by-slug/secret-plan`, { auth });
        expect(bySlug.status, `${label} reads the draft by slug`).toBe(
          visible.includes(draft) ? 200 : 403,
        );
      }
    }
  });

  it('never lets an anonymous request write through any route of the registry', async () => {
    const server = await startTestServer();
    await server.call('POST', `${EV}/events`, {
      auth: server.admin,
      body: { title: 'Target', start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00:00' },
    });
    // Signing in and out are the only writes open to everyone.
    const open = new Set(['POST /calendar/admin/v1/sessions']);
    for (const info of allEndpoints()) {
      if (info.method === 'GET' || open.has(`${info.method} /${info.namespace}${info.pattern}`))
        continue;
      const path = `/api/${info.namespace}${info.pattern.replace(
        /\(\?P<(\w+)>[^)]*\)/g,
        (_m, name: string) => (name === 'id' ? '1' : 'target'),
      )}`;
      const body = Object.fromEntries(info.args.map((a) => [a, a === 'id' ? 1 : 'x']));
      const before = dbChecksum(server.db);
      const res = await server.call(info.method, path, { body });
      expect(res.status, `${info.label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, info.label).toBeLessThan(500);
      expect(dbChecksum(server.db), info.label).toBe(before);
    }
  });
});
