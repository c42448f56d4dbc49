/**
 * The Import screen in people's words, in Chromium at 1280 and 375 px: options for every
 * imported event (status, category, organizer), the dry run's entries by title and date grouped
 * by what happens to them, a series counted by its events, why a first import updates; then the
 * import itself, checked through the API, and a second run that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { describeViolations, violations } from './support/axe.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';
import { shootVariants } from './support/variants.js';

const NS = '/api/calendar/events/v1';
const EV = `${NS}/events`;
const AUTH = basic(ADMIN.login, ADMIN.password);

const FILE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'BEGIN:VEVENT',
  'UID:standup@example.org',
  'DTSTART;TZID=Europe/Paris:20270104T093000',
  'DTEND;TZID=Europe/Paris:20270104T094500',
  'RRULE:FREQ=WEEKLY;COUNT=8',
  'SUMMARY:Stand-up',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:standup@example.org',
  'RECURRENCE-ID;TZID=Europe/Paris:20270111T093000',
  'DTSTART;TZID=Europe/Paris:20270111T110000',
  'DTEND;TZID=Europe/Paris:20270111T111500',
  'SUMMARY:Stand-up (late)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:party@example.org',
  'DTSTART;VALUE=DATE:20270115',
  'SUMMARY:New year party',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:broken@example.org',
  'SUMMARY:Broken entry',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe.skipIf(!hasChromium)('the Import screen', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let category = 0;
  let organizer = 0;

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
    await page.goto(`${server.url}/console/admin/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    return page;
  }

  const choose = (page: Page) =>
    page.locator('input[type="file"]').setInputFiles({
      name: 'team.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(FILE),
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    category = (
      await call(server.url, `${NS}/categories`, AUTH, {
        method: 'POST',
        body: { name: 'Team' },
      })
    ).json.id as number;
    organizer = (
      await call(server.url, `${NS}/organizers`, AUTH, {
        method: 'POST',
        body: { organizer: 'Office' },
      })
    ).json.id as number;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('reports each event by title and date, and imports them as drafts with a category and organizer (1280 px)', async () => {
    const page = await open(1280, 860);
    await page.getByLabel('Import as').selectOption('draft');
    await page.getByLabel('Add the category').selectOption(String(category));
    await page.getByLabel('Add the organizer').selectOption(String(organizer));
    await choose(page);
    await page.getByRole('heading', { name: 'What this file would do' }).waitFor();
    const created = page.getByRole('region', { name: 'New' });
    await page.getByRole('heading', { name: 'New (2)', level: 3 }).waitFor();
    await created
      .getByRole('row', { name: /Stand-up .*Mon 4 Jan 2027, 09:30 .*Repeating: 8 events/ })
      .waitFor();
    await created
      .getByRole('row', { name: /New year party .*Fri 15 Jan 2027, all day .*One event/ })
      .waitFor();
    const updated = page.getByRole('region', { name: 'Updated' });
    await updated
      .getByText('The series is created first, then that one occurrence of it is updated')
      .waitFor();
    await updated
      .getByRole('row', {
        name: /Stand-up \(late\) .*One occurrence of a repeating event .*An occurrence of “Stand-up”/,
      })
      .waitFor();
    await page
      .getByRole('region', { name: 'Could not be read or written' })
      .getByRole('row', {
        name: /Broken entry .*No readable date .*The event has no DTSTART\. .*Line 23 of the file/,
      })
      .waitFor();
    // Events, not entries: the series' 8, the party and the moved occurrence.
    const button = page.getByRole('button', { name: 'Import 10 events' });
    await button.waitFor();
    await settled(page);
    const found = await violations(page);
    expect(found, describeViolations('import report', found)).toEqual([]);
    await shootVariants(page, 'import-report');
    await button.click();
    await page.getByRole('heading', { name: 'Imported', level: 2 }).waitFor();
    const listed = (
      await call(
        server.url,
        `${EV}?status=publish,draft&start_date=2027-01-01&end_date=2027-03-31&per_page=50`,
        AUTH,
      )
    ).json.events as Array<{
      title: string;
      status: string;
      categories: Array<{ id: number }>;
      organizer: Array<{ id: number }>;
    }>;
    expect(listed).toHaveLength(9);
    for (const event of listed) {
      expect(event.status).toBe('draft');
      expect(event.categories.map((c) => c.id)).toEqual([category]);
      expect(event.organizer.map((o) => o.id)).toEqual([organizer]);
    }
  });

  it('says a second import changes nothing (375 px)', async () => {
    const page = await open(375, 812);
    await choose(page);
    await page.getByRole('heading', { name: 'Already here, unchanged (3)', level: 3 }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Nothing to import' }).isDisabled(),
    ).resolves.toBe(true);
    await settled(page);
    await shootVariants(page, 'import-report-again', ['phone']);
  });
});
