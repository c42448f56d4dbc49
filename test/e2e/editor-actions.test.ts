/**
 * The editors' everyday actions in Chromium: duplicating an event, a trashed event or venue
 * shown read-only with Restore, toasts that stay while hovered or focused and never cover Save,
 * and a refused save that moves the focus to the first message, in plain words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shoot } from './support/shots.js';

const EV = '/api/calendar/events/v1';
const AUTH = basic(ADMIN.login, ADMIN.password);

describe.skipIf(!hasChromium)('editor actions', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const post = async (path: string, body: unknown) => {
    const result = await call(server.url, `${EV}/${path}`, AUTH, { method: 'POST', body });
    expect(result.status).toBeLessThan(300);
    return result.json as { id: number } & Record<string, unknown>;
  };
  const concert = (title: string) =>
    post('events', {
      title,
      description: 'Strings and a piano.',
      start_date: '2026-12-10 19:30:00',
      end_date: '2026-12-10 21:00:00',
      status: 'publish',
    });

  async function open(width: number, height: number, scheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
    return page;
  }

  const heading = (page: Page, name: string) =>
    page.getByRole('heading', { name, level: 1 }).waitFor();

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('duplicates an event into a new draft, saved only on Create', async () => {
    const venue = await post('venues', { venue: 'Harbour Hall', city: 'Lisbon' });
    const organizer = await post('organizers', { organizer: 'Ada Events' });
    const category = await post('categories', { name: 'Concerts' });
    const tag = await post('tags', { name: 'free' });
    const original = await post('events', {
      title: 'Winter recital',
      description: 'Strings and a piano.',
      start_date: '2026-12-12 19:30:00',
      end_date: '2026-12-12 21:00:00',
      venue: venue.id,
      organizer: [organizer.id],
      categories: [category.id],
      tags: [tag.id],
      slug: 'winter-recital',
    });
    const countEvents = async () =>
      (
        await call(
          server.url,
          `${EV}/events?status=publish,draft&start_date=1970-01-01&per_page=50`,
          AUTH,
        )
      ).json.total;
    const before = await countEvents();

    const page = await open(1280, 900);
    await page.goto(`${server.url}/console/events/${original.id}`);
    await heading(page, 'Winter recital');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await heading(page, 'New event');
    expect(page.url()).toBe(`${server.url}/console/events/new?copy=${original.id}`);
    await expect.poll(() => page.getByLabel('Title *').inputValue()).toBe('Winter recital (copy)');
    expect(await page.getByLabel('Starts *').inputValue()).toBe('2026-12-12T19:30');
    expect(await page.getByLabel('Ends *').inputValue()).toBe('2026-12-12T21:00');
    expect(await page.getByLabel('Status').inputValue()).toBe('draft');
    expect(await page.getByLabel('Description').inputValue()).toBe('Strings and a piano.');
    expect(await page.getByLabel('Slug').inputValue()).toBe('');
    await page.getByRole('list', { name: 'Selected venue' }).getByText('Harbour Hall').waitFor();
    await page.getByRole('list', { name: 'Selected organizers' }).getByText('Ada Events').waitFor();
    await page.getByRole('list', { name: 'Selected categories' }).getByText('Concerts').waitFor();
    await page.getByRole('list', { name: 'Selected tags' }).getByText('free').waitFor();
    await settled(page);
    // Nothing is saved before Create.
    expect(await countEvents()).toBe(before);

    await page.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/console\/events\/\d+$/);
    const copyId = Number(page.url().split('/').pop());
    expect(copyId).not.toBe(original.id);
    const copy = (await call(server.url, `${EV}/events/${copyId}`, AUTH)).json;
    expect(copy).toMatchObject({
      title: 'Winter recital (copy)',
      status: 'draft',
      start_date: '2026-12-12 19:30:00',
      end_date: '2026-12-12 21:00:00',
      venue: { id: venue.id },
      organizer: [{ id: organizer.id }],
      categories: [{ id: category.id }],
      tags: [{ id: tag.id }],
    });
    expect(copy.slug).not.toBe('winter-recital');
    const still = (await call(server.url, `${EV}/events/${original.id}`, AUTH)).json;
    expect(still).toMatchObject({ title: 'Winter recital', status: 'publish' });
  });

  for (const [width, height, suffix, scheme] of [
    [1280, 900, 'desktop', 'light'],
    [375, 812, 'phone', 'light'],
    [1280, 900, 'desktop-dark', 'dark'],
  ] as const) {
    it(`shows a trashed event read-only with Restore (${suffix})`, async () => {
      const event = await concert(`Trashed concert ${suffix}`);
      await call(server.url, `${EV}/events/${event.id}`, AUTH, { method: 'DELETE' });
      const page = await open(width, height, scheme);
      await page.goto(`${server.url}/console/events/${event.id}`);
      await heading(page, `Trashed concert ${suffix}`);
      const banner = page.getByRole('region', { name: 'In the trash' });
      await banner.waitFor();
      expect(await page.getByLabel('Title *').isDisabled()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'Organizers' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Move to trash' }).count()).toBe(0);
      expect(await banner.getByRole('button', { name: 'Delete permanently' }).count()).toBe(1);
      await settled(page);
      await shoot(page, `event-trashed-${suffix}`);

      await banner.getByRole('button', { name: 'Restore' }).click();
      await page.getByText('The event is restored.').waitFor();
      await banner.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      expect(await page.getByLabel('Title *').isDisabled()).toBe(false);
      const restored = await call(server.url, `${EV}/events/${event.id}`, AUTH);
      expect(restored.json.status).toBe('publish');
    });
  }

  it('shows a trashed venue read-only, and deletes it permanently', async () => {
    const venue = await post('venues', { venue: 'Old Barn', city: 'Porto' });
    await call(server.url, `${EV}/venues/${venue.id}`, AUTH, { method: 'DELETE' });
    const page = await open(1280, 900);
    await page.goto(`${server.url}/console/venues/${venue.id}`);
    const banner = page.getByRole('region', { name: 'In the trash' });
    await banner.waitFor();
    expect(await page.getByLabel('Name *').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    page.once('dialog', (dialog) => void dialog.accept());
    await banner.getByRole('button', { name: 'Delete permanently' }).click();
    await heading(page, 'Venues');
    const gone = await call(server.url, `${EV}/venues/${venue.id}`, AUTH);
    expect(gone.status).toBeGreaterThanOrEqual(400);
  });

  /** The toast's box shares no pixel with any of the controls' boxes (polled: the page makes room). */
  async function apart(toast: Locator, controls: Locator[]) {
    const overlaps = async () => {
      const a = await toast.boundingBox();
      expect(a).not.toBeNull();
      const hits: number[] = [];
      for (const [i, control] of controls.entries()) {
        const b = await control.boundingBox();
        expect(b).not.toBeNull();
        if (
          a!.x < b!.x + b!.width &&
          b!.x < a!.x + a!.width &&
          a!.y < b!.y + b!.height &&
          b!.y < a!.y + a!.height
        )
          hits.push(i);
      }
      return hits;
    };
    await expect.poll(overlaps).toEqual([]);
  }

  /** The screen as it is, light then dark. */
  async function shootThemes(page: Page, name: string) {
    await shoot(page, name);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, `${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  for (const [width, height, suffix] of [
    [1280, 860, 'desktop'],
    [375, 812, 'phone'],
  ] as const) {
    it(`keeps toasts clear of Save and Send, and on screen while hovered or focused (${width} px)`, async () => {
      const event = await concert(`Toast concert ${width}`);
      const page = await open(width, height);
      await page.goto(`${server.url}/console/events/${event.id}`);
      await heading(page, `Toast concert ${width}`);
      await page.getByLabel('Title *').fill(`Toast concert ${width} (moved)`);
      const save = page.getByRole('button', { name: 'Save changes' });
      await save.click();
      const toast = page.locator('.toast', { hasText: 'Saved “Toast concert' });
      await toast.waitFor();
      await apart(toast, [save]);
      await shootThemes(page, `event-editor-toast-${suffix}`);

      // Held by the pointer anywhere on it, its text included. A toast leaves after 5 s; held
      // for longer, it is still there, and it leaves once the pointer has gone.
      await toast.getByText('Saved “Toast concert').hover();
      await page.waitForTimeout(6_500);
      expect(await toast.isVisible()).toBe(true);
      await page.mouse.move(width - 5, 200);
      await toast.waitFor({ state: 'detached' });

      // Held by the focus too (a keyboard reaching for its button).
      await page.getByLabel('Title *').fill(`Toast concert ${width} (again)`);
      await save.click();
      // Save moved up to make room for the notice, which may now lie under the pointer.
      await page.mouse.move(width - 5, 200);
      const again = page.locator('.toast', { hasText: 'Saved “Toast concert' });
      await again.getByRole('button', { name: 'Dismiss' }).focus();
      await page.waitForTimeout(6_500);
      expect(await again.isVisible()).toBe(true);
      await page.getByLabel('Title *').focus();
      await again.waitFor({ state: 'detached' });

      // The explorer: a notice after Copy as curl, its action row at the bottom of the window.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: server.url,
      });
      await page.goto(`${server.url}/console/explorer`);
      await page.getByRole('button', { name: 'POST /events', exact: true }).click();
      await page.getByLabel('Anonymously').check();
      const send = page.getByRole('button', { name: 'Send' });
      const copy = page.getByRole('button', { name: 'Copy as curl' });
      await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await copy.click();
      const copied = page.locator('.toast', { hasText: 'The curl command is on the clipboard' });
      await copied.waitFor();
      await apart(copied, [send, copy]);
      await shootThemes(page, `explorer-toast-${suffix}`);
    });
  }

  it('saves twice in a row without a false conflict, in the category and event editors', async () => {
    const category = await post('categories', { name: 'Chamber music' });
    const event = await concert('Twice saved recital');
    const page = await open(1280, 860);
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this' });
    const saveTwice = async (field: string, first: string, second: string) => {
      const save = page.getByRole('button', { name: 'Save changes' });
      await page.getByLabel(field).fill(first);
      await save.click();
      await page.locator('.toast', { hasText: `Saved “${first}”` }).waitFor();
      await page.getByLabel(field).fill(second);
      await save.click();
      await page.locator('.toast', { hasText: `Saved “${second}”` }).waitFor();
      expect(await conflict.count()).toBe(0);
    };

    await page.goto(`${server.url}/console/categories/${category.id}`);
    await heading(page, 'Chamber music');
    await saveTwice('Name *', 'Chamber music (autumn)', 'Chamber music (winter)');
    const term = await call(server.url, `${EV}/categories/${category.id}`, AUTH);
    expect(term.json.name).toBe('Chamber music (winter)');

    await page.goto(`${server.url}/console/events/${event.id}`);
    await heading(page, 'Twice saved recital');
    await saveTwice('Title *', 'Twice saved recital (1)', 'Twice saved recital (2)');
    const saved = await call(server.url, `${EV}/events/${event.id}`, AUTH);
    expect(saved.json.title).toBe('Twice saved recital (2)');
  });

  it('moves the focus to the first error, in plain words under its field', async () => {
    const organizer = await post('organizers', { organizer: 'Gone Soon' });
    const page = await open(1280, 900);
    await page.goto(`${server.url}/console/events/new`);
    await heading(page, 'New event');
    // Checked in the browser first: the empty title.
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('title');

    // Refused by the server: an organizer deleted meanwhile.
    await page.getByLabel('Title *').fill('Late night session');
    const organizers = page.getByRole('combobox', { name: 'Organizers' });
    await organizers.fill('gone');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Selected organizers' }).getByText('Gone Soon').waitFor();
    await call(server.url, `${EV}/organizers/${organizer.id}`, AUTH, { method: 'DELETE' });
    await call(server.url, `/api/calendar/admin/v1/trash/${organizer.id}`, AUTH, {
      method: 'DELETE',
    });
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByText('One of these organizers no longer exists: remove it.').waitFor();
    await expect.poll(() => organizers.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await organizers.getAttribute('aria-invalid')).toBe('true');
    await settled(page);
    await shoot(page, 'event-editor-errors-desktop');
  });
});
