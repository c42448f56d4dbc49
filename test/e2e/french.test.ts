/**
 * The console and the public pages in French and English, in Chromium with a fr-FR or an
 * en-GB browser: every text shown comes from the French catalogue (support/untranslated.ts;
 * french-screens.test.ts visits the other screens), no time says AM or PM, the week view's headers read `lun. 23/11` / `Mon 23/11`, and
 * `<html lang>` names the language. A user's saved choice wins over the browser's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { settled } from './support/session.js';
import { browserSuite } from './support/suite.js';
import { shootVariants } from './support/variants.js';
import { untranslated } from './support/untranslated.js';

const EV = '/api/calendar/events/v1';
const ADMIN_API = '/api/calendar/admin/v1';
const AUTH = basic(ADMIN.login, ADMIN.password);
const WEEK = '2026-11-23';

/** Texts on the page no French catalogue entry gave (support/untranslated.ts). */
const DATA = [
  'Répétition générale',
  'Concert du soir',
  'Atelier d’écriture pour les enfants du quartier',
  'Conférence sur l’histoire de la musique baroque',
  'Visite guidée de la salle',
  'Pot de départ',
  'Salle Pleyel',
  'Concerts',
  'Europe/Paris',
  ADMIN.login,
  'camille',
];
const leftoverEnglish = (page: Page) => untranslated(page, DATA);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings on the French screen (test/e2e/a11y.test.ts checks all). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: Array<{ html: string }> };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Found[] }> } }).axe;
    return (await axe.run()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  });
}

async function noAmPm(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toMatch(/\b\d{1,2}(:\d{2})?\s?(AM|PM|am|pm)\b/);
}

