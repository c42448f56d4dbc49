/**
 * The parts of a split series in the console, in Chromium at 1280 and 375 px: after a "this and
 * following" change, the scope question offers "every part of this series", which renames both
 * parts, and is unavailable for a change of time (each part keeps its own).
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { describeViolations, violations } from './support/axe.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shootVariants } from './support/variants.js';

const EV = '/api/calendar/events/v1/events';
const AUTH = basic(ADMIN.login, ADMIN.password);
const WALL = 'yyyy-MM-dd HH:mm:ss';

interface Listed {
  id: number;
  title: string;
  start_date: string;
  series_parts: number[];
}

describe.skipIf(!hasChromium)('split series in the console', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function open(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: 'light',
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
    return page;
  }

  /** A weekly series of six from next week, split at its third: two parts. */
  async function splitSeries(title: string): Promise<{ first: number; parts: Listed[][] }> {
    const start = DateTime.utc().plus({ weeks: 1 }).startOf('day').set({ hour: 18 });
    const res = await call(server.url, EV, AUTH, {
      method: 'POST',
      body: {
        title,
        start_date: start.toFormat(WALL),
        end_date: start.plus({ hours: 2 }).toFormat(WALL),
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      },
    });
    const first = (res.json as { id: number }).id;
    const children = async (id: number) =>
      (await call(server.url, `${EV}?post_parent=${id}&start_date=2000-01-01`, AUTH)).json
        .events as Listed[];
    const cut = (await children(first))[1]!;
    await call(server.url, `${EV}/${cut.id}?scope=following`, AUTH, {
      method: 'PUT',
      body: { title: `${title} (later)` },
    });
    return { first, parts: [await children(first), await children(cut.id)] };
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

  it('offers every part of a split series, and renames both parts (1280 px)', async () => {
    const { first, parts } = await splitSeries('Choir practice');
    const later = parts[1]![1]!;
    expect(later.series_parts).toHaveLength(2);
    const page = await open(1280, 860);
    await page.goto(`${server.url}/console/events/${later.id}`);
    await page.getByRole('heading', { name: 'Choir practice (later)', level: 1 }).waitFor();
    await page.getByLabel('Title *').fill('Choir');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a repeating event' });
    const every = dialog.getByRole('button', {
      name: /^Every part of this series \(2 parts\): 6 events, /,
    });
    await every.waitFor();
    await dialog.getByRole('button', { name: /^This part of the series: 4 events, / }).waitFor();
    await settled(page);
    const found = await violations(page);
    expect(found, describeViolations('scope question with every part', found)).toEqual([]);
    await shootVariants(page, 'scope-parts');
    await every.click();
    await page.getByText('Saved “Choir”', { exact: false }).first().waitFor();
    const listed = async (id: number) =>
      (await call(server.url, `${EV}?post_parent=${id}&start_date=2000-01-01`, AUTH)).json
        .events as Listed[];
    const titles = [
      (await call(server.url, `${EV}/${first}`, AUTH)).json.title,
      ...(await listed(first)).map((e) => e.title),
      ...(await listed(later.series_parts[1]!)).map((e) => e.title),
    ];
    expect(titles).toHaveLength(5);
    expect(new Set(titles)).toEqual(new Set(['Choir']));
  });

  it('keeps each part’s times: "every part" is unavailable for a change of time (375 px)', async () => {
    const { parts } = await splitSeries('Yoga');
    const later = parts[1]![0]!;
    const page = await open(375, 812);
    await page.goto(`${server.url}/console/events/${later.id}`);
    await page.getByRole('heading', { name: 'Yoga (later)', level: 1 }).waitFor();
    const start = DateTime.fromFormat(later.start_date, WALL);
    await page.getByLabel('Starts *').fill(`${start.toFormat('yyyy-MM-dd')}T19:00`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a repeating event' });
    const every = dialog.getByRole('button', { name: /^Every part of this series/ });
    await every.waitFor();
    await expect(every.isDisabled()).resolves.toBe(true);
    await dialog.getByText('“Every part” changes no date, time or repeat rule').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('lists every date of a series with moved, changed and canceled ones marked (1280 and 375 px)', async () => {
    const start = DateTime.utc().plus({ weeks: 1 }).startOf('day').set({ hour: 18 });
    const res = await call(server.url, EV, AUTH, {
      method: 'POST',
      body: {
        title: 'Book club',
        start_date: start.toFormat(WALL),
        end_date: start.plus({ hours: 2 }).toFormat(WALL),
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      },
    });
    const first = (res.json as { id: number }).id;
    const children = (
      await call(server.url, `${EV}?post_parent=${first}&start_date=2000-01-01`, AUTH)
    ).json.events as Listed[];
    const [second, third, fourth] = children as [Listed, Listed, Listed];
    const later = DateTime.fromFormat(second.start_date, WALL).plus({ hours: 1 });
    await call(server.url, `${EV}/${second.id}?scope=this`, AUTH, {
      method: 'PUT',
      body: {
        start_date: later.toFormat(WALL),
        end_date: later.plus({ hours: 2 }).toFormat(WALL),
      },
    });
    await call(server.url, `${EV}/${third.id}?scope=this`, AUTH, {
      method: 'PUT',
      body: { title: 'Book club: guest author' },
    });
    await call(server.url, `${EV}/${fourth.id}?scope=this`, AUTH, {
      method: 'PUT',
      body: { event_status: 'canceled', event_status_reason: 'The library is closed' },
    });

    const page = await open(1280, 860);
    await page.goto(`${server.url}/console/events/${first}`);
    await page.getByRole('heading', { name: 'Book club', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'All dates' }).click();
    await page.getByRole('heading', { name: 'Dates of “Book club”', level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    await rows
      .nth(1)
      .getByText(/^Moved \(was /)
      .waitFor();
    await rows.nth(2).getByText('Changed alone').waitFor();
    await rows.nth(3).getByText('Canceled').waitFor();
    expect(await rows.nth(0).locator('.badge').count()).toBe(0);
    await settled(page);
    const found = await violations(page);
    expect(found, describeViolations('series overview', found)).toEqual([]);
    await shootVariants(page, 'series-dates');
    await rows.nth(2).getByRole('link', { name: 'Book club: guest author' }).click();
    await page.waitForURL(`${server.url}/console/events/${third.id}`);

    const phone = await open(375, 812);
    await phone.goto(`${server.url}/console/events/${fourth.id}/dates`);
    await phone.getByRole('heading', { name: 'Dates of “Book club”', level: 1 }).waitFor();
    // The page opens at the month of the date it was opened from: the dates before that month
    // are one window earlier.
    const shownFrom = DateTime.fromFormat(fourth.start_date, WALL).startOf('month');
    const shown = Array.from({ length: 6 }, (_, week) => start.plus({ weeks: week })).filter(
      (date) => date >= shownFrom,
    ).length;
    await expect.poll(() => phone.locator('tbody tr').count()).toBe(shown);
    // Later months hold none of its dates.
    await phone.getByRole('button', { name: 'Later ›' }).click();
    await phone.getByText('No date of this series in these months.').waitFor();
  });
});
