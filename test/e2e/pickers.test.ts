/**
 * The event editor's venue, organizer, category and tag pickers in Chromium: an ARIA combobox
 * whose arrow keys move through the options without adding any, Enter adds, typing filters,
 * Escape closes, and each chosen item is a chip with its own remove button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { call, basic } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { seed } from './support/seed.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shoot } from './support/shots.js';

const EV = '/api/calendar/events/v1';

/** The text of the option the combobox names as active, or null. */
async function activeOption(page: Page, box: Locator): Promise<string | null> {
  const id = await box.getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

describe.skipIf(!hasChromium)('event pickers', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await seed(server.url);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('move with the arrow keys, add with Enter, filter by typing and remove by chip', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
    await page.goto(`${server.url}/console/events/new`);
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
    await page.getByLabel('Title *').fill('Picker party');

    const organizers = page.getByRole('combobox', { name: 'Organizers' });
    const chips = page.getByRole('list', { name: 'Selected organizers' });
    await organizers.focus();
    await page.keyboard.press('ArrowDown');
    expect(await organizers.getAttribute('aria-expanded')).toBe('true');
    const list = page.locator(`[id="${await organizers.getAttribute('aria-controls')}"]`);
    expect(await list.getAttribute('role')).toBe('listbox');
    expect(await activeOption(page, organizers)).toBe('Ada Events');
    await page.keyboard.press('ArrowDown');
    expect(await activeOption(page, organizers)).toBe('City Makers Club');
    await page.keyboard.press('ArrowUp');
    expect(await activeOption(page, organizers)).toBe('Ada Events');
    // Moving never adds.
    expect(await chips.count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await chips.getByText('City Makers Club').waitFor();
    expect(page.url()).toMatch(/\/events\/new$/);

    // Type-ahead, then Enter; Escape closes.
    await page.keyboard.type('ada');
    expect(await activeOption(page, organizers)).toBe('Ada Events');
    await page.keyboard.press('Enter');
    await chips.getByText('Ada Events').waitFor();
    await page.keyboard.press('Escape');
    expect(await organizers.getAttribute('aria-expanded')).toBe('false');

    // A chip's own button removes it.
    await page.getByRole('button', { name: 'Remove City Makers Club' }).click();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['Ada Events×']);

    const categories = page.getByRole('combobox', { name: 'Categories' });
    await categories.fill('work');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Selected categories' }).getByText('Workshops').waitFor();
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Selected tags' }).getByText('free').waitFor();

    // The venue: one at most.
    const venue = page.getByRole('combobox', { name: 'Venue' });
    await venue.fill('lyon');
    expect(await activeOption(page, venue)).toBe('The Old Library — Lyon');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Selected venue' }).getByText('The Old Library').waitFor();
    await venue.fill('harbour');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('list', { name: 'Selected venue' }).textContent())
      .toBe('Harbour Hall×');

    // "+ New organizer" still works with Enter in its panel, and adds the new one.
    await page.getByRole('button', { name: '+ New organizer' }).click();
    const panel = page.getByRole('group', { name: 'New organizer' });
    await panel.getByLabel('Name *').fill('Night Owls');
    await panel.getByLabel('Name *').press('Enter');
    await chips.getByText('Night Owls').waitFor();

    await organizers.focus();
    await page.keyboard.press('ArrowDown');
    await organizers.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settled(page);
    await shoot(page, 'event-editor-pickers-desktop');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/console\/events\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const saved = await call(server.url, `${EV}/events/${id}`, basic(ADMIN.login, ADMIN.password));
    const names = (list: unknown) =>
      (list as Array<{ name?: string; organizer?: string }>).map((x) => x.name ?? x.organizer);
    expect(names(saved.json.organizer)).toEqual(['Ada Events', 'Night Owls']);
    expect(names(saved.json.categories)).toEqual(['Workshops']);
    expect(names(saved.json.tags)).toEqual(['free']);
    expect(saved.json.venue).toMatchObject({ venue: 'Harbour Hall' });
    await context.close();
  });

  for (const [width, height, suffix, scheme] of [
    [375, 812, 'phone', 'light'],
    [1280, 900, 'desktop-dark', 'dark'],
    [375, 812, 'phone-dark', 'dark'],
  ] as const) {
    it(`shows the open list and chips at ${width} px (${scheme})`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, server.url);
      await page.goto(`${server.url}/console/events/new`);
      await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
      const organizers = page.getByRole('combobox', { name: 'Organizers' });
      await organizers.fill('club');
      await page.keyboard.press('Enter');
      await page
        .getByRole('list', { name: 'Selected organizers' })
        .getByText('City Makers Club')
        .waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await activeOption(page, organizers)).toBe('Ada Events');
      await organizers.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settled(page);
      await shoot(page, `event-editor-pickers-${suffix}`);
      await context.close();
    });
  }
});
