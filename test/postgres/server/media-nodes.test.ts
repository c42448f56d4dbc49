/**
 * Media files on two PostgreSQL nodes with their own data folders (issue 26, "Media are served
 * by every node"): a media item's row is in the database, its file in the media folder of the
 * node that took the upload, so nodes on several machines name one shared folder with
 * --media-dir (docs/scaling.md, "Media files").
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { pngBytes, upload } from '../../server/resources/media/helpers.js';

const ADMIN_MEDIA = '/api/calendar/admin/v1/media';

async function twoNodes(mediaDir?: string): Promise<[TestServer, TestServer]> {
  const config = mediaDir === undefined ? {} : { mediaDir };
  const log = createLogger('error');
  const a = await startTestServer({ engine: 'postgres', file: true, config, start: { log } });
  const b = await startTestServer({
    databaseUrl: a.databaseUrl!,
    file: true,
    config,
    start: { log },
  });
  return [a, b];
}

async function uploadedOn(node: TestServer): Promise<{ id: number; url: string }> {
  const uploaded = await upload(`${node.url}${ADMIN_MEDIA}`, node.admin, pngBytes(3, 2));
  expect(uploaded.status).toBe(201);
  return { id: uploaded.body.id as number, url: uploaded.body.url as string };
}

/** The file's path on the node asked, whatever origin its URL was written with. */
const on = (node: TestServer, url: string): string => `${node.url}${new URL(url).pathname}`;

describe('media files on two nodes', () => {
  it('serves an image uploaded on A from B when both name one media folder', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'almanac-shared-media-'));
    const [a, b] = await twoNodes(shared);
    const image = await uploadedOn(a);
    const fromB = await fetch(on(b, image.url));
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(pngBytes(3, 2))).toBe(true);
    const listed = await b.call('GET', `${ADMIN_MEDIA}/${image.id}`, { auth: b.admin });
    expect(listed.status, listed.text).toBe(200);
  });

  it('lists the item on B but cannot serve its file when each node keeps its own folder', async () => {
    const [a, b] = await twoNodes();
    const image = await uploadedOn(a);
    expect((await fetch(on(a, image.url))).status).toBe(200);
    const listed = await b.call('GET', `${ADMIN_MEDIA}/${image.id}`, { auth: b.admin });
    expect(listed.status, listed.text).toBe(200);
    expect((await fetch(on(b, image.url))).status).toBe(404);
  });
});
