/**
 * Two consoles on one calendar, in Chromium: an edit saved in one shows in the other with a
 * quiet note of who made it (the live-update stream), in an open editor and in the open
 * calendar, lists and phone day list alike, without a reload; and a save over someone else's
 * newer version asks first (If-Match, 412) instead of overwriting it silently.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';
const EVENTS = '/api/calendar/events/v1/events';
const USERS = '/api/calendar/admin/v1/users';
const DANA = { login: 'dana', password: 'dana-e2e-password', display_name: 'Dana' };
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const admin = basic(ADMIN.login, ADMIN.password);

async function call(server: E2EServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: admin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function signInAs(page: Page, url: string, login: string, password: string) {
  await page.goto(`${url}/console/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
}

describe.skipIf(!hasChromium)('two consoles', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    const user = await call(server, 'POST', USERS, { ...DANA, role: 'editor' });
    expect(user.status).toBe(201);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function open(
    login: 'admin' | 'dana',
    viewport = { width: 1280, height: 860 },
  ): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (login === 'admin') await signIn(page, server.url);
    else await signInAs(page, server.url, DANA.login, DANA.password);
    return page;
  }

  it('show each other’s edits live, and ask before saving over a newer version', async () => {
    const created = await call(server, 'POST', EVENTS, {
      title: 'Board meeting',
      start_date: '2026-12-03 18:00:00',
      end_date: '2026-12-03 20:00:00',
      status: 'publish',
    });
    const id = created.json.id as number;
    const mine = await open('admin');
    const theirs = await open('dana');
    for (const page of [mine, theirs]) {
      await page.goto(`${server.url}/console/events/${id}`);
      await page.getByRole('heading', { name: 'Board meeting', level: 1 }).waitFor();
    }

    // Dana saves; the other console, with nothing unsaved, shows it and says who did it.
    await theirs.getByLabel('Title *').fill('Board meeting (room 2)');
    await theirs.getByRole('button', { name: 'Save changes' }).click();
    await theirs.getByText('Saved “Board meeting (room 2)”.').waitFor();
    // Named as this console knew it until then.
    await mine.getByText('Dana updated “Board meeting”.').waitFor();
    await expect.poll(() => mine.getByLabel('Title *').inputValue()).toBe('Board meeting (room 2)');

    // Both edit; Dana saves first. Saving here then asks instead of overwriting.
    await mine.getByLabel('Excerpt').fill('Budget for next year.');
    await theirs.getByLabel('Title *').fill('Board meeting (room 3)');
    await theirs.getByRole('button', { name: 'Save changes' }).click();
    await theirs.getByText('Saved “Board meeting (room 3)”.').waitFor();
    await mine.getByText('Dana updated “Board meeting (room 2)”.').waitFor();
    // The unsaved excerpt is still there: a live update never replaces what is being typed.
    expect(await mine.getByLabel('Excerpt').inputValue()).toBe('Budget for next year.');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Someone else changed this' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Board meeting (room 3)');
    if (WRITE) await mine.screenshot({ path: `${OUT}conflict-desktop.png` });
    // Nothing was saved by the refused attempt.
    const between = await call(server, 'GET', `${EVENTS}/${id}`);
    expect(between.json).toMatchObject({ title: 'Board meeting (room 3)', excerpt: '' });

    await dialog.getByRole('button', { name: 'Save mine over it' }).click();
    await mine.getByText(/^Saved “/).waitFor();
    const after = await call(server, 'GET', `${EVENTS}/${id}`);
    expect(after.json.excerpt).toContain('Budget for next year.');
  });
});

describe.skipIf(!hasChromium)('two browsers', () => {
  let server: E2EServer;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    server = await startServer();
    const user = await call(server, 'POST', USERS, { ...DANA, role: 'editor' });
    expect(user.status).toBe(201);
  });

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.stop();
  });

  /** A browser of its own (not only a context): nothing is shared between the two consoles. */
  async function openConsole(
    login: 'admin' | 'dana',
    viewport = { width: 1280, height: 860 },
  ): Promise<BrowserContext> {
    const browser = await launch();
    browsers.push(browser);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (login === 'admin') await signIn(page, server.url);
    else await signInAs(page, server.url, DANA.login, DANA.password);
    await page.close();
    return context;
  }

  async function screen(context: BrowserContext, path: string, heading: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/console${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    return page;
  }

  it('a rename in one shows in the other’s open calendar, lists and day list without a reload', async () => {
    const created = await call(server, 'POST', EVENTS, {
      title: 'Choir rehearsal',
      start_date: '2027-01-14 18:00:00',
      end_date: '2027-01-14 20:00:00',
      status: 'publish',
    });
    const id = created.json.id as number;
    const theirs = await openConsole('dana');
    const mine = await openConsole('admin');
    const phone = await openConsole('admin', { width: 375, height: 812 });

    const calendar = await screen(mine, '/?view=dayGridMonth&date=2027-01-14', 'Calendar');
    const week = await screen(mine, '/?view=timeGridWeek&date=2027-01-14', 'Calendar');
    const list = await screen(mine, '/events?when=all', 'Events');
    const dayList = await screen(phone, '/?view=dayGridMonth&date=2027-01-14', 'Calendar');
    await calendar.locator('.fc-event', { hasText: 'Choir rehearsal' }).waitFor();
    await week.locator('.fc-event', { hasText: 'Choir rehearsal' }).waitFor();
    await list.getByRole('link', { name: 'Choir rehearsal', exact: true }).waitFor();
    // The phone's month view lists the tapped day below the grid.
    await dayList.locator('[data-date="2027-01-14"]').first().click();
    await dayList
      .getByRole('region', { name: /Events on Thursday 14 January/ })
      .getByRole('link', { name: /Choir rehearsal/ })
      .waitFor();

    const editor = await screen(theirs, `/events/${id}`, 'Choir rehearsal');
    await editor.getByLabel('Title *').fill('Choir rehearsal (hall B)');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByText('Saved “Choir rehearsal (hall B)”.').waitFor();

    // No reload anywhere: each open screen shows the new title by itself.
    await calendar.locator('.fc-event', { hasText: 'Choir rehearsal (hall B)' }).waitFor();
    await week.locator('.fc-event', { hasText: 'Choir rehearsal (hall B)' }).waitFor();
    await list.getByRole('link', { name: 'Choir rehearsal (hall B)', exact: true }).waitFor();
    await dayList
      .getByRole('region', { name: /Events on Thursday 14 January/ })
      .getByRole('link', { name: /Choir rehearsal \(hall B\)/ })
      .waitFor();
    await calendar.getByText('Dana updated “Choir rehearsal”.').waitFor();
    // The same pages, never navigated away from.
    expect(calendar.url()).toContain('date=2027-01-01');
    expect(await calendar.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      1,
    );

    // A trash made elsewhere takes the event off the open calendar too.
    await call(server, 'DELETE', `${EVENTS}/${id}`);
    await calendar
      .locator('.fc-event', { hasText: 'Choir rehearsal' })
      .waitFor({ state: 'detached' });
    await list
      .getByRole('link', { name: 'Choir rehearsal (hall B)', exact: true })
      .waitFor({ state: 'detached' });
  });
});
