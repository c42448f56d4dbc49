/**
 * Repeating events in the console, in Chromium at desktop (1280 px) and phone (375 px) widths:
 * an "every 2nd Tuesday" series made with the Repeat card, one occurrence edited alone, then
 * "this and following", each checked through the API. ALMANAC_SCREENSHOTS=1 writes the pictures
 * of docs/console.md.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';
const EV = '/api/calendar/events/v1/events';

interface Occurrence {
  id: number;
  title: string;
  start_date: string;
  series_id: number | null;
  original_start_date: string | null;
  recurrence: string[];
}

async function shot(page: Page, name: string, fullPage = true) {
  await settled(page);
  if (WRITE) await page.screenshot({ path: `${OUT}${name}.png`, fullPage });
}

/** The next Tuesday at least a week ahead, so that every occurrence is in the default listing. */
function firstTuesday(): DateTime {
  const next = DateTime.utc().plus({ days: 7 }).startOf('day');
  return next.plus({ days: (2 - next.weekday + 7) % 7 });
}

describe.skipIf(!hasChromium)('repeating events in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const auth = basic(ADMIN.login, ADMIN.password);

  /** Every event of the given series ids, by start (the listing's own order). */
  const occurrences = async (title: string): Promise<Occurrence[]> => {
    const { json } = await call(
      server.url,
      `${EV}?per_page=50&search=${encodeURIComponent(title)}`,
      auth,
    );
    return json.events as Occurrence[];
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    if (WRITE) mkdirSync(OUT, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height, suffix, title] of [
    [1280, 860, 'desktop', 'Choir rehearsal'],
    [375, 812, 'phone', 'Brass band practice'],
  ] as const) {
    it(`creates an every-2nd-Tuesday series, edits one, then this and following at ${width} px`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: 'light',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, server.url);

      // 1. A new event repeating every 2nd Tuesday, ten times, from the Repeat card.
      const first = firstTuesday();
      await page.goto(`${server.url}/console/events/new`);
      await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
      await page.getByLabel('Title *').fill(title);
      await page.getByLabel('Starts *').fill(`${first.toISODate()}T19:00`);
      await page.getByLabel('Ends *').fill(`${first.toISODate()}T21:00`);
      const repeats = page.getByLabel('Repeats');
      await expect
        .poll(() => repeats.locator('option').allTextContents())
        .toEqual([
          'Does not repeat',
          'Every day',
          'Every Tuesday',
          expect.stringMatching(/^Every month on the (1st|2nd|3rd|4th|last) Tuesday$/),
          expect.stringMatching(/^Every year on \d+ \w+$/),
          'Every weekday',
          'Custom…',
        ]);
      await repeats.selectOption('custom');
      await page.getByLabel('Every', { exact: true }).fill('2');
      expect(await page.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).toBe(true);
      await page.getByRole('radio', { name: 'After' }).check();
      await page.getByLabel('Number of occurrences').fill('10');
      const summary = page.locator('.repeat__summary');
      await expect.poll(() => summary.textContent()).toBe('↻ Every 2nd Tuesday, 10 times');
      // Under the sticky header: the card's title shows too.
      await page
        .getByRole('group', { name: 'Repeat' })
        .evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + scrollY - 80));
      await shot(page, `repeat-editor-${suffix}`, false);
      await page.getByRole('button', { name: 'Create event' }).click();
      await page.getByText(`Saved “${title}”.`).waitFor();
      await page.getByText('Repeats: Every 2nd Tuesday, 10 times').waitFor();

      let all = await occurrences(title);
      expect(all.length).toBe(10);
      const parent = all[0]!;
      expect(parent.recurrence).toEqual(['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=TU']);
      expect(all.map((e) => e.series_id)).toEqual(Array(10).fill(parent.id));
      expect(all.map((e) => e.start_date)).toEqual(
        Array.from(
          { length: 10 },
          (_, i) => `${first.plus({ weeks: 2 * i }).toISODate()} 19:00:00`,
        ),
      );

      // 2. The third occurrence alone, reached from the events list (where each is marked).
      await page.goto(`${server.url}/console/events`);
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(title);
      const rows = page.getByRole('row').filter({ hasText: title });
      await expect.poll(() => rows.count()).toBe(10);
      expect(
        await rows
          .first()
          .getByText(/^Repeating event: Every 2nd Tuesday/)
          .count(),
      ).toBe(1);
      await shot(page, `repeat-list-${suffix}`, false);
      await rows.nth(2).getByRole('link', { name: title }).click();
      await page.getByRole('link', { name: 'First event' }).waitFor();
      await page.getByLabel('Title *').fill(`${title} with a guest conductor`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save a repeating event' });
      await dialog.waitFor();
      await shot(page, `repeat-scope-${suffix}`, false);
      await dialog.getByRole('button', { name: /^This event/ }).click();
      await page.getByText(`Saved “${title} with a guest conductor”.`).waitFor();

      all = await occurrences(title);
      expect(all.map((e) => e.title)).toEqual(
        all.map((_, i) => (i === 2 ? `${title} with a guest conductor` : title)),
      );

      // 3. From the fifth on: half an hour later, as a series of their own.
      const fifth = all[4]!;
      await page.goto(`${server.url}/console/events/${fifth.id}`);
      await expect.poll(() => page.getByLabel('Title *').inputValue()).toBe(title);
      const day = fifth.start_date.slice(0, 10);
      await page.getByLabel('Starts *').fill(`${day}T19:30`);
      await page.getByLabel('Ends *').fill(`${day}T21:30`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByRole('button', { name: /^This and following/ }).click();
      await page.getByText(`Saved “${title}” and the series.`).waitFor();

      all = await occurrences(title);
      expect(all.length).toBe(10);
      expect(all.map((e) => [e.series_id, e.start_date.slice(11)])).toEqual(
        all.map((_, i) => (i < 4 ? [parent.id, '19:00:00'] : [fifth.id, '19:30:00'])),
      );
      expect(all[2]!.title).toBe(`${title} with a guest conductor`);
      const cut = await call(server.url, `${EV}/${parent.id}`, auth);
      expect((cut.json as unknown as Occurrence).recurrence).toEqual([
        expect.stringMatching(/^RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=\d{8}T\d{6}Z?;BYDAY=TU$/),
      ]);
      expect(all[4]!.recurrence).toEqual(['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6;BYDAY=TU']);
      await page.getByText('Repeats: Every 2nd Tuesday, 6 times').waitFor();
      await shot(page, `repeat-following-${suffix}`, false);

      // 4. The calendar marks each occurrence, in words for screen readers.
      await page.goto(`${server.url}/console/`);
      await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
      const marked = page.locator('.event--series');
      for (let step = 0; step < 4 && (await marked.count()) === 0; step++) {
        await page.locator('.fc-next-button').click();
        await settled(page);
      }
      // What the block says after its visible words (a visually hidden part of its name).
      const details = await marked.first().locator('.visually-hidden').textContent();
      expect(details?.replace(/^, /, '')).toMatch(new RegExp(`^${title}, .*, repeating event$`));
      await shot(page, `repeat-calendar-${suffix}`, false);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
