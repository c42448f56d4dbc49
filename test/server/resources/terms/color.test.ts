import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';
import { NS } from './fixtures.js';

describe('category colour', () => {
  it('is written by POST and PATCH, read back lower-case by anyone, and cleared by ""', async () => {
    const server = await startTestServer();
    const editor = await server.userWith('editor');
    const created = await server.call('POST', `${NS}/categories`, {
      auth: editor.auth,
      body: { name: 'Music', color: '#1A7F37' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(Object.keys(created.body)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'color',
      'meta',
      'url',
      'urls',
    ]);
    expect(created.body.color).toBe('#1a7f37');

    const anonymous = await server.call('GET', `${NS}/categories/${id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.color).toBe('#1a7f37');
    const listed = await server.call('GET', `${NS}/categories?hide_empty=false`);
    expect((listed.body.categories as Array<{ color?: string }>)[0]!.color).toBe('#1a7f37');

    const renamed = await server.call('PATCH', `${NS}/categories/${id}`, {
      auth: editor.auth,
      body: { name: 'Concerts' },
    });
    expect(renamed.body.color).toBe('#1a7f37');

    const recoloured = await server.call('PATCH', `${NS}/categories/${id}`, {
      auth: editor.auth,
      form: { color: '#ffcc00' },
    });
    expect(recoloured.status).toBe(200);
    expect(recoloured.body.color).toBe('#ffcc00');

    const cleared = await server.call('PATCH', `${NS}/categories/${id}`, {
      auth: editor.auth,
      body: { color: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('color');
    expect(Object.keys(cleared.body)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
    ]);
  });

  it('refuses a colour not written #rrggbb with a 400 naming color, and changes nothing', async () => {
    const server = await startTestServer();
    const created = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Film', color: '#123456' },
    });
    const id = created.body.id as number;
    for (const color of ['red', '#12345', '#1234567', '#12345g', 'rgb(0,0,0)', 12]) {
      const create = await server.call('POST', `${NS}/categories`, {
        auth: server.admin,
        body: { name: 'Other', color },
      });
      expect(create.status, String(color)).toBe(400);
      expect(create.body.code).toBe('rest_invalid_param');
      expect(Object.keys((create.body.data as { params: object }).params)).toEqual(['color']);
      const update = await server.call('PATCH', `${NS}/categories/${id}`, {
        auth: server.admin,
        body: { color },
      });
      expect(update.status, String(color)).toBe(400);
    }
    const after = await server.call('GET', `${NS}/categories/${id}`);
    expect(after.body.color).toBe('#123456');
    const others = await server.call('GET', `${NS}/categories?hide_empty=false&search=Other`);
    expect(others.body.total).toBe(0);
  });

  it('is not a tag field: a colour sent to /tags is ignored', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: 'Outdoor', color: '#00ff00' },
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('color');
  });
});
