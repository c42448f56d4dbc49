/**
 * Every orderby of the event, venue and organizer listings reads its page through an index in
 * that order (migration 0015): EXPLAIN QUERY PLAN of the statement the listing ran shows the
 * index and no sort of the whole result.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { EVENT_ORDERBY, LINKED_ORDERBY } from '../../../../shared/schemas/order.js';
import { NS } from '../../../helpers/fixtures.js';

/** Records the SQL of every statement prepared while `run` goes. */
async function prepared(server: TestServer, run: () => Promise<unknown>): Promise<string[]> {
  const { db } = server;
  const original = db.prepare.bind(db);
  const seen: string[] = [];
  db.prepare = ((sql: string) => {
    seen.push(sql);
    return original(sql);
  }) as typeof db.prepare;
  try {
    await run();
  } finally {
    db.prepare = original;
  }
  return seen;
}

function plan(server: TestServer, sql: string): string {
  const params = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map(([, name]) => [name, '[]']));
  const rows = server.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{
    detail: string;
  }>;
  return rows.map((row) => row.detail).join('\n');
}

/** The plan of the page statement a listing request prepared. */
async function pagePlan(server: TestServer, path: string, auth?: string) {
  const statements = await prepared(server, async () => {
    const res = await server.call('GET', path, { auth });
    expect(res.status, res.text).toBe(200);
  });
  const page = statements.find((sql) => /ORDER BY .* LIMIT @limit/s.test(sql));
  expect(page, `no page statement for ${path}`).toBeDefined();
  return plan(server, page!);
}

const EVENT_INDEX: Record<string, RegExp> = {
  start_date: /INDEX events_(start|listing)\b/,
  end_date: /INDEX events_end\b/,
  title: /INDEX events_title\b/,
  date: /INDEX events_date\b/,
  modified: /INDEX events_modified\b/,
};

describe('listing orders use an index', () => {
  it.each(EVENT_ORDERBY.flatMap((by) => ['asc', 'desc'].map((dir) => [by, dir])))(
    'events orderby=%s order=%s, anonymous and as an administrator',
    async (by, dir) => {
      const server = await startTestServer();
      for (const auth of [undefined, server.admin]) {
        const detail = await pagePlan(server, `${NS}/events?orderby=${by}&order=${dir}`, auth);
        expect(detail).toMatch(EVENT_INDEX[by]!);
        expect(detail).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    },
  );

  const LINKED_INDEX: Record<string, string> = {
    date: 'date',
    title: 'title',
    modified: 'modified',
  };
  it.each(
    (['venues', 'organizers'] as const).flatMap((kind) =>
      LINKED_ORDERBY.flatMap((by) => ['asc', 'desc'].map((dir) => [kind, by, dir])),
    ),
  )('%s orderby=%s order=%s, anonymous and as an administrator', async (kind, by, dir) => {
    const server = await startTestServer();
    for (const auth of [undefined, server.admin]) {
      const detail = await pagePlan(server, `${NS}/${kind}?orderby=${by}&order=${dir}`, auth);
      expect(detail).toMatch(new RegExp(`INDEX ${kind}_(status_)?${LINKED_INDEX[by]}\\b`));
      expect(detail).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});
