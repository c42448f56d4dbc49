/**
 * The console's one search box, in Chromium: "/" reaches it, results come grouped by type, the
 * arrow keys move through them and Enter opens one; and "Copy as curl" asks before putting the
 * live session token on the clipboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { call } from './support/api.js';
import { adminAuth, signedInPage } from './support/people.js';
import { startServer, type E2EServer } from './support/server.js';
import { settled } from './support/session.js';
import { shootVariants } from './support/variants.js';

describe.skipIf(!hasChromium)('global search', () => {
  let server: E2EServer;
  let browser: Browser;
  let venueId = 0;
  let tagId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    const post = async (path: string, body: unknown) =>
      (
        await call(server.url, `/api/calendar/events/v1/${path}`, adminAuth, {
          method: 'POST',
          body,
        })
      ).json.id as number;
    venueId = await post('venues', { venue: 'Harbour Hall', city: 'Lyon' });
    tagId = await post('tags', { name: 'harbourside' });
    await post('organizers', { organizer: 'Harbour Society' });
    await post('events', {
      title: 'Harbour lights walk',
      start_date: '2027-05-01 20:00:00',
      end_date: '2027-05-01 22:00:00',
      tags: [tagId],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search everything' });

  it('finds a venue and a tag, grouped, and opens them with the keyboard', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await settled(page);
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    await page.keyboard.type('harbour');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: 'Harbour Hall' }).waitFor();
    const groups = await results
      .getByRole('group')
      .evaluateAll((nodes) =>
        nodes.map(
          (n) =>
            n.getAttribute('aria-labelledby') &&
            document.getElementById(n.getAttribute('aria-labelledby')!)?.textContent,
        ),
      );
    expect(groups).toEqual(['Events', 'Venues', 'Organizers', 'Tags']);
    expect(
      await results.getByRole('group', { name: 'Tags' }).getByRole('option').allTextContents(),
    ).toEqual(['harbourside']);
    await shootVariants(page, 'global-search', ['desktop']);
    // Events first: one step down reaches the venue.
    await page.keyboard.press('ArrowDown');
    expect(
      await results.getByRole('option', { name: 'Harbour Hall' }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Harbour Hall', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/venues/${venueId}`);

    await searchBox(page).fill('harbourside');
    await results.getByRole('group', { name: 'Tags' }).getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'harbourside', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/tags/${tagId}`);

    await searchBox(page).fill('zebra crossing');
    await page.getByText('Nothing found for “zebra crossing”.').waitFor();

    // On a phone the box is at the top of the menu.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await searchBox(page).fill('harbour');
    await results.getByRole('option', { name: 'Harbour Hall' }).waitFor();
    await shootVariants(page, 'global-search', ['phone']);
    await page.context().close();
  });

  it('asks before copying a curl command that carries the session token', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await page.goto(`${server.url}/console/explorer`);
    await page.getByRole('button', { name: 'GET /events', exact: true }).click();
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy your live session token?' });
    await dialog.waitFor();
    await shootVariants(page, 'curl-warning');
    await dialog.getByRole('button', { name: 'Copy with a placeholder' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("'Authorization: Bearer <your-token>'");
    expect(copied).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);

    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await dialog.getByRole('button', { name: 'Copy with my token' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/Authorization: Bearer (?!<your-token>)\S+/);
    await page.context().close();
  });
});
