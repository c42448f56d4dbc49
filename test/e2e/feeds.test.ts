/**
 * The console's Subscribe and Import screens and the public calendar in Chromium, at desktop
 * (1280 px) and phone (375 px) widths, with the print view of the month. ALMANAC_SCREENSHOTS=1
 * writes the pictures of docs/console.md and docs/api/feeds.md.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { seed } from './support/seed.js';
import { startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const FIXTURE = fileURLToPath(
  new URL('../server/resources/feeds/fixtures/the-events-calendar.ics', import.meta.url),
);
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';

/** `pageScripts`: the console (which keeps a stream open); public pages are read without script. */
async function shot(page: Page, name: string, pageScripts = true) {
  if (pageScripts) await settled(page);
  else await page.waitForLoadState('networkidle');
  if (WRITE) await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}

describe.skipIf(!hasChromium)('feeds in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await seed(server.url);
    browser = await launch();
    if (WRITE) mkdirSync(OUT, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height, suffix] of [
    [1280, 860, 'desktop'],
    [375, 812, 'phone'],
  ] as const) {
    it(`subscribes and imports in the console at ${width} px`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: 'light',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, server.url);

      await page.goto(`${server.url}/console/subscribe`);
      await page.getByRole('heading', { name: 'Subscribe', level: 1 }).waitFor();
      await page.getByLabel('What to subscribe to').selectOption('categories');
      await page.getByLabel('One category').selectOption('meetups');
      const host = server.url.replace(/^http:\/\//, '');
      await expect
        .poll(() => page.getByLabel('Feed address').inputValue())
        .toBe(`${server.url}/calendar.ics?categories=meetups`);
      expect(
        await page.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href'),
      ).toBe(`webcal://${host}/calendar.ics?categories=meetups`);
      // The server answers on 127.0.0.1 alone (LAN sharing off): no phone could open the address,
      // so the screen offers no QR code and says why (test/e2e/connect.test.ts has sharing on).
      await page.locator('.subscribe__phones').waitFor();
      expect(await page.locator('.sharing__qr').count()).toBe(0);
      await shot(page, `subscribe-${suffix}`);

      await page.goto(`${server.url}/console/admin/import`);
      await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(FIXTURE);
      await page.getByRole('heading', { name: 'What this file would do' }).waitFor();
      const fresh = page.getByRole('heading', { name: 'New (2)', level: 3 });
      const again = page.getByRole('heading', { name: 'Already here, unchanged (2)', level: 3 });
      await fresh.or(again).waitFor();
      await shot(page, `import-${suffix}`);
      const button = page.getByRole('button', { name: /^Import \d+ events?$|^Nothing to import$/ });
      if (await fresh.isVisible()) {
        await button.click();
        await page.getByRole('heading', { name: 'Imported', level: 2 }).waitFor();
      } else {
        // The desktop run imported the file already: importing it again changes nothing.
        expect(await button.textContent()).toBe('Nothing to import');
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`shows the public calendar at ${width} px, and prints it`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: 'light',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${server.url}/events/`);
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      expect(await page.locator('ul.events li').count()).toBeGreaterThan(0);
      // Opened on 127.0.0.1 with LAN sharing off: the section says phones cannot use this address.
      await page.locator('section.subscribe .subscribe-phones').waitFor();
      expect(await page.locator('section.subscribe svg.qr').count()).toBe(0);
      await shot(page, `public-list-${suffix}`, false);

      await page.getByRole('link', { name: 'Month', exact: true }).click();
      await page.locator('table.month').waitFor();
      expect(await page.locator('table.month a').count()).toBeGreaterThan(0);
      // No horizontal scrolling at phone width.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `public-month-${suffix}`, false);

      await page.getByLabel('Search events').fill('jazz');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/search=jazz/);
      expect(await page.locator('table.month a').allTextContents()).toEqual(['Jazz by the river']);

      if (suffix === 'desktop') {
        await page.goto(`${server.url}/events/?view=month`);
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('section.subscribe').isVisible()).toBe(false);
        expect(await page.locator('form.search').isVisible()).toBe(false);
        await shot(page, 'public-month-print', false);
        await page.emulateMedia({ media: 'screen' });
      }
      expect(violations).toEqual([]);
      await context.close();
    });
  }
});
