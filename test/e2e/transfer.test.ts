/**
 * The console's Export and import screen in Chromium: the JSON export and the CSV downloaded,
 * and another Almanac's calendar brought in after a dry run that says what would change.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';
const EVENTS = '/api/calendar/events/v1/events';
const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;

describe.skipIf(!hasChromium)('the Export and import screen', () => {
  let source: E2EServer;
  let target: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [source, target] = await Promise.all([startServer(), startServer()]);
    for (const title of ['Spring fair', 'Summer concert']) {
      const res = await fetch(`${source.url}${EVENTS}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          start_date: '2026-12-10 10:00:00',
          end_date: '2026-12-10 12:00:00',
          status: 'publish',
          venue: { venue: 'Town hall' },
        }),
      });
      expect(res.status).toBe(201);
    }
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await source?.stop();
    await target?.stop();
  });

  it('exports, then imports another site after showing what would change', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, target.url);
    await page.goto(`${target.url}/console/admin/transfer`);
    await page.getByRole('heading', { name: 'Export and import', level: 1 }).waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download everything (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^almanac-export-\d{4}-\d{2}-\d{2}\.json$/);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download events (CSV)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);

    await page.getByLabel('Site address').fill(source.url);
    await page.getByRole('button', { name: 'Check what would change' }).click();
    await page.getByRole('heading', { name: 'What the import would do' }).waitFor();
    const counts = page.locator('.import-report__counts dd');
    // Two events and their venue; nothing is written yet.
    expect(Number(await counts.first().textContent())).toBeGreaterThanOrEqual(3);
    const before = await fetch(`${target.url}${EVENTS}`, { headers: { authorization: auth } });
    expect(((await before.json()) as { total: number }).total).toBe(0);
    await settled(page);
    if (WRITE) await page.screenshot({ path: `${OUT}transfer-desktop.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    const after = await fetch(`${target.url}${EVENTS}`, { headers: { authorization: auth } });
    const titles = ((await after.json()) as { events: Array<{ title: string }> }).events.map(
      (e) => e.title,
    );
    expect(titles.sort()).toEqual(['Spring fair', 'Summer concert']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
