/**
 * Canceling and postponing in the console (docs/api/events.md, Event status), in Chromium: an
 * event marked "Canceled" with a reason from its editor, one occurrence of a series
 * "Postponed" alone, and the marks on the calendar, the events list and the public page, each
 * checked through the API. ALMANAC_SCREENSHOTS=1 writes the pictures of docs/console.md.
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

interface Event {
  id: number;
  title: string;
  slug: string;
  status: string;
  start_date: string;
  url: string;
  event_status: string;
  event_status_reason: string;
}

describe.skipIf(!hasChromium)('event status in the console', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // Two days from now at 18:00 UTC: in the calendar's month view most days of the year, and
  // always in the upcoming events list.
  const day = DateTime.utc().plus({ days: 2 }).startOf('day');
  const wall = (d: DateTime, hour: number) => d.set({ hour }).toFormat('yyyy-MM-dd HH:mm:ss');

  const post = async (body: Record<string, unknown>): Promise<Event> => {
    const res = await call(server.url, EV, AUTH, { method: 'POST', body });
    expect(res.status).toBe(201);
    return res.json as unknown as Event;
  };
  const read = async (id: number): Promise<Event> =>
    (await call(server.url, `${EV}/${id}`, AUTH)).json as unknown as Event;

  async function open(width = 1280, height = 860): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
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

  it('marks an event canceled with a reason, apart from the trash, and shows the mark', async () => {
    const event = await post({
      title: 'Harbour concert',
      start_date: wall(day, 18),
      end_date: wall(day, 20),
    });
    const page = await open();
    await page.goto(`${server.url}/console/events/${event.id}`);
    await page.getByRole('heading', { name: 'Harbour concert', level: 1 }).waitFor();
    const group = page.getByRole('group', { name: 'Takes place' });
    await expect(group.getByRole('radio', { name: 'As planned' }).isChecked()).resolves.toBe(true);
    // No reason to give while it takes place as planned.
    expect(await page.getByLabel('Reason (optional)').count()).toBe(0);
    await group.getByRole('radio', { name: 'Canceled' }).check();
    await page.getByLabel('Reason (optional)').fill('The pier is closed for repairs');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Harbour concert”.').waitFor();

    expect(await read(event.id)).toMatchObject({
      status: 'publish',
      event_status: 'canceled',
      event_status_reason: 'The pier is closed for repairs',
    });
    // The editor's header says it in words, with the reason for screen readers.
    const header = page.locator('.page-header');
    await expect(header.locator('.badge--event-canceled').textContent()).resolves.toBe(
      'Canceled: The pier is closed for repairs',
    );
    await settled(page);
    await shootVariants(page, 'event-status-editor');

    // Still listed, with its mark.
    await page.goto(`${server.url}/console/events`);
    const row = page.getByRole('row', { name: /Harbour concert/ });
    await expect(row.locator('.badge--event-canceled').textContent()).resolves.toBe(
      'Canceled: The pier is closed for repairs',
    );
    await shootVariants(page, 'event-status-list');

    // On the calendar, the block starts with the mark in words.
    await page.goto(`${server.url}/console/?view=timeGridWeek&date=${day.toFormat('yyyy-MM-dd')}`);
    const block = page.locator('.fc-event.event--canceled');
    await expect(block.locator('.fc-event-title').innerText()).resolves.toBe(
      'Canceled · Harbour concert',
    );
    await expect(block.getAttribute('title')).resolves.toContain(
      'Canceled: The pier is closed for repairs',
    );
    await settled(page);
    await shootVariants(page, 'event-status-calendar', ['desktop']);
    // The phone's list view says it the same way.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/console/?view=listWeek&date=${day.toFormat('yyyy-MM-dd')}`);
    await expect(
      page.locator('.fc-list-event.event--canceled .fc-list-event-title').innerText(),
    ).resolves.toContain('Canceled · Harbour concert');
    await settled(page);
    await shootVariants(page, 'event-status-calendar', ['phone']);
    await page.setViewportSize({ width: 1280, height: 860 });

    // The public page says it too.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(visitor);
    const publicPage = await visitor.newPage();
    await publicPage.goto(event.url);
    await expect(publicPage.locator('.event-status').innerText()).resolves.toBe(
      'CANCELED The pier is closed for repairs',
    );
    await shootVariants(publicPage, 'event-status-public');

    // Back to as planned: the reason goes with the mark.
    await page.goto(`${server.url}/console/events/${event.id}`);
    await page
      .getByRole('group', { name: 'Takes place' })
      .getByRole('radio', { name: 'As planned' })
      .check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Harbour concert”.').waitFor();
    expect(await read(event.id)).toMatchObject({
      event_status: 'scheduled',
      event_status_reason: '',
    });
  });

  it('postpones one occurrence of a series alone at 375 px', async () => {
    const parent = await post({
      title: 'Quiz night',
      start_date: wall(day, 19),
      end_date: wall(day, 21),
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    });
    const children = (await call(server.url, `${EV}?post_parent=${parent.id}`, AUTH)).json
      .events as Event[];
    const second = children[0]!;
    const page = await open(375, 812);
    await page.goto(`${server.url}/console/events/${second.id}`);
    await page.getByRole('heading', { name: 'Quiz night', level: 1 }).waitFor();
    await page
      .getByRole('group', { name: 'Takes place' })
      .getByRole('radio', { name: 'Postponed' })
      .check();
    await page.getByLabel('Reason (optional)').fill('New date soon');
    await page.getByRole('group', { name: 'Takes place' }).scrollIntoViewIfNeeded();
    await shootVariants(page, 'event-status-field', ['phone']);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^This event/ }).click();
    await page.getByText('Saved “Quiz night”.').waitFor();

    const after = (await call(server.url, `${EV}?post_parent=${parent.id}`, AUTH)).json
      .events as Event[];
    expect(after.map((o) => [o.id, o.event_status, o.event_status_reason])).toEqual(
      children.map((o) => [
        o.id,
        o.id === second.id ? 'postponed' : 'scheduled',
        o.id === second.id ? 'New date soon' : '',
      ]),
    );
    expect((await read(parent.id)).event_status).toBe('scheduled');
  });
});
