/**
 * The console's Backups screen in Chromium at 1280 and 375 px: back up now, the automatic
 * schedule and how its last run went, download, and a restore that brings back the data.
 * ALMANAC_SCREENSHOTS=1 writes the pictures of docs/console.md.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';
const EVENTS = '/api/calendar/events/v1/events';
const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;

async function shot(page: Page, name: string) {
  await settled(page);
  if (WRITE) await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}

async function createEvent(server: E2EServer, title: string): Promise<number> {
  const res = await fetch(`${server.url}${EVENTS}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      status: 'publish',
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const statusOf = async (server: E2EServer, id: number) =>
  (await fetch(`${server.url}${EVENTS}/${id}`, { headers: { authorization: auth } })).status;

describe.skipIf(!hasChromium)('the Backups screen', () => {
  let browser: Browser;
  const servers: E2EServer[] = [];

  beforeAll(async () => {
    browser = await launch();
    if (WRITE) mkdirSync(OUT, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.stop();
  });

  for (const [width, height, suffix] of [
    [1280, 860, 'desktop'],
    [375, 812, 'phone'],
  ] as const) {
    it(`backs up, schedules, downloads and restores at ${width} px`, async () => {
      const server = await startServer();
      servers.push(server);
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: 'light',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Nothing asks through the browser's confirm(): the console has its own dialog.
      page.on('dialog', (dialog) => {
        errors.push(`browser dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await signIn(page, server.url);
      const kept = await createEvent(server, 'Kept by the backup');

      await page.goto(`${server.url}/console/admin/backups`);
      await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
      await page.getByText('No automatic backup has been made yet.').waitFor();
      await page.getByRole('button', { name: 'Back up now' }).click();
      const rows = page.locator('table.table tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      const manual = (await rows.first().locator('td').first().textContent())!;
      expect(manual).toMatch(/^almanac-\d{8}T\d{6}Z\.db$/);

      // The schedule: weekly, five kept; saved through the settings.
      await page.getByLabel('Back up automatically').selectOption('weekly');
      await page.getByLabel('Automatic backups to keep').fill('5');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('Backup schedule saved.').waitFor();
      const settings = (await (
        await fetch(`${server.url}/api/calendar/admin/v1/settings`, {
          headers: { authorization: auth },
        })
      ).json()) as { backup_schedule: string; backup_keep: number };
      expect(settings).toMatchObject({ backup_schedule: 'weekly', backup_keep: 5 });

      // An automatic backup runs; the screen tells how it went.
      await server.services.backupSchedule.tick();
      await page.reload();
      await page.getByText(/Last automatic backup: almanac-.*-scheduled\.db/).waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      await shot(page, `backups-${suffix}`);

      const row = rows.filter({ hasText: manual });
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(manual);

      // An event made after the backup is gone once it is restored; the one before stays.
      const later = await createEvent(server, 'Made after the backup');
      await row.getByRole('button', { name: 'Restore' }).click();
      const ask = page.getByRole('dialog', { name: /^Replace all the data with almanac-/ });
      await ask.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(/^Restored from almanac-/).waitFor();
      // The notice leaves the row it answers in view: it covers none of the row's buttons.
      const notice = page.locator('.toast', { hasText: 'Restored from' });
      const covered = async () => {
        const box = await notice.boundingBox();
        let count = 0;
        for (const button of await row.getByRole('button').all()) {
          const b = await button.boundingBox();
          if (
            box &&
            b &&
            box.x < b.x + b.width &&
            b.x < box.x + box.width &&
            box.y < b.y + b.height &&
            b.y < box.y + box.height
          )
            count++;
        }
        return count;
      };
      await expect.poll(covered).toBe(0);
      expect(await statusOf(server, kept)).toBe(200);
      expect(await statusOf(server, later)).toBeGreaterThanOrEqual(400);
      await expect.poll(() => rows.filter({ hasText: '-before-restore' }).count()).toBe(1);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
