import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { addEvent, deleteEvent, linkTerms, setStatus, unlinkTerm } from './fixtures.js';
import { createId } from '../../../helpers/fixtures.js';

const NS = '/api/calendar/events/v1';

const term = (server: TestServer, kind: 'categories' | 'tags', name: string) =>
  createId(server, kind, { name });

async function count(server: TestServer, kind: 'categories' | 'tags', id: number) {
  const res = await server.call('GET', `${NS}/${kind}/${id}`);
  expect(res.status).toBe(200);
  return res.body.count;
}

describe('term counts', () => {
  it('count only published events, through publish, unpublish, trash and unlink', async () => {
    const server = await startTestServer();
    const cat = await term(server, 'categories', 'Cat');
    const tag = await term(server, 'tags', 'Tag');
    const a = await addEvent(server, 'publish');
    const b = await addEvent(server, 'publish');
    const draft = await addEvent(server, 'draft');
    await linkTerms(server, a, [cat, tag]);
    await linkTerms(server, b, [cat]);
    await linkTerms(server, draft, [cat, tag]);
    expect(await count(server, 'categories', cat)).toBe(2);
    expect(await count(server, 'tags', tag)).toBe(1);

    await setStatus(server, draft, 'publish');
    expect(await count(server, 'categories', cat)).toBe(3);
    await setStatus(server, a, 'draft');
    expect(await count(server, 'categories', cat)).toBe(2);
    expect(await count(server, 'tags', tag)).toBe(1);
    await setStatus(server, b, 'trash');
    expect(await count(server, 'categories', cat)).toBe(1);
    await setStatus(server, b, 'publish');
    expect(await count(server, 'categories', cat)).toBe(2);

    await unlinkTerm(server, b, cat);
    expect(await count(server, 'categories', cat)).toBe(1);
  });

  it('give back the counts of a deleted published event exactly once', async () => {
    const server = await startTestServer();
    const cat = await term(server, 'categories', 'Cat');
    const tag = await term(server, 'tags', 'Tag');
    const a = await addEvent(server, 'publish');
    const draft = await addEvent(server, 'publish');
    await linkTerms(server, a, [cat, tag]);
    await linkTerms(server, draft, [cat, tag]);
    expect(await count(server, 'categories', cat)).toBe(2);
    await deleteEvent(server, draft);
    expect(await count(server, 'categories', cat)).toBe(1);
    expect(await count(server, 'tags', tag)).toBe(1);
    await deleteEvent(server, a);
    expect(await count(server, 'categories', cat)).toBe(0);
    expect(await count(server, 'tags', tag)).toBe(0);
  });
});
