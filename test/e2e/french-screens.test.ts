/**
 * Every screen of the console in French, in a French Chromium: the lists and their editors,
 * the administration screens, the API explorer, Connect and Subscribe. On each, no text is
 * shown that the French catalogue did not give (support/untranslated.ts), and each is
 * photographed at 1280 and 375 px, light and dark (docs/screenshots/fr-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { basic, call } from './support/api.js';
import { hasChromium } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { settled } from './support/session.js';
import { browserSuite } from './support/suite.js';
import { untranslated } from './support/untranslated.js';
import { shootVariants } from './support/variants.js';

const EV = '/api/calendar/events/v1';
const ADMIN_API = '/api/calendar/admin/v1';
const AUTH = basic(ADMIN.login, ADMIN.password);

/** What the test puts on the screens: its words are data, not the console's. */
const DATA = [
  'Concert du soir',
  'Répétition générale',
  'Salle Pleyel',
  'rue du Faubourg Saint-Honoré',
  'Compagnie des Lumières',
  'Concerts',
  'Jeunesse',
  'Camille Martin',
  'camille',
  'Agenda partagé',
  'Atelier annulé',
  'Concert importé',
  ADMIN.login,
  'Europe/Paris',
];

/** A one-event calendar file for the import screen's dry run. */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Almanac//e2e//FR',
  'BEGIN:VEVENT',
  'UID:concert-import@example.org',
  'DTSTAMP:20261101T120000Z',
  'DTSTART:20261210T183000Z',
  'DTEND:20261210T200000Z',
  'SUMMARY:Concert importé',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe.skipIf(!hasChromium)('every screen of the console in French', () => {
  const suite = browserSuite({ lang: 'fr-FR' });
  const contexts: BrowserContext[] = [];
  const ids: Record<string, number> = {};
  let page: Page;

  async function post(path: string, body: unknown): Promise<number> {
    const made = await call(suite.server.url, path, AUTH, { method: 'POST', body });
    expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    return made.json.id as number;
  }

  beforeAll(async () => {
    const url = suite.server.url;
    await call(url, `${ADMIN_API}/settings`, AUTH, {
      method: 'PATCH',
      body: { timezone: 'Europe/Paris' },
    });
    ids.category = await post(`${EV}/categories`, { name: 'Concerts', color: '#1d4ed8' });
    ids.tag = await post(`${EV}/tags`, { name: 'Jeunesse' });
    ids.venue = await post(`${EV}/venues`, {
      venue: 'Salle Pleyel',
      address: '252 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      status: 'publish',
    });
    ids.organizer = await post(`${EV}/organizers`, {
      organizer: 'Compagnie des Lumières',
      status: 'publish',
    });
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const title of ['Concert du soir', 'Répétition générale', 'Atelier annulé'])
      ids[title] = await post(`${EV}/events`, {
        title,
        start_date: `${later} 19:30:00`,
        end_date: `${later} 21:00:00`,
        timezone: 'Europe/Paris',
        status: 'publish',
        categories: [ids.category],
        tags: [ids.tag],
        venue: ids.venue,
        organizer: [ids.organizer],
      });
    const trashed = await call(url, `${EV}/events/${ids['Atelier annulé']}`, AUTH, {
      method: 'DELETE',
    });
    expect(trashed.status).toBe(200);
    ids.user = await post(`${ADMIN_API}/users`, {
      login: 'camille',
      display_name: 'Camille Martin',
      password: 'camille-password',
      role: 'editor',
    });
    await post(`${ADMIN_API}/users/1/application-passwords`, { name: 'Agenda partagé' });
    await post(`${ADMIN_API}/backups`, {});

    const context = await suite.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    contexts.push(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${url}/console/`);
    await page.locator('input[name=login]').fill(ADMIN.login);
    await page.locator('input[name=password]').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Calendrier', level: 1 }).waitFor();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** Opens a console path, waits for its heading, and checks that every word on it is French. */
  async function visit(path: string, heading: string, shot?: string): Promise<void> {
    await page.goto(`${suite.server.url}/console${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await settled(page);
    expect(await untranslated(page, DATA), path).toEqual([]);
    if (shot) await shootVariants(page, shot);
  }

  it('shows the events list, a bulk action’s notice and the pager in French', async () => {
    await visit('/events?when=all', 'Évènements', 'fr-events');
    await page.getByLabel('Tout sélectionner sur cette page').check();
    await page.getByLabel('Nouvel état').selectOption('draft');
    await page.getByRole('button', { name: 'Changer l’état' }).click();
    const notice = page.getByText('Passés à l’état « Brouillon » : « Concert du soir » et');
    await notice.waitFor();
    expect(await untranslated(page, DATA)).toEqual([]);
    expect(await page.locator('.pager').innerText()).toContain('2 évènements');
  });

  it('shows the venues, organizers, categories and tags, and their editors, in French', async () => {
    await visit('/venues', 'Lieux', 'fr-venues');
    await visit(`/venues/${ids.venue}`, 'Salle Pleyel', 'fr-venue');
    await visit('/venues/new', 'Nouveau lieu');
    await visit('/organizers', 'Organisateurs', 'fr-organizers');
    await visit(`/organizers/${ids.organizer}`, 'Compagnie des Lumières');
    await visit('/categories', 'Catégories', 'fr-categories');
    await visit(`/categories/${ids.category}`, 'Concerts', 'fr-category');
    await visit('/tags', 'Étiquettes');
    await visit(`/tags/${ids.tag}`, 'Jeunesse');
    await visit(`/events/${ids['Atelier annulé']}`, 'Atelier annulé');
    await page.getByRole('heading', { name: 'À la corbeille', level: 2 }).waitFor();
  });

  it('shows the administration screens in French', async () => {
    await visit('/admin/users', 'Utilisateurs', 'fr-users');
    await visit(`/admin/users/${ids.user}`, 'Camille Martin');
    await visit('/admin/passwords', 'Mots de passe d’application', 'fr-passwords');
    await visit('/admin/settings', 'Réglages', 'fr-settings');
    await visit('/admin/sharing', 'Partage sur le réseau local', 'fr-sharing');
    await visit('/admin/trash', 'Corbeille', 'fr-trash');
    await visit('/admin/backups', 'Sauvegardes', 'fr-backups');
    expect(await page.locator('.table').innerText()).toMatch(/\d+\s?ko|\d+(,\d)?\s?Mo/);
    await visit('/admin/transfer', 'Exporter et importer', 'fr-transfer');
    await visit('/admin/import', 'Importer');
    await page.locator('input[type=file]').setInputFiles({
      name: 'agenda.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(ICS),
    });
    await page.getByRole('heading', { name: 'Ce que ferait ce fichier' }).waitFor();
    await settled(page);
    expect(await untranslated(page, DATA)).toEqual([]);
    await shootVariants(page, 'fr-import');
    await visit('/subscribe', 'S’abonner', 'fr-subscribe');
    await visit('/connect', 'Connecter un appareil', 'fr-connect');
  });

  it('shows the API explorer’s own interface in French, the API’s data as it is', async () => {
    await visit('/explorer', 'Explorateur d’API');
    await page.getByPlaceholder('Filtrer les routes…').fill('GET /api/calendar/events/v1/events');
    await page.locator('.explorer__op').first().click();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByTestId('response-status').waitFor();
    await settled(page);
    expect(await untranslated(page, DATA)).toEqual([]);
    expect(await page.locator('.explorer__stats').innerText()).toMatch(/\d+\s*ms/);
    await shootVariants(page, 'fr-explorer');
  });
});