describe.skipIf(!hasChromium)('the console in French and English', () => {
  // A French Chromium: its date and time inputs are written the French way too.
  const suite = browserSuite({ lang: 'fr-FR' });
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const url = suite.server.url;
    const settings = await call(url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { timezone: 'Europe/Paris' },
    });
    expect(settings.status).toBe(200);
    const category = await call(url, `${EV}/categories`, AUTH, {
      method: 'POST',
      body: { name: 'Concerts', color: '#1d4ed8' },
    });
    expect(category.status).toBe(201);
    const venue = await call(url, `${EV}/venues`, AUTH, {
      method: 'POST',
      body: { venue: 'Salle Pleyel', status: 'publish' },
    });
    for (const [title, day] of [
      ['Répétition générale', '2026-11-23'],
      ['Concert du soir', '2026-11-25'],
      ['Atelier d’écriture pour les enfants du quartier', '2026-11-24'],
      ['Conférence sur l’histoire de la musique baroque', '2026-11-24'],
      ['Visite guidée de la salle', '2026-11-24'],
      ['Pot de départ', '2026-11-24'],
    ] as const) {
      const created = await call(url, `${EV}/events`, AUTH, {
        method: 'POST',
        body: {
          title,
          start_date: `${day} 19:30:00`,
          end_date: `${day} 21:00:00`,
          timezone: 'Europe/Paris',
          status: 'publish',
          categories: [category.json.id],
          venue: venue.json.id,
        },
      });
      expect(created.status).toBe(201);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function open(locale: string, width = 1280, height = 800): Promise<Page> {
    const context = await suite.browser.newContext({
      viewport: { width, height },
      locale,
      timezoneId: 'Europe/Paris',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signInAs(page: Page, login: string, password: string, button: string) {
    await page.goto(`${suite.server.url}/console/`);
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill(password);
    await page.getByRole('button', { name: button }).click();
  }

  it('speaks French from the sign-in page on, with lun. 23/11 in the week view and no AM/PM', async () => {
    const page = await open('fr-FR');
    await page.goto(`${suite.server.url}/console/`);
    await page.getByRole('heading', { name: 'Se connecter à Almanac' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    expect(await leftoverEnglish(page)).toEqual([]);
    await shootVariants(page, 'fr-signin');

    await signInAs(page, ADMIN.login, ADMIN.password, 'Se connecter');
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
    await page.goto(`${suite.server.url}/console/?view=timeGridWeek&date=${WEEK}`);
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
    await page.locator('.fc-event', { hasText: 'Répétition générale' }).first().waitFor();
    await settled(page);
    const headers = await page.locator('.fc-col-header-cell').allInnerTexts();
    expect(headers[0]).toBe('lun. 23/11');
    expect(
      await page.locator('.fc-event', { hasText: 'Répétition générale' }).first().innerText(),
    ).toContain('19:30');
    await noAmPm(page);
    expect(await leftoverEnglish(page)).toEqual([]);
    // The status filter's value is shown whole at 1280 px: the select is at least as wide as
    // it is when left to its own width (its longest option, "Tous sauf la corbeille").
    const status = page.getByLabel('État', { exact: true });
    expect(await status.inputValue()).toBe('');
    const widths = await status.evaluate((select: HTMLSelectElement) => {
      const own = select.cloneNode(true) as HTMLSelectElement;
      own.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none';
      select.parentElement!.append(own);
      const natural = own.getBoundingClientRect().width;
      own.remove();
      return { shown: select.getBoundingClientRect().width, natural };
    });
    expect(widths.shown).toBeGreaterThanOrEqual(widths.natural - 0.5);
    // The device is in the site's zone: no choice between a zone and itself.
    expect(await page.locator('.calendar-zone').count()).toBe(0);
    await page.goto(`${suite.server.url}/console/?view=dayGridMonth&date=${WEEK}`);
    await page.locator('.fc-event', { hasText: 'Concert du soir' }).first().waitFor();
    await settled(page);
    // Month titles wrap rather than being cut, and a full day says how many more it has.
    const cut = await page.$$eval('.fc-daygrid-event .fc-event-title', (titles) =>
      titles.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    expect(await page.locator('.fc-daygrid-more-link').first().innerText()).toBe('+1 autre');
    await noAmPm(page);
    expect(await leftoverEnglish(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shootVariants(page, 'fr-calendar');
  });

  it('shows an editor and its conflict dialog in French', async () => {
    const page = await open('fr-FR');
    await signInAs(page, ADMIN.login, ADMIN.password, 'Se connecter');
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nouvel évènement' }).click();
    await page.getByRole('heading', { name: 'Nouvel évènement', level: 1 }).waitFor();
    await settled(page);
    expect(await leftoverEnglish(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shootVariants(page, 'fr-editor-new');

    const listed = await call(
      suite.server.url,
      `${EV}/events?search=Concert&start_date=2026-11-01`,
      AUTH,
    );
    const id = (listed.json.events as Array<{ id: number }>)[0]!.id;
    await page.goto(`${suite.server.url}/console/events/${id}`);
    await page.getByRole('heading', { name: 'Concert du soir', level: 1 }).waitFor();
    await settled(page);
    await noAmPm(page);
    expect(await leftoverEnglish(page)).toEqual([]);
    // Someone else saves meanwhile: the conflict dialog asks what to keep, in French.
    const other = await call(suite.server.url, `${EV}/events/${id}`, AUTH, {
      method: 'PATCH',
      body: { cost: '15' },
    });
    expect(other.status).toBe(200);
    await page.getByLabel('Titre *').fill('Concert du soir (complet)');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quelqu’un d’autre a modifié ceci' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Prix');
    expect(await leftoverEnglish(page)).toEqual([]);
    await shootVariants(page, 'fr-conflict');
    await dialog.getByRole('button', { name: 'Continuer à modifier' }).click();
  });

  it('shows a public page in the site’s language and zone', async () => {
    const french = await call(suite.server.url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { language: 'fr' },
    });
    expect(french.status).toBe(200);
    const page = await open('fr-FR');
    await page.goto(`${suite.server.url}/events/?view=month&month=2026-11`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('novembre 2026');
    expect(text).toContain('19:30');
    await noAmPm(page);
    await page.getByRole('link', { name: 'Concert du soir' }).first().click();
    await page.getByRole('heading', { name: 'Concert du soir', level: 1 }).waitFor();
    const when = await page.locator('.when').innerText();
    expect(when).toContain('mercredi 25 novembre 2026');
    expect(when).toContain('19:30');
    expect(await page.getByRole('heading', { name: 'Lieu' }).count()).toBe(1);
    await noAmPm(page);
    await shootVariants(page, 'fr-public-event');
    await call(suite.server.url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { language: 'en' },
    });
  });

  it('shows Mon 23/11 in an en-GB browser', async () => {
    const page = await open('en-GB');
    await signInAs(page, ADMIN.login, ADMIN.password, 'Sign in');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await page.goto(`${suite.server.url}/console/?view=timeGridWeek&date=${WEEK}`);
    await page.locator('.fc-event', { hasText: 'Répétition générale' }).first().waitFor();
    const headers = await page.locator('.fc-col-header-cell').allInnerTexts();
    expect(headers[0]).toBe('Mon 23/11');
    await noAmPm(page);
  });

  it('keeps a user’s saved language over the browser’s', async () => {
    const user = await call(suite.server.url, `${ADMIN_API}/users`, AUTH, {
      method: 'POST',
      body: { login: 'camille', password: 'camille-password', role: 'editor' },
    });
    expect(user.status).toBe(201);
    const page = await open('en-GB');
    await signInAs(page, 'camille', 'camille-password', 'Sign in');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.getByLabel('Console language').selectOption('fr');
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    const saved = await call(
      suite.server.url,
      `${ADMIN_API}/users/${user.json.id as number}`,
      AUTH,
    );
    expect(saved.json.locale).toBe('fr');
    await page.reload();
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
    expect(await leftoverEnglish(page)).toEqual([]);
  });
});
