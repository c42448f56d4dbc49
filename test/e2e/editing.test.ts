/**
 * Editing like a calendar app, in Chromium: moving an event's start keeps its length (the start
 * alone is saved, not refused), and Enter in a new event's title never creates it.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shootVariants } from './support/variants.js';

const EV = '/api/calendar/events/v1/events';
const AUTH = basic(ADMIN.login, ADMIN.password);

describe.skipIf(!hasChromium)('editing like a calendar app', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const day = DateTime.utc().plus({ days: 3 }).startOf('day');

  async function open(width = 1280, height = 860, locale = 'en-US'): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: 'light',
      locale,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('moves the end with the start, and saves a change of start alone', async () => {
    const res = await call(server.url, EV, AUTH, {
      method: 'POST',
      body: {
        title: 'Board meeting',
        start_date: day.set({ hour: 9 }).toFormat('yyyy-MM-dd HH:mm:ss'),
        end_date: day.set({ hour: 10, minute: 30 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      },
    });
    const id = (res.json as { id: number }).id;
    const page = await open();
    await page.goto(`${server.url}/console/events/${id}`);
    await page.getByRole('heading', { name: 'Board meeting', level: 1 }).waitFor();
    const later = day.plus({ days: 2 });
    await page.getByLabel('Starts *').fill(`${later.toFormat('yyyy-MM-dd')}T14:00`);
    await expect(page.getByLabel('Ends *').inputValue()).resolves.toBe(
      `${later.toFormat('yyyy-MM-dd')}T15:30`,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Board meeting”.').waitFor();
    const saved = (await call(server.url, `${EV}/${id}`, AUTH)).json;
    expect(saved).toMatchObject({
      start_date: later.set({ hour: 14 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      end_date: later.set({ hour: 15, minute: 30 }).toFormat('yyyy-MM-dd HH:mm:ss'),
    });
  });

  it('creates a new event on Create only, never on Enter in its title', async () => {
    const page = await open();
    await page.goto(`${server.url}/console/events/new`);
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
    const title = page.getByLabel('Title *');
    await title.fill('Half typed');
    await title.press('Enter');
    // Enter did nothing the server saw: still the new event's form, nothing created.
    await page.getByRole('button', { name: 'Create event' }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/events/new`);
    const listed = await call(server.url, `${EV}?search=Half&status=publish,draft`, AUTH);
    expect(listed.json.total).toBe(0);
    await expect(title.inputValue()).resolves.toBe('Half typed');

    await page.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/console\/events\/\d+$/);
    const created = await call(server.url, `${EV}?search=Half&status=publish,draft`, AUTH);
    expect(created.json.total).toBe(1);
  });

  it('names what each scope covers, with counts and dates, and warns about past events', async () => {
    // Weekly, 5 times, from two weeks ago: two are over, three to come. The first starts a few
    // hours later in the day than now, so that this week's is still to come at any time of day.
    const first = DateTime.utc().plus({ hours: 3 }).startOf('hour').minus({ days: 14 });
    const res = await call(server.url, EV, AUTH, {
      method: 'POST',
      body: {
        title: 'Team dinner',
        start_date: first.toFormat('yyyy-MM-dd HH:mm:ss'),
        end_date: first.plus({ hours: 2 }).toFormat('yyyy-MM-dd HH:mm:ss'),
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
      },
    });
    const parent = (res.json as { id: number }).id;
    const children = (
      await call(server.url, `${EV}?post_parent=${parent}&start_date=2000-01-01`, AUTH)
    ).json.events as Array<{ id: number; start_date: string }>;
    expect(children).toHaveLength(4);
    const fourth = children[2]!;
    // A British browser: dates read "13 Nov – 11 Dec".
    const page = await open(1280, 860, 'en-GB');
    await page.goto(`${server.url}/console/events/${fourth.id}`);
    await page.getByRole('heading', { name: 'Team dinner', level: 1 }).waitFor();
    const start = DateTime.fromFormat(fourth.start_date, 'yyyy-MM-dd HH:mm:ss');
    // Another hour of the same day: a fixed hour would equal the event's own start when the test
    // runs in the hour that makes it so, and a save that changes nothing asks nothing.
    const moved = start.set({ hour: (start.hour + 12) % 24 });
    await page.getByLabel('Starts *').fill(moved.toFormat("yyyy-MM-dd'T'HH:mm"));
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a repeating event' });
    const day = (d: DateTime) =>
      d.setLocale('en-GB').toLocaleString({ day: 'numeric', month: 'short' });
    const last = first.plus({ weeks: 4 });
    const years = first.year !== last.year;
    const span = (a: DateTime, b: DateTime) =>
      years
        ? `${a.setLocale('en-GB').toLocaleString(DateTime.DATE_MED)} – ${b.setLocale('en-GB').toLocaleString(DateTime.DATE_MED)}`
        : `${day(a)} – ${day(b)}`;
    await dialog.getByRole('button', { name: `All 5 events, ${span(first, last)}` }).waitFor();
    await dialog
      .getByRole('button', { name: `This and following: 2 events, ${span(start, last)}` })
      .waitFor();
    await dialog.getByRole('button', { name: /^This event only, / }).waitFor();
    await expect(dialog.getByRole('status').innerText()).resolves.toBe(
      '“All events” also moves 2 events that are already over.',
    );
    await settled(page);
    await shootVariants(page, 'scope-counts');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Nothing was saved.
    expect((await call(server.url, `${EV}/${fourth.id}`, AUTH)).json.start_date).toBe(
      fourth.start_date,
    );
  });
});
