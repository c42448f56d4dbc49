/**
 * The public calendar (issue 29, item 8) and category colours (item 5) in Chromium, with an
 * en-GB and a fr-FR browser: the site's name and logo, the category filter with its colours,
 * the week view, the Print button and the print stylesheet, axe (no serious or critical
 * violation) in light and dark at 1280 and 375 px; in the console, the category editor's
 * palette, the calendar's colours in month, week, day and list with text at 4.5:1 or more,
 * and the Settings screen's name and logo.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contrastRatio, parseColor } from '../../renderer/src/calendar/colors.js';
import { basic, call } from './support/api.js';
import { hasChromium } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { settled } from './support/session.js';
import { browserSuite } from './support/suite.js';
import { shootVariants } from './support/variants.js';

const EV = '/api/calendar/events/v1';
const ADMIN_API = '/api/calendar/admin/v1';
const AUTH = basic(ADMIN.login, ADMIN.password);
/** A week and month after the machine's today, so every event is upcoming. */
const WEEK = '2027-03-08';
const MONTH = '2027-03';
const COLORS = { jazz: '#1a7f37', film: '#ffd33d', talks: '#0b1f4d' };

/** A real PNG (two colour bands), so the logo shows as an image and not a broken icon. */
function logoPng(width = 160, height = 48): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const raw = Buffer.concat(
    Array.from({ length: height }, (_, y) => {
      const line = Buffer.from(row);
      for (let x = 0; x < width; x++) {
        const [r, g, b] =
          y < height / 2 ? [36, 87, 197] : x < width / 2 ? [26, 127, 55] : [255, 211, 61];
        line.set([r, g, b], 1 + x * 3);
      }
      return line;
    }),
  );
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the pages' CSP allows no other script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: Array<{ html: string }> };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Found[] }> } }).axe;
    return (await axe.run()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  });
}

