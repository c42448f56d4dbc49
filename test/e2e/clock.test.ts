/**
 * One clock in the whole console, in Chromium: a 12 h locale (en-US) reads "7:30 PM" and a
 * 24 h one (en-GB) "19:30" in the events list, the calendar and the phone's day list alike, and
 * the administration screens' stamps follow the same clock.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shootVariants } from './support/variants.js';
import { browserSuite } from './support/suite.js';

const EV = '/api/calendar/events/v1';
const AUTH = basic(ADMIN.login, ADMIN.password);
// The 10th of next month, 19:30–21:00 in the site's zone: upcoming, and alone in its month.
const DAY = DateTime.utc().plus({ months: 1 }).set({ day: 10 });
const MONTH = DAY.startOf('month').toISODate()!;

describe.skipIf(!hasChromium)('the console’s clock', () => {
  const suite = browserSuite();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const post = (path: string, body: unknown) =>
      call(suite.server.url, `${EV}/${path}`, AUTH, { method: 'POST', body });
    const created = await post('events', {
      title: 'Evening concert',
      start_date: `${DAY.toISODate()} 19:30:00`,
      end_date: `${DAY.toISODate()} 21:00:00`,
      status: 'publish',
    });
    expect(created.status).toBe(201);
    const gone = await post('venues', { venue: 'Old hall' });
    const trashed = await call(suite.server.url, `${EV}/venues/${gone.json.id as number}`, AUTH, {
      method: 'DELETE',
    });
    expect(trashed.status).toBe(200);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function open(locale: string, width = 1280, height = 860): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height }, locale });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, suite.server.url);
    return page;
  }

  for (const [locale, time, end, stamp] of [
    ['en-US', '7:30 PM', '9:00 PM', /, \d{1,2}:\d{2} (AM|PM) UTC$/],
    ['en-GB', '19:30', '21:00', /, \d{2}:\d{2} UTC$/],
  ] as const) {
    it(`shows ${time} in the list, the calendar and the trash (${locale})`, async () => {
      const page = await open(locale);
      await page.goto(`${suite.server.url}/console/events`);
      const row = page.locator('tbody tr', { hasText: 'Evening concert' });
      await row.waitFor();
      expect(await row.textContent()).toContain(`${time}–${end}`);

      await page.goto(`${suite.server.url}/console/?view=dayGridMonth&date=${MONTH}`);
      const event = page.locator('.fc-event', { hasText: 'Evening concert' });
      await event.waitFor();
      expect((await event.locator('.fc-event-time').textContent())?.trim()).toBe(time);
      expect(await event.getAttribute('title')).toContain(`${time}–${end}`);

      await page.goto(`${suite.server.url}/console/?view=timeGridWeek&date=${DAY.toISODate()}`);
      await page.locator('.fc-timegrid-event', { hasText: 'Evening concert' }).waitFor();
      const label = page.locator('.fc-timegrid-slot-label[data-time="19:00:00"]').first();
      expect((await label.textContent())?.trim()).toBe(locale === 'en-US' ? '7:00 PM' : '19:00');

      await page.goto(`${suite.server.url}/console/admin/trash`);
      const trashed = page.locator('tbody tr', { hasText: 'Old hall' });
      await trashed.waitFor();
      const cells = await trashed.locator('td').allTextContents();
      expect(cells.some((cell) => stamp.test(cell.trim()))).toBe(true);
      await settled(page);
      if (locale === 'en-US') await shootVariants(page, 'trash-12h');
    });

    it(`shows ${time} in the phone’s day list (${locale})`, async () => {
      const page = await open(locale, 375, 812);
      await page.goto(`${suite.server.url}/console/?view=dayGridMonth&date=${MONTH}`);
      await page.locator(`.fc-daygrid-day[data-date="${DAY.toISODate()}"]`).click();
      const item = page.locator('.calendar-day__item', { hasText: 'Evening concert' });
      await item.waitFor();
      expect((await item.locator('.calendar-day__time').textContent())?.trim()).toBe(time);
    });
  }
});
