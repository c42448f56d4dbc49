/**
 * Quick create on the calendar's grid, in Chromium at 1280 and 375 px: a drag over the week's
 * hours or a click on a month day opens a small popover; Create saves a draft with the title and
 * times picked, More options opens the editor with them, Escape closes it and the focus returns.
 */
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
/** A Monday far from today, so that no "today" moves the views. */
const MONDAY = '2027-03-15';
const WEDNESDAY = '2027-03-17';
const THURSDAY = '2027-03-18';

interface Listed {
  id: number;
  title: string;
  status: string;
  start_date: string;
  end_date: string;
  all_day: boolean;
}

describe.skipIf(!hasChromium)('quick create on the calendar', () => {
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

  async function find(title: string): Promise<Listed[]> {
    const res = await call(
      server.url,
      `${EV}?search=${encodeURIComponent(title)}&status=publish,draft&start_date=2027-01-01`,
      AUTH,
    );
    return (res.json as { events: Listed[] }).events;
  }

  /** Presses on the slot of `from` in the day's column and lets go on the slot of `to`. */
  async function drag(page: Page, day: string, from: string, to: string): Promise<void> {
    const column = await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
    const top = await page.locator(`td.fc-timegrid-slot-lane[data-time="${from}"]`).boundingBox();
    const bottom = await page.locator(`td.fc-timegrid-slot-lane[data-time="${to}"]`).boundingBox();
    const x = column!.x + column!.width / 2;
    await page.mouse.move(x, top!.y + top!.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, top!.y + top!.height / 2 + 5, { steps: 3 });
    await page.mouse.move(x, bottom!.y + bottom!.height / 2, { steps: 10 });
    await page.mouse.up();
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

  it('creates a draft from a drag over the week’s hours (1280 px)', async () => {
    const page = await open(1280, 860);
    await page.goto(`${server.url}/console/?view=timeGridWeek&date=${MONDAY}`);
    await page.locator(`td.fc-timegrid-col[data-date="${WEDNESDAY}"]`).waitFor();
    await page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').scrollIntoViewIfNeeded();
    await drag(page, WEDNESDAY, '09:00:00', '10:30:00');
    const popover = page.getByRole('dialog', { name: 'New draft event' });
    await popover.waitFor();
    // The title has the focus; the times are the ones dragged over (to the end of 10:30's slot).
    await expect(
      popover.getByLabel('Title').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await expect(popover.getByLabel('Starts').inputValue()).resolves.toBe(`${WEDNESDAY}T09:00`);
    await expect(popover.getByLabel('Ends').inputValue()).resolves.toBe(`${WEDNESDAY}T11:00`);

    // No title: nothing is sent, the field says why.
    await popover.getByRole('button', { name: 'Create draft' }).click();
    await popover.getByText('Give the event a title.').waitFor();
    await popover.getByLabel('Title').fill('Budget review');
    await settled(page);
    await shootVariants(page, 'quick-create-week');
    await popover.getByLabel('Title').press('Enter');
    await page.getByText('Draft “Budget review” created.', { exact: false }).waitFor();
    await popover.waitFor({ state: 'detached' });
    const [saved] = await find('Budget review');
    expect(saved).toMatchObject({
      title: 'Budget review',
      status: 'draft',
      all_day: false,
      start_date: `${WEDNESDAY} 09:00:00`,
      end_date: `${WEDNESDAY} 11:00:00`,
    });
    await page.locator('.fc-timegrid-event', { hasText: 'Budget review' }).waitFor();
  });

  it('opens on a month day, from the mouse and the keyboard; Escape gives the focus back', async () => {
    const page = await open(1280, 860);
    await page.goto(`${server.url}/console/?view=dayGridMonth&date=${MONDAY}`);
    const cell = page.locator(`td.fc-daygrid-day[data-date="${WEDNESDAY}"]`);
    await cell.waitFor();
    await cell.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'New draft event' });
    await popover.waitFor();
    await expect(popover.getByLabel('Starts').inputValue()).resolves.toBe(`${WEDNESDAY}T10:00`);
    await expect(popover.getByLabel('Ends').inputValue()).resolves.toBe(`${WEDNESDAY}T11:00`);
    await settled(page);
    const found = await violations(page);
    expect(found, describeViolations('month with quick create', found)).toEqual([]);
    await shootVariants(page, 'quick-create-month', ['desktop']);
    // Tab stays inside the popover: back from the title is its last button.
    await page.keyboard.press('Shift+Tab');
    await expect(
      popover
        .getByRole('button', { name: 'Cancel' })
        .evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(
      popover.getByLabel('Title').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await expect(cell.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // A click on a day: More options carries the title and times into the full editor.
    await page.locator(`td.fc-daygrid-day[data-date="${THURSDAY}"]`).click();
    await popover.waitFor();
    await popover.getByLabel('Title').fill('Staff lunch');
    await popover.getByLabel('Starts').fill(`${THURSDAY}T12:30`);
    await expect(popover.getByLabel('Ends').inputValue()).resolves.toBe(`${THURSDAY}T13:30`);
    await popover.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
    await expect(page.getByLabel('Title *').inputValue()).resolves.toBe('Staff lunch');
    await expect(page.getByLabel('Starts *').inputValue()).resolves.toBe(`${THURSDAY}T12:30`);
    await expect(page.getByLabel('Ends *').inputValue()).resolves.toBe(`${THURSDAY}T13:30`);
    // Nothing is saved until the editor's Create event.
    expect(await find('Staff lunch')).toHaveLength(0);
  });

  it('works on a phone’s day view (375 px)', async () => {
    const page = await open(375, 812);
    await page.goto(`${server.url}/console/?view=timeGridDay&date=${WEDNESDAY}`);
    await page.locator(`td.fc-timegrid-col[data-date="${WEDNESDAY}"]`).waitFor();
    await page.locator('td.fc-timegrid-slot-lane[data-time="14:00:00"]').scrollIntoViewIfNeeded();
    await drag(page, WEDNESDAY, '14:00:00', '14:30:00');
    const popover = page.getByRole('dialog', { name: 'New draft event' });
    await popover.waitFor();
    // A sheet along the bottom of the window, inside it.
    const box = await popover.boundingBox();
    expect(box!.x).toBe(0);
    expect(box!.width).toBe(375);
    expect(Math.round(box!.y + box!.height)).toBe(812);
    await popover.getByLabel('Title').fill('Site visit');
    await settled(page);
    const found = await violations(page);
    expect(found, describeViolations('phone day with quick create', found)).toEqual([]);
    await shootVariants(page, 'quick-create-day', ['phone']);
    await popover.getByRole('button', { name: 'Create draft' }).click();
    await popover.waitFor({ state: 'detached' });
    const [saved] = await find('Site visit');
    expect(saved).toMatchObject({
      status: 'draft',
      start_date: `${WEDNESDAY} 14:00:00`,
      end_date: `${WEDNESDAY} 15:00:00`,
    });
  });
});