/** axe at 1280 and 375 px, light and dark, on the page as it is. */
async function axeEverywhere(page: Page, where: string): Promise<void> {
  const before = page.viewportSize();
  for (const [width, height] of [
    [1280, 860],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `${where} ${width} ${scheme}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}

/**
 * The lowest contrast of the texts matched by `selector`: each text's colour over the first
 * opaque background behind it.
 */
async function lowestContrast(page: Page, selector: string): Promise<number> {
  const pairs = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).innerText.trim() !== '')
      .map((el) => {
        let background = '';
        for (let node: Element | null = el; node && !background; node = node.parentElement) {
          const bg = getComputedStyle(node).backgroundColor;
          if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) background = bg;
        }
        return [getComputedStyle(el).color, background || 'rgb(255, 255, 255)'];
      }),
  );
  expect(pairs.length, selector).toBeGreaterThan(0);
  return Math.min(...pairs.map(([fg, bg]) => contrastRatio(parseColor(fg!)!, parseColor(bg!)!)));
}

/** The colours (background and border) events show in, as `rgb(…)`. */
const shownColors = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els.flatMap((el) => [
        getComputedStyle(el).backgroundColor,
        getComputedStyle(el).borderTopColor,
      ]),
    );

describe.skipIf(!hasChromium)('the public calendar and category colours', () => {
  const suite = browserSuite();
  const contexts: BrowserContext[] = [];
  const ids = { jazz: 0, film: 0, talks: 0, logo: 0 };

  beforeAll(async () => {
    const url = suite.server.url;
    const upload = await fetch(`${url}${ADMIN_API}/media`, {
      method: 'POST',
      headers: {
        authorization: AUTH,
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="harbour-logo.png"',
      },
      body: new Uint8Array(logoPng()),
    });
    expect(upload.status).toBe(201);
    ids.logo = ((await upload.json()) as { id: number }).id;
    const settings = await call(url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: {
        timezone: 'Europe/Paris',
        language: 'en',
        site_name: 'Harbour Arts Centre',
        site_logo: ids.logo,
      },
    });
    expect(settings.status).toBe(200);
    for (const [key, name] of [
      ['jazz', 'Jazz'],
      ['film', 'Film'],
      ['talks', 'Talks'],
    ] as const) {
      const made = await call(url, `${EV}/categories`, AUTH, {
        method: 'POST',
        body: { name, color: COLORS[key] },
      });
      expect(made.status).toBe(201);
      ids[key] = made.json.id as number;
    }
    const venue = await call(url, `${EV}/venues`, AUTH, {
      method: 'POST',
      body: { venue: 'Blue Hall', city: 'Lyon', status: 'publish' },
    });
    expect(venue.status).toBe(201);
    const events: Array<[string, string, string, keyof typeof COLORS | null, boolean]> = [
      ['Late set with the quartet', '2027-03-09', '20:00', 'jazz', false],
      ['Silent film matinee', '2027-03-10', '15:00', 'film', false],
      ['Film festival', '2027-03-11', '', 'film', true],
      ['Harbour history lecture', '2027-03-12', '18:00', 'talks', false],
      ['Talks weekend', '2027-03-13', '', 'talks', true],
      ['Open day', '2027-03-14', '10:00', null, false],
    ];
    for (const [title, day, time, category, allDay] of events) {
      const made = await call(url, `${EV}/events`, AUTH, {
        method: 'POST',
        body: {
          title,
          status: 'publish',
          timezone: 'Europe/Paris',
          ...(allDay
            ? { all_day: true, start_date: day, end_date: day }
            : {
                start_date: `${day} ${time}:00`,
                end_date: `${day} ${time.replace(/^\d+/, (h) => String(Number(h) + 2))}:00`,
              }),
          ...(category
            ? { categories: [ids[category]] }
            : { venue: venue.json.id, tags: ['free'] }),
        },
      });
      expect(made.status, made.json.message as string).toBe(201);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function open(locale: 'en-GB' | 'fr-FR', width = 1280, height = 860): Promise<Page> {
    const context = await suite.browser.newContext({
      viewport: { width, height },
      locale,
      timezoneId: 'Europe/Paris',
    });
    contexts.push(context);
    // Printing is the browser's own dialog: count the calls instead.
    await context.addInitScript(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  const swatchColors = (page: Page, scope: string) =>
    page
      .locator(`${scope} .swatch`)
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));

  it('en-GB: name and logo, the category filter with colours, the week view, Print, axe', async () => {
    const page = await open('en-GB');
    const url = suite.server.url;
    await page.goto(`${url}/events/`);
    const brand = page.locator('header.site a.brand');
    expect(await brand.innerText()).toBe('Harbour Arts Centre');
    const logo = brand.locator('img.logo');
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
    expect(await page.title()).toBe('Events – Harbour Arts Centre');

    // The filter: every category with its colour, the whole calendar marked as shown.
    const chips = page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link');
    expect(await chips.allInnerTexts()).toEqual(['All categories', 'Film', 'Jazz', 'Talks']);
    expect(await swatchColors(page, 'nav.filter')).toEqual([
      'rgb(255, 211, 61)',
      'rgb(26, 127, 55)',
      'rgb(11, 31, 77)',
    ]);
    expect(await chips.first().getAttribute('aria-current')).toBe('page');
    await axeEverywhere(page, 'list');
    await shootVariants(page, 'public-calendar-list');

    // The week view, from its link, then the week the events are in.
    await page
      .getByRole('navigation', { name: 'Calendar views' })
      .getByRole('link', { name: 'Week' })
      .click();
    await page.waitForURL(/view=week/);
    await page.goto(`${url}/events/?view=week&week=${WEEK}`);
    expect((await page.locator('nav.months h2').innerText()).replace(/\s/g, ' ')).toBe(
      '8 – 14 March 2027',
    );
    expect(await page.locator('ol.week > li h3').allInnerTexts()).toEqual([
      'Monday 8 March',
      'Tuesday 9 March',
      'Wednesday 10 March',
      'Thursday 11 March',
      'Friday 12 March',
      'Saturday 13 March',
      'Sunday 14 March',
    ]);
    const tuesday = page.locator('ol.week > li').nth(1);
    expect(await tuesday.innerText()).toContain('20:00');
    expect(await tuesday.innerText()).toContain('Late set with the quartet');
    expect(await swatchColors(page, 'ol.week > li:nth-child(2)')).toEqual(['rgb(26, 127, 55)']);
    // The columns sit side by side at 1280 px.
    const boxes = await page
      .locator('ol.week > li')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(boxes).size).toBe(1);
    await axeEverywhere(page, 'week');
    await shootVariants(page, 'public-calendar-week');

    // Print: a visible button (shown by the page's one script), and a page of the view alone.
    const print = page.getByRole('button', { name: 'Print' });
    expect(await print.isVisible()).toBe(true);
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      'nav.views',
      'form.search',
      'nav.filter',
      'button.print',
      'section.subscribe',
      'nav.months a',
    ]) {
      expect(await page.locator(hidden).first().isVisible(), hidden).toBe(false);
    }
    expect(await page.locator('ol.week').isVisible()).toBe(true);
    expect(await page.locator('header.site img.logo').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // A category from the filter: the same week, its events only.
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: 'Film' })
      .click();
    await page.waitForURL(`${url}/events/category/film/?view=week&week=${WEEK}`);
    expect(await page.locator('ol.week ul a').allInnerTexts()).toEqual([
      'Silent film matinee',
      'Film festival',
    ]);
    expect(await page.locator('nav.filter a[aria-current="page"]').innerText()).toBe('Film');
    await axeEverywhere(page, 'category week');

    // The month, and an event's page with its category's colour.
    await page.goto(`${url}/events/?view=month&month=${MONTH}`);
    expect(await swatchColors(page, 'table.month')).toHaveLength(5);
    await axeEverywhere(page, 'month');
    await shootVariants(page, 'public-calendar-month');
    await page.goto(`${url}/event/late-set-with-the-quartet/`);
    expect(await swatchColors(page, '.terms')).toEqual(['rgb(26, 127, 55)']);
    await axeEverywhere(page, 'event');
    // The other calendars (no filter there) and the page of what does not exist.
    for (const path of ['/venue/blue-hall/?view=week&week=' + WEEK, '/tag/free/', '/event/nope/']) {
      await page.goto(`${url}${path}`);
      expect(await page.locator('header.site a.brand').innerText(), path).toBe(
        'Harbour Arts Centre',
      );
      await axeEverywhere(page, path);
    }
    expect(await page.locator('nav.filter').count()).toBe(0);
  });

  it('fr-FR: the same calendar in French, axe clean', async () => {
    const url = suite.server.url;
    const french = await call(url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { language: 'fr' },
    });
    expect(french.status).toBe(200);
    try {
      const page = await open('fr-FR');
      await page.goto(`${url}/events/?view=week&week=${WEEK}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.locator('header.site a.brand').innerText()).toBe('Harbour Arts Centre');
      expect((await page.locator('nav.months h2').innerText()).replace(/\s/g, ' ')).toBe(
        '8–14 mars 2027',
      );
      expect(await page.locator('ol.week > li h3').first().innerText()).toBe('Lundi 8 mars');
      expect(
        await page
          .getByRole('navigation', { name: 'Vues du calendrier' })
          .getByRole('link')
          .allInnerTexts(),
      ).toEqual(['Liste', 'Semaine', 'Mois']);
      const chips = page
        .getByRole('navigation', { name: 'Filtrer par catégorie' })
        .getByRole('link');
      expect(await chips.first().innerText()).toBe('Toutes les catégories');
      await page.getByRole('button', { name: 'Imprimer' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/\b(AM|PM)\b/);
      await axeEverywhere(page, 'fr week');
      await shootVariants(page, 'fr-public-calendar-week');
      await page.goto(`${url}/events/?view=month&month=${MONTH}`);
      await axeEverywhere(page, 'fr month');
    } finally {
      await call(url, `${ADMIN_API}/settings`, AUTH, { method: 'PATCH', body: { language: 'en' } });
    }
  });
  async function signIn(page: Page, button: string, heading: string) {
    await page.goto(`${suite.server.url}/console/`);
    await page.locator('input[name=login]').fill(ADMIN.login);
    await page.locator('input[name=password]').fill(ADMIN.password);
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  it('console en-GB: the category editor’s palette, the calendar’s colours with readable text, the Settings screen', async () => {
    const url = suite.server.url;
    const page = await open('en-GB');
    await signIn(page, 'Sign in', 'Calendar');

    // The category editor: "None", ten named colours and any other one.
    await page.goto(`${url}/console/categories/${ids.film}`);
    const group = page.getByRole('group', { name: 'Calendar colour' });
    await group.waitFor();
    expect(
      await group
        .getByRole('radio')
        .evaluateAll((els) => els.map((el) => el.closest('label')?.textContent)),
    ).toEqual([
      'None',
      'Blue',
      'Green',
      'Teal',
      'Purple',
      'Pink',
      'Red',
      'Orange',
      'Yellow',
      'Brown',
      'Grey',
    ]);
    // Film's yellow is none of them: the colour input holds it.
    expect(await group.locator('input[type=color]').inputValue()).toBe(COLORS.film);
    expect(await lowestContrast(page, '.category-color__sample')).toBeGreaterThanOrEqual(4.5);
    await page.locator('label.color-option[title="Teal"]').click();
    expect(await group.getByRole('radio', { name: 'Teal' }).isChecked()).toBe(true);
    expect(await lowestContrast(page, '.category-color__sample')).toBeGreaterThanOrEqual(4.5);
    await axeEverywhere(page, 'category editor');
    await shootVariants(page, 'category-editor-colour');
    await page.locator('form button[type=submit]').first().click();
    await expect
      .poll(async () => (await call(url, `${EV}/categories/${ids.film}`, AUTH)).json.color)
      .toBe('#1b7c83');
    // Back to the yellow, the hardest colour for white text.
    await call(url, `${EV}/categories/${ids.film}`, AUTH, {
      method: 'PATCH',
      body: { color: COLORS.film },
    });

    // The calendar: every view shows the colours, and every event's text reads at 4.5:1.
    const views: Array<[string, string, string]> = [
      ['dayGridMonth', '2027-03-10', '.fc-daygrid-event-dot, .fc-daygrid-block-event'],
      ['timeGridWeek', '2027-03-10', '.fc-event'],
      ['timeGridDay', '2027-03-11', '.fc-event'],
      ['listWeek', '2027-03-10', '.fc-list-event-dot'],
    ];
    for (const [view, date, marks] of views) {
      await page.goto(`${url}/console/?view=${view}&date=${date}`);
      await page.locator('.fc-event, .fc-list-event').first().waitFor();
      await settled(page);
      const seen = new Set(await shownColors(page, marks));
      const expected =
        view === 'timeGridDay'
          ? ['rgb(255, 211, 61)']
          : ['rgb(26, 127, 55)', 'rgb(255, 211, 61)', 'rgb(11, 31, 77)'];
      for (const color of expected) expect(seen.has(color), `${view} ${color}`).toBe(true);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const texts =
          view === 'listWeek' ? '.fc-list-event-title a' : '.fc-event-title, .fc-event-time';
        expect(await lowestContrast(page, texts), `${view} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await shootVariants(page, `calendar-colours-${view}`, ['desktop']);
    }

    // Settings: the site's name and its logo, picked from the media library.
    await page.goto(`${url}/console/admin/settings`);
    const name = page.getByLabel('Site name *');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Harbour Arts Centre');
    const logos = page.getByRole('group', { name: 'Logo' });
    expect(
      await logos.getByRole('radio', { name: /^Image \d+: .*harbour-logo\.png$/ }).isChecked(),
    ).toBe(true);
    await axeEverywhere(page, 'settings');
    await shootVariants(page, 'settings-site-identity');
    await name.fill('Harbour Arts Centre on the Quay');
    await logos.locator('label.logo-choice', { hasText: 'No logo' }).click();
    await page.locator('form[aria-label="Settings"] button[type=submit]').click();
    await expect
      .poll(async () => (await call(url, `${ADMIN_API}/settings`, AUTH)).json.site_name)
      .toBe('Harbour Arts Centre on the Quay');
    expect((await call(url, `${ADMIN_API}/settings`, AUTH)).json.site_logo).toBe(0);
    await page.goto(`${url}/events/`);
    expect(await page.locator('header.site a.brand').innerText()).toBe(
      'Harbour Arts Centre on the Quay',
    );
    expect(await page.locator('header.site img').count()).toBe(0);
    // The logo again, as the other tests expect it.
    await call(url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { site_name: 'Harbour Arts Centre', site_logo: ids.logo },
    });
  });

  it('console fr-FR: the palette and the name and logo in French', async () => {
    const url = suite.server.url;
    const page = await open('fr-FR');
    await signIn(page, 'Se connecter', 'Calendrier');
    await page.goto(`${url}/console/categories/${ids.jazz}`);
    const group = page.getByRole('group', { name: 'Couleur dans le calendrier' });
    await group.waitFor();
    expect(await group.getByRole('radio', { name: 'Vert' }).isChecked()).toBe(true);
    expect(await group.getByRole('radio', { name: 'Aucune' }).isChecked()).toBe(false);
    expect(await page.locator('.category-color__sample').innerText()).toBe('Exemple d’évènement');
    await axeEverywhere(page, 'fr category editor');
    await shootVariants(page, 'fr-category-editor-colour');
    await page.goto(`${url}/console/admin/settings`);
    await page.getByLabel('Nom du site *').waitFor();
    const logos = page.getByRole('group', { name: 'Logo' });
    expect(await logos.getByRole('radio', { name: 'Pas de logo' }).isChecked()).toBe(false);
    expect(await logos.getByRole('radio', { name: /^Image \d+ : / }).count()).toBe(1);
    await shootVariants(page, 'fr-settings-site-identity');
  });
});
