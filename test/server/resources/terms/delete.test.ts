import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS, addEvent, linkTerms } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';
import type { Role } from '../../../../shared/roles.js';

describe('DELETE /categories/{id} and /tags/{id}', () => {
  it('deletes for good and answers 200 with the deleted term', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const parent = await createId(server, 'categories', { name: 'Parent' });
    const id = await createId(server, 'categories', { name: 'Gone', description: 'Bye', parent });
    for (let i = 0; i < 3; i++) await linkTerms(server, await addEvent(server, 'publish'), [id]);
    const before = await server.call('GET', `${NS}/categories/${id}`);
    const res = await server.call('DELETE', `${NS}/categories/${id}`, { auth: editor.auth });
    expect(res.status).toBe(200);
    expect(res.text).toBe(before.text);
    expect(res.body).toMatchObject({ id, count: 3, parent, description: 'Bye', meta: [] });
    const after = await server.call('GET', `${NS}/categories/${id}`);
    expect(after.status).toBe(400);
    const again = await server.call('DELETE', `${NS}/categories/${id}`, { auth: editor.auth });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('rest_invalid_param');
  });

  it('deletes a tag; force is irrelevant', async () => {
    const server = await startTestServer();
    const id = await createId(server, 'tags', { name: 'Tag' });
    const res = await server.call('DELETE', `${NS}/tags/${id}`, {
      auth: server.admin,
      query: { force: 'false' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Tag', taxonomy: 'post_tag' });
    expect(res.body).not.toHaveProperty('parent');
    expect((await server.call('GET', `${NS}/tags/${id}`)).status).toBe(400);
  });

  it('moves the children of a deleted category up to its parent', async () => {
    const server = await startTestServer();
    const root = await createId(server, 'categories', { name: 'Root' });
    const middle = await createId(server, 'categories', { name: 'Middle', parent: root });
    const kid1 = await createId(server, 'categories', { name: 'Kid 1', parent: middle });
    const kid2 = await createId(server, 'categories', { name: 'Kid 2', parent: middle });
    const grandkid = await createId(server, 'categories', { name: 'Grandkid', parent: kid1 });
    expect(
      (await server.call('DELETE', `${NS}/categories/${middle}`, { auth: server.admin })).status,
    ).toBe(200);
    for (const id of [kid1, kid2]) {
      const res = await server.call('GET', `${NS}/categories/${id}`);
      expect(res.body.parent).toBe(root);
      expect((res.body.urls as { up: string }).up).toMatch(new RegExp(`/categories/${root}$`));
    }
    expect((await server.call('GET', `${NS}/categories/${grandkid}`)).body.parent).toBe(kid1);
    expect(
      (await server.call('DELETE', `${NS}/categories/${root}`, { auth: server.admin })).status,
    ).toBe(200);
    const top = await server.call('GET', `${NS}/categories/${kid1}`);
    expect(top.body.parent).toBe(0);
    expect(top.body.urls).not.toHaveProperty('up');
  });

  it('removes the term from its events', async () => {
    const server = await startTestServer();
    const keep = await createId(server, 'tags', { name: 'Keep' });
    const drop = await createId(server, 'tags', { name: 'Drop' });
    const event = await addEvent(server, 'publish');
    await linkTerms(server, event, [drop, keep]);
    await server.call('DELETE', `${NS}/tags/${drop}`, { auth: server.admin });
    const links = {
      origin: server.url,
      root: `${server.url}/api/`,
      namespace: 'calendar/events/v1',
      rest: (path: string) => `${server.url}/api/calendar/events/v1/${path}`,
      restIn: (ns: string, path: string) => `${server.url}/api/${ns}/${path}`,
      site: (path: string) => `${server.url}${path}`,
    };
    const embedded = (
      await server.services.terms.onPorts.embed(server.services.storage.read, [event], links)
    ).get(event)!;
    expect(embedded.tags.map((t) => t.id)).toEqual([keep]);
    expect(embedded.tags[0]!.count).toBe(1);
  });

  const cases: Array<[Role | 'anonymous', number, number]> = [
    ['administrator', 200, 200],
    ['editor', 200, 200],
    ['author', 200, 403],
    ['contributor', 403, 403],
    ['subscriber', 403, 403],
    ['anonymous', 401, 401],
  ];
  for (const [role, categoryStatus, tagStatus] of cases) {
    it(`gives ${role} ${categoryStatus} on categories and ${tagStatus} on tags`, async () => {
      const server = await startTestServer();
      const cat = await createId(server, 'categories', { name: 'C' });
      const tag = await createId(server, 'tags', { name: 'T' });
      const auth = role === 'anonymous' ? undefined : (await server.userWith(role)).auth;
      const c = await server.call('DELETE', `${NS}/categories/${cat}`, { auth });
      const t = await server.call('DELETE', `${NS}/tags/${tag}`, { auth });
      expect(c.status).toBe(categoryStatus);
      expect(t.status).toBe(tagStatus);
      if (c.status >= 400) expect(c.body.code).toBe('rest_forbidden');
      if (t.status >= 400) expect(t.body.code).toBe('rest_forbidden');
    });
  }

  it('checks the id before the rights: unknown ids are 400 for everyone', async () => {
    const server = await startTestServer();
    const subscriber = await server.userWith('subscriber');
    const tag = await createId(server, 'tags', { name: 'T' });
    for (const auth of [subscriber.auth, undefined, server.admin]) {
      for (const path of ['categories/23', `categories/${tag}`, 'tags/23']) {
        const res = await server.call('DELETE', `${NS}/${path}`, { auth });
        expect(res.status, path).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
      }
    }
    expect(
      (await server.call('DELETE', `${NS}/categories/foo`, { auth: server.admin })).status,
    ).toBe(404);
  });
});
