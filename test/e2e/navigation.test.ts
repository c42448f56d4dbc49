/**
 * The console's address holds its state and its screens say who they are for, in Chromium:
 * a list's filter, page and sort survive reload and Back/Forward, the window title names the
 * screen, sorting orders the whole result, unknown addresses and screens for another role say
 * so with a way back, and the phone menu closes on Escape and on a tap outside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { call } from './support/api.js';
import { adminAuth, createUser, signedInPage } from './support/people.js';
import { startServer, type E2EServer } from './support/server.js';
import { settled } from './support/session.js';
import { shootVariants } from './support/variants.js';

/** The titles of the list's rows, in order. */
const rowTitles = (page: Page) => page.locator('tbody tr td.title-cell a').allTextContents();

describe.skipIf(!hasChromium)('navigation', () => {
  let server: E2EServer;
  let browser: Browser;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    // 30 events whose titles run opposite to their dates ("Talk 29" first), so the default
    // order (by start) and the title order differ on every page. Five are drafts.
    for (let i = 0; i < 30; i++) {
      const title = `Talk ${String(29 - i).padStart(2, '0')}`;
      const day = String(1 + i).padStart(2, '0');
      const res = await call(server.url, '/api/calendar/events/v1/events', adminAuth, {
        method: 'POST',
        body: {
          title,
          start_date: `2027-03-${day} 18:00:00`,
          end_date: `2027-03-${day} 19:00:00`,
          status: i % 6 === 0 ? 'draft' : 'publish',
        },
      });
      ids.set(title, res.json.id as number);
    }
    await createUser(server.url, 'edith', 'editor');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the filter, page and open item in the address through reload and Back/Forward', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/console/events`);
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    expect(await page.title()).toBe('Events — Almanac');
    await page.locator('.toolbar').getByLabel('Status').selectOption('publish');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('publish');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await settled(page);
    const second = await rowTitles(page);
    expect(second).toEqual(['Talk 04', 'Talk 03', 'Talk 02', 'Talk 01', 'Talk 00']);

    await page.reload();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await settled(page);
    expect(await rowTitles(page)).toEqual(second);
    expect(await page.locator('.toolbar').getByLabel('Status').inputValue()).toBe('publish');

    await page.getByRole('link', { name: 'Talk 02' }).click();
    await page.getByRole('heading', { name: 'Talk 02', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/events/${ids.get('Talk 02')}`);
    await expect.poll(() => page.title()).toBe('Edit: Talk 02 — Almanac');
    await page.reload();
    await page.getByRole('heading', { name: 'Talk 02', level: 1 }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await settled(page);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await rowTitles(page)).toEqual(second);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(null);
    await settled(page);
    expect((await rowTitles(page))[0]).toBe('Talk 28');
    await page.goForward();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goForward();
    await page.getByRole('heading', { name: 'Talk 02', level: 1 }).waitFor();
    await page.context().close();
  });

  it('sorts by title across every page, not only the page shown', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/console/events`);
    await settled(page);
    await page.getByRole('button', { name: /^Title/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('orderby')).toBe('title');
    await settled(page);
    const header = page.getByRole('columnheader', { name: /Title/ });
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const first = await rowTitles(page);
    expect(first.slice(0, 3)).toEqual(['Talk 00', 'Talk 01', 'Talk 02']);
    expect(first).toHaveLength(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await settled(page);
    expect(await rowTitles(page)).toEqual(Array.from({ length: 10 }, (_, i) => `Talk ${20 + i}`));
    await shootVariants(page, 'events-sorted');
    await page.getByRole('button', { name: /^Title/ }).click();
    await settled(page);
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    expect(new URL(page.url()).searchParams.get('page')).toBe(null);
    expect((await rowTitles(page)).slice(0, 2)).toEqual(['Talk 29', 'Talk 28']);
    await page.context().close();
  });

  it('keeps the calendar view and date in the address', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/console/?view=timeGridWeek&date=2027-03-10`);
    await page.locator('.fc-timeGridWeek-view').waitFor();
    expect(await page.locator('.fc-toolbar-title').textContent()).toMatch(/Mar.*2027/);
    await page.locator('.fc-next-button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe('2027-03-15');
    await page.reload();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    expect(await page.locator('.fc-toolbar-title').textContent()).toMatch(/15.*21|Mar 15/);
    await page.context().close();
  });

  it('steps back and forward through the calendar’s weeks and months', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/console/?view=dayGridMonth&date=2027-03-01`);
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await settled(page);
    const title = () => page.locator('.fc-toolbar-title').textContent();
    const place = () => {
      const query = new URL(page.url()).searchParams;
      return `${query.get('view') ?? 'month'} ${query.get('date') ?? 'today'}`;
    };
    const start = await page.evaluate(() => window.history.length);
    expect(await title()).toBe('March 2027');

    // Next, next, then the week view: three steps, one history entry each.
    await page.locator('.fc-next-button').click();
    await expect.poll(place).toBe('month 2027-04-01');
    await page.locator('.fc-next-button').click();
    await expect.poll(place).toBe('month 2027-05-01');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect.poll(place).toBe('timeGridWeek 2027-04-26');
    expect(await page.evaluate(() => window.history.length)).toBe(start + 3);

    // Back steps through them and the calendar follows, without adding entries.
    await page.goBack();
    await expect.poll(place).toBe('month 2027-05-01');
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await expect.poll(title).toBe('May 2027');
    await page.goBack();
    await expect.poll(place).toBe('month 2027-04-01');
    await expect.poll(title).toBe('April 2027');
    await page.goBack();
    await expect.poll(place).toBe('month 2027-03-01');
    await expect.poll(title).toBe('March 2027');
    // Forward works too: nothing was cut off by a stray entry.
    await page.goForward();
    await expect.poll(title).toBe('April 2027');
    await page.goForward();
    await page.goForward();
    await expect.poll(place).toBe('timeGridWeek 2027-04-26');
    await page.locator('.fc-timeGridWeek-view').waitFor();
    expect(await page.evaluate(() => window.history.length)).toBe(start + 3);

    // Today is a step too, and Back from it returns to the week.
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(place).toBe('timeGridWeek today');
    await page.goBack();
    await expect.poll(place).toBe('timeGridWeek 2027-04-26');
    await expect
      .poll(() => page.locator('.fc-col-header-cell[data-date="2027-04-26"]').count())
      .toBe(1);
    await page.context().close();
  });

  it('shows a not-found page with a way back', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/console/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found — Almanac');
    await shootVariants(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the calendar' }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.context().close();
  });

  it('shows the not-found page for an item the API does not know, with a way back', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    for (const path of [
      'events/99999',
      'venues/99999',
      'organizers/99999',
      'categories/99999',
      'tags/99999',
      'admin/users/99999',
    ]) {
      await page.goto(`${server.url}/console/${path}`);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.getByRole('link', { name: 'Go to the calendar' }).waitFor();
    }
    await shootVariants(page, 'item-not-found');
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tags/99999');
    await page.context().close();
  });

  it('keeps the load-failure note when the server fails or cannot be reached', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    const id = ids.get('Talk 10')!;
    // A 500 from the server, then no answer at all: neither means the event does not exist.
    await page.route(`**/api/calendar/events/v1/events/${id}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'almanac_internal', message: 'Boom.', data: { status: 500 } }),
      }),
    );
    await page.goto(`${server.url}/console/events/${id}`);
    await page.getByRole('alert').filter({ hasText: 'Could not load this event.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await page.unroute(`**/api/calendar/events/v1/events/${id}`);
    await page.route(`**/api/calendar/events/v1/venues/*`, (route) => route.abort('failed'));
    await page.goto(`${server.url}/console/venues/1`);
    await page.getByRole('alert').filter({ hasText: 'Could not load this venue.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await page.context().close();
  });

  it('tells an editor that Users is for administrators, and hides it from the menu', async () => {
    const page = await signedInPage(browser, server.url, 'edith');
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Import', exact: true }).count()).toBe(1);
    await page.goto(`${server.url}/console/admin/users`);
    await page.getByRole('heading', { name: 'Administrators only', level: 1 }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await shootVariants(page, 'administrators-only');
    await page.context().close();
  });

  it('says on the sign-in page where the first password comes from', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByRole('heading', { name: 'Sign in to Almanac' }).waitFor();
    expect(await page.title()).toBe('Sign in — Almanac');
    await page.getByText('First time here? Where the password comes from').click();
    const help = page.locator('.signin__help');
    await expect.poll(() => help.textContent()).toContain('ALMANAC_ADMIN_PASSWORD');
    expect(await help.textContent()).toContain('printed once in the terminal');
    await shootVariants(page, 'sign-in');
    await context.close();
  });

  it('closes the phone menu on Escape and on a tap outside it', async () => {
    const page = await signedInPage(browser, server.url, 'admin', 375, 812);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await button.click();
    await nav.getByRole('link', { name: 'Venues' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await shootVariants(page, 'menu', ['phone']);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Menu');

    await button.click();
    await nav.getByRole('link', { name: 'Venues' }).waitFor();
    // The top bar's empty right end: outside the menu and its button.
    await page.mouse.click(360, 26);
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('gives every control at least 44 px on a phone', async () => {
    const page = await signedInPage(browser, server.url, 'admin', 375, 812);
    await page.goto(`${server.url}/console/events`);
    await settled(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Venues' })
      .waitFor();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, a, input, select, summary')]
        .filter((el) => !['checkbox', 'radio'].includes((el as HTMLInputElement).type))
        .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('skip-link'))
        .map((el) => ({
          text:
            el.textContent?.trim() || el.getAttribute('aria-label') || el.outerHTML.slice(0, 80),
          h: el.getBoundingClientRect().height,
        }))
        .filter(({ h }) => h < 44),
    );
    expect(small).toEqual([]);
    await page.context().close();
  });
});
