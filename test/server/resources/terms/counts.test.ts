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
    const a = addEvent(server, 'publish');
    const b = addEvent(server, 'publish');
    const draft = addEvent(server, 'draft');
    linkTerms(server, a, [cat, tag]);
    linkTerms(server, b, [cat]);
    linkTerms(server, draft, [cat, tag]);
    expect(await count(server, 'categories', cat)).toBe(2);
    expect(await count(server, 'tags', tag)).toBe(1);

    setStatus(server, draft, 'publish');
    expect(await count(server, 'categories', cat)).toBe(3);
    setStatus(server, a, 'draft');
    expect(await count(server, 'categories', cat)).toBe(2);
    expect(await count(server, 'tags', tag)).toBe(1);
    setStatus(server, b, 'trash');
    expect(await count(server, 'categories', cat)).toBe(1);
    setStatus(server, b, 'publish');
    expect(await count(server, 'categories', cat)).toBe(2);

    unlinkTerm(server, b, cat);
    expect(await count(server, 'categories', cat)).toBe(1);
  });

  it('give back the counts of a deleted published event exactly once', async () => {
    const server = await startTestServer();
    const cat = await term(server, 'categories', 'Cat');
    const tag = await term(server, 'tags', 'Tag');
    const a = addEvent(server, 'publish');
    const draft = addEvent(server, 'publish');
    linkTerms(server, a, [cat, tag]);
    linkTerms(server, draft, [cat, tag]);
    expect(await count(server, 'categories', cat)).toBe(2);
    deleteEvent(server, draft);
    expect(await count(server, 'categories', cat)).toBe(1);
    expect(await count(server, 'tags', tag)).toBe(1);
    deleteEvent(server, a);
    expect(await count(server, 'categories', cat)).toBe(0);
    expect(await count(server, 'tags', tag)).toBe(0);
  });
});
