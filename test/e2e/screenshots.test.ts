/**
 * Screenshots of every console screen at desktop (1280 px) and phone (375 px) widths, for
 * the console tour in docs/console.md. Run with ALMANAC_SCREENSHOTS=1; otherwise the suite only checks that every
 * screen renders without page errors.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { seed, type Seeded } from './support/seed.js';
import { startServer, type E2EServer } from './support/server.js';
import { settled, signIn } from './support/session.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WRITE = process.env.ALMANAC_SCREENSHOTS === '1';

interface Shot {
  name: string;
  path: string;
  heading: string;
  prepare?(page: Page): Promise<void>;
}

const SHOTS = ({ eventId, venueId, categoryId, userId }: Seeded): Shot[] => [
  {
    name: 'calendar',
    path: '/',
    heading: 'Calendar',
    prepare: (p) => p.locator('.fc-event').first().waitFor(),
  },
  {
    name: 'events',
    path: '/events',
    heading: 'Events',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  { name: 'event-editor', path: `/events/${eventId}`, heading: 'Open data hack night' },
  {
    name: 'venues',
    path: '/venues',
    heading: 'Venues',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  { name: 'venue-editor', path: `/venues/${venueId}`, heading: 'Harbour Hall' },
  {
    name: 'organizers',
    path: '/organizers',
    heading: 'Organizers',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  {
    name: 'categories',
    path: '/categories',
    heading: 'Categories',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  { name: 'category-editor', path: `/categories/${categoryId}`, heading: 'Meetups' },
  {
    name: 'tags',
    path: '/tags',
    heading: 'Tags',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  {
    name: 'explorer',
    path: '/explorer',
    heading: 'API explorer',
    prepare: async (p) => {
      await p.getByRole('button', { name: 'GET /events', exact: true }).click();
      await p.getByLabel('per_page').fill('2');
      await p.getByRole('button', { name: 'Send' }).click();
      await p.getByTestId('response-status').waitFor();
    },
  },
  {
    name: 'users',
    path: '/admin/users',
    heading: 'Users',
    prepare: (p) => p.locator('tbody tr').nth(1).waitFor(),
  },
  { name: 'user-editor', path: `/admin/users/${userId}`, heading: 'Maria Silva' },
  {
    name: 'app-passwords',
    path: '/admin/passwords',
    heading: 'Application passwords',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
  { name: 'settings', path: '/admin/settings', heading: 'Settings' },
  {
    name: 'sharing',
    path: '/admin/sharing',
    heading: 'LAN sharing',
    prepare: async (p) => {
      const toggle = p.getByRole('switch', { name: /Share on the local network/ });
      if ((await toggle.isEnabled()) && !(await toggle.isChecked()))
        await toggle.check({ force: true });
      await p.locator('.sharing__qr svg, .sharing .muted').first().waitFor();
    },
  },
  {
    name: 'trash',
    path: '/admin/trash',
    heading: 'Trash',
    prepare: (p) => p.locator('tbody tr').first().waitFor(),
  },
];

describe.skipIf(!hasChromium)('console screens', () => {
  let server: E2EServer;
  let browser: Browser;
  let seeded: Seeded;

  beforeAll(async () => {
    // Real LAN listeners only when taking the pictures (the QR code needs an address).
    server = await startServer({ lan: WRITE });
    seeded = await seed(server.url);
    browser = await launch();
    if (WRITE) mkdirSync(OUT, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height, suffix] of [
    [1280, 860, 'desktop'],
    [375, 812, 'phone'],
  ] as const) {
    it(`renders every screen at ${width} px`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: 'light',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/console/`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      if (WRITE) await page.screenshot({ path: `${OUT}signin-${suffix}.png` });
      await signIn(page, server.url);
      for (const shot of SHOTS(seeded)) {
        await page.goto(`${server.url}/console${shot.path}`);
        await page.getByRole('heading', { name: shot.heading, level: 1 }).waitFor();
        await shot.prepare?.(page);
        await settled(page);
        if (WRITE) await page.screenshot({ path: `${OUT}${shot.name}-${suffix}.png` });
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${server.url}/console/`);
      await page.locator('.fc-event').first().waitFor();
      await settled(page);
      if (WRITE) await page.screenshot({ path: `${OUT}calendar-dark-${suffix}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
