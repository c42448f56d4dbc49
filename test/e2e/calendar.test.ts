/**
 * The calendar a planner can trust, in Chromium: events at their true instant in the chosen
 * display zone (site's or device's, remembered), labels that say time and status, category
 * colours with readable text, a legend, working hours in view, phone month dots with a day
 * list, and neighbouring-month day numbers at readable contrast in both themes. Screenshots with
 * ALMANAC_SCREENSHOTS=1.
 */
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { contrastRatio, parseColor } from '../../renderer/src/calendar/colors.js';
import { basic, call } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';
const EV = '/api/calendar/events/v1';
const SITE_ZONE = 'America/New_York';
const DEVICE_ZONE = 'Asia/Tokyo';
const COLOR = '#ffd33d';
const LONG_TITLE = 'Zone check: a chamber concert with a title far too long for a month cell';

// 12:00 UTC today: the same date in New York, Paris and Tokyo.
const noon = DateTime.utc().set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
const DAY = noon.toISODate()!;
const wall = (at: DateTime, zone: string) => at.setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');
const hourIn = (zone: string) => noon.setZone(zone).toFormat('HH:00:00');

/** The colour a text really shows with: its colour over the first opaque background, faded by opacity. */
async function numberContrast(page: Page, selector: string): Promise<number> {
  const { color, background, opacity } = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      let opacity = 1;
      let background = '';
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        const bg = style.backgroundColor;
        if (!background && bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg))
          background = bg;
      }
      return {
        color: getComputedStyle(el).color,
        background: background || getComputedStyle(document.body).backgroundColor,
        opacity,
      };
    });
  const fg = parseColor(color)!;
  const bg = parseColor(background)!;
  const seen = fg.map((c, i) => c * opacity + bg[i]! * (1 - opacity)) as [number, number, number];
  return contrastRatio(seen, bg);
}

/** A full-page screenshot from the top (the phone's sticky header would repeat otherwise). */
async function shot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** The colour an anonymous reader sees on the category. */
async function colorOf(server: E2EServer, id: number): Promise<unknown> {
  const res = await fetch(`${server.url}${EV}/categories/${id}`);
  return ((await res.json()) as { color?: string }).color;
}

/** Moves the week view until it shows DAY (the zones' "today" may fall in another week). */
async function showDay(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const dates = await page
      .locator('.fc-col-header-cell[data-date]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')!));
    if (dates.includes(DAY)) return;
    await page.locator(DAY < dates[0]! ? '.fc-prev-button' : '.fc-next-button').click();
  }
  throw new Error(`the week view never showed ${DAY}`);
}

/** Vertical distance between an event's top and the top of the slot of `time`. */
async function offsetFromSlot(page: Page, title: string, time: string): Promise<number> {
  const event = await page
    .locator('.fc-timegrid-event', { hasText: title.slice(0, 20) })
    .first()
    .boundingBox();
  const slot = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return Math.abs(event!.y - slot!.y);
}

/** What an event block says after its visible words (a visually hidden part of its name). */
async function spokenDetails(block: Locator): Promise<string> {
  const text = (await block.locator('.visually-hidden').textContent()) ?? '';
  return text.replace(/^, /, '');
}

describe.skipIf(!hasChromium)('the calendar', () => {
  let server: E2EServer;
  let browser: Browser;
  let categoryId: number;

  beforeAll(async () => {
    server = await startServer();
    await server.services.settings.update({ timezone: SITE_ZONE });
    browser = await launch();
    const auth = basic(ADMIN.login, ADMIN.password);
    const post = async (path: string, body: unknown) => {
      const result = await call(server.url, `${EV}/${path}`, auth, { method: 'POST', body });
      if (result.status >= 300) throw new Error(`${path}: ${JSON.stringify(result.json)}`);
      return result.json as { id: number };
    };
    categoryId = (await post('categories', { name: 'Concerts', color: COLOR })).id;
    await post('events', {
      title: LONG_TITLE,
      status: 'publish',
      timezone: 'Europe/Paris',
      start_date: wall(noon, 'Europe/Paris'),
      end_date: wall(noon.plus({ hours: 1 }), 'Europe/Paris'),
      categories: [categoryId],
    });
    // 01:00 UTC: evening before in New York, morning in Tokyo (a coloured block in both weeks).
    const early = noon.set({ hour: 1 });
    await post('events', {
      title: 'Rehearsal',
      status: 'publish',
      timezone: DEVICE_ZONE,
      start_date: wall(early, DEVICE_ZONE),
      end_date: wall(early.plus({ hours: 2 }), DEVICE_ZONE),
      categories: [categoryId],
    });
    await post('events', {
      title: 'Draft plan',
      status: 'draft',
      timezone: SITE_ZONE,
      start_date: wall(noon.plus({ hours: 3 }), SITE_ZONE),
      end_date: wall(noon.plus({ hours: 4 }), SITE_ZONE),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('places events in the site’s zone or the device’s, and says time, zone and status', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      timezoneId: DEVICE_ZONE,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, server.url);
    await page.locator('.fc-daygrid-day-number').first().waitFor();
    await page.locator('.fc-event', { hasText: 'Draft plan' }).waitFor();
    await settled(page);
    if (WRITE) await shot(page, `${OUT}calendar-month-desktop.png`);

    // Neighbouring-month day numbers are readable (WCAG AA).
    expect(
      await numberContrast(page, '.fc-day-other .fc-daygrid-day-number'),
    ).toBeGreaterThanOrEqual(4.5);

    // Full words on hover and for assistive tech: title, time, status.
    const draft = page.locator('.fc-event', { hasText: 'Draft plan' }).first();
    const label = await spokenDetails(draft);
    expect(label).toMatch(/^Draft plan, .*, draft$/);
    expect(await draft.getAttribute('title')).toBe(label);
    const long = page.locator('.fc-event', { hasText: 'Zone check' }).first();
    expect(await long.getAttribute('title')).toContain(LONG_TITLE);
    // Paris is not the display zone (New York): its own time is said too.
    expect(await spokenDetails(long)).toContain(
      `(starts ${noon.setZone('Europe/Paris').toFormat('HH:mm')} Europe/Paris time)`,
    );

    // The legend shows the status styles and the category colours.
    const legend = page.getByRole('region', { name: 'Legend' });
    await legend.getByText('Concerts').waitFor();
    await legend.getByText(/Draft or pending/).waitFor();

    // Week view: working hours in view, the event at New York's time, coloured, readable.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await showDay(page);
    const event = page.locator('.fc-timegrid-event', { hasText: 'Zone check' }).first();
    await event.waitFor();
    await settled(page);
    const scrolled = await page.evaluate(() => {
      const slot = document.querySelector('td.fc-timegrid-slot-lane[data-time="08:00:00"]')!;
      let scroller = slot.parentElement;
      while (
        scroller &&
        getComputedStyle(scroller).overflowY !== 'auto' &&
        getComputedStyle(scroller).overflowY !== 'scroll'
      )
        scroller = scroller.parentElement;
      const top = scroller!.getBoundingClientRect().top;
      return {
        offset: slot.getBoundingClientRect().top - top,
        height: slot.getBoundingClientRect().height,
        scrollTop: scroller!.scrollTop,
      };
    });
    expect(scrolled.scrollTop).toBeGreaterThan(0);
    expect(Math.abs(scrolled.offset)).toBeLessThanOrEqual(scrolled.height);
    // Night hours are still there, only scrolled away.
    expect(await page.locator('td.fc-timegrid-slot-lane[data-time="00:00:00"]').count()).toBe(1);
    expect(await offsetFromSlot(page, LONG_TITLE, hourIn(SITE_ZONE))).toBeLessThan(3);
    expect(await event.locator('.fc-event-time').textContent()).toMatch(
      new RegExp(`^${noon.setZone(SITE_ZONE).toFormat('HH:mm')}`),
    );
    const colours = await event.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      text: getComputedStyle(el.querySelector('.fc-event-title')!).color,
    }));
    expect(colours.background).toBe('rgb(255, 211, 61)');
    expect(
      contrastRatio(parseColor(colours.text)!, parseColor(colours.background)!),
    ).toBeGreaterThanOrEqual(4.5);
    if (WRITE) await shot(page, `${OUT}calendar-week-desktop.png`);

    // The device's zone (Tokyo): the same instant, another hour; remembered after a reload.
    await page.getByLabel(/My device’s zone/).check();
    await showDay(page);
    await expect.poll(() => offsetFromSlot(page, LONG_TITLE, hourIn(DEVICE_ZONE))).toBeLessThan(3);
    await page.reload();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    expect(await page.getByLabel(/My device’s zone/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await showDay(page);
    await expect.poll(() => offsetFromSlot(page, LONG_TITLE, hourIn(DEVICE_ZONE))).toBeLessThan(3);

    // Dark theme: neighbouring-month numbers stay readable.
    await page.emulateMedia({ colorScheme: 'dark' });
    if (WRITE) {
      await settled(page);
      await shot(page, `${OUT}calendar-week-dark-desktop.png`);
    }
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.locator('.fc-day-other .fc-daygrid-day-number').first().waitFor();
    expect(
      await numberContrast(page, '.fc-day-other .fc-daygrid-day-number'),
    ).toBeGreaterThanOrEqual(4.5);
    if (WRITE) {
      await settled(page);
      await shot(page, `${OUT}calendar-month-dark-desktop.png`);
    }
    await context.close();
  });

  it('shows dots in phone month cells and the tapped day’s events below, in a 12-hour locale', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: 'en-US',
      timezoneId: SITE_ZONE,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, server.url);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    const cell = page.locator(`td.fc-daygrid-day[data-date="${DAY}"]`);
    await expect.poll(() => cell.locator('.fc-daygrid-event-dot').count()).toBe(2);
    // The dot of the coloured event is in the category's colour.
    const dotColours = await cell
      .locator('.fc-daygrid-event-dot')
      .evaluateAll((dots) => dots.map((d) => getComputedStyle(d).borderTopColor));
    expect(dotColours).toContain('rgb(255, 211, 61)');
    await cell.locator('.fc-daygrid-day-number').click();
    const list = page.getByRole('region', { name: /^Events on / });
    await list.getByRole('link', { name: /Zone check/ }).waitFor();
    const draft = list.getByRole('link', { name: /^Draft plan/ });
    expect(await draft.getAttribute('aria-label')).toMatch(/, draft$/);
    await list.getByText(noon.setZone(SITE_ZONE).toFormat('h:mm a')).waitFor();
    await settled(page);
    if (WRITE) await shot(page, `${OUT}calendar-month-phone.png`);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(
      await numberContrast(page, '.fc-day-other .fc-daygrid-day-number'),
    ).toBeGreaterThanOrEqual(4.5);
    if (WRITE) {
      await settled(page);
      await shot(page, `${OUT}calendar-month-dark-phone.png`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await showDay(page);
    await page.locator('.fc-timegrid-event', { hasText: 'Zone check' }).first().waitFor();
    await settled(page);
    if (WRITE) await shot(page, `${OUT}calendar-week-phone.png`);
    await context.close();
  });

  it('takes the phone layout when the window narrows, and the desktop one back when it widens', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      timezoneId: SITE_ZONE,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, server.url);
    // The calendar as it opens, with its default view (the month at this width).
    await page.goto(`${server.url}/console/`);
    const header = page.locator('.fc-header-toolbar');
    const footer = page.locator('.fc-footer-toolbar');
    await header.getByRole('button', { name: 'Month', exact: true }).waitFor();
    await page.locator('.fc-daygrid-day').first().waitFor();
    expect(await footer.count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    // The view buttons move below the grid, and nothing is wider than the screen.
    await footer.getByRole('button', { name: 'Month', exact: true }).waitFor();
    expect(await header.getByRole('button', { name: 'Month', exact: true }).count()).toBe(0);
    await settled(page);
    const overflow = await page
      .locator('.calendar')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // The month the planner was looking at stays a month.
    expect(await page.locator('.fc-daygrid-day').count()).toBeGreaterThanOrEqual(28);
    await page.setViewportSize({ width: 1280, height: 800 });
    await header.getByRole('button', { name: 'Month', exact: true }).waitFor();
    expect(await footer.count()).toBe(0);
    await context.close();
  });

  it('chooses a category’s colour in the category editor', async () => {
    for (const [suffix, width] of [
      ['desktop', 1280],
      ['phone', 375],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await signIn(page, server.url);
      await page.goto(`${server.url}/console/categories/${categoryId}`);
      await page.getByRole('heading', { name: 'Concerts', level: 1 }).waitFor();
      const input = page
        .getByRole('group', { name: 'Calendar colour' })
        .locator('input[type=color]');
      expect(await input.inputValue()).toBe(COLOR);
      await page.getByText('Sample event').waitFor();
      await settled(page);
      if (WRITE) await shot(page, `${OUT}category-colour-${suffix}.png`);
      await page.emulateMedia({ colorScheme: 'dark' });
      if (WRITE) {
        await settled(page);
        await shot(page, `${OUT}category-colour-dark-${suffix}.png`);
      }
      if (suffix === 'desktop') {
        await input.fill('#1a7f37');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect.poll(() => colorOf(server, categoryId)).toBe('#1a7f37');
        // Back to the colour the other checks and screenshots use.
        const auth = basic(ADMIN.login, ADMIN.password);
        const body = { color: COLOR };
        await call(server.url, `${EV}/categories/${categoryId}`, auth, { method: 'PATCH', body });
      }
      await context.close();
    }
  });

  it('lists as Upcoming what is not over yet, and says what the site’s zone does', async () => {
    const auth = basic(ADMIN.login, ADMIN.password);
    const now = DateTime.utc().startOf('minute');
    for (const [title, from, to] of [
      ['Finished a moment ago', -180, -2],
      ['Going on now', -60, 60],
    ] as const) {
      const body = {
        title,
        status: 'publish',
        timezone: 'UTC',
        start_date: wall(now.plus({ minutes: from }), 'UTC'),
        end_date: wall(now.plus({ minutes: to }), 'UTC'),
      };
      await call(server.url, `${EV}/events`, auth, { method: 'POST', body });
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, server.url);
    await page.goto(`${server.url}/console/events`);
    await page.getByRole('link', { name: 'Going on now' }).waitFor();
    await settled(page);
    expect(await page.getByRole('link', { name: 'Finished a moment ago' }).count()).toBe(0);

    // An event's empty zone means the site's, named; Settings says existing events stay put.
    await page.goto(`${server.url}/console/events/new`);
    await page.getByText(`Empty: the site’s time zone (${SITE_ZONE})`).waitFor();
    await page.goto(`${server.url}/console/admin/settings`);
    await page.getByText(/Changing it moves no existing event/).waitFor();
    await context.close();
  });
});
