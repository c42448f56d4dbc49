/**
 * Accessibility check of every console screen with axe-core, in Chromium, at 1280 and 375 px, in
 * the light and the dark theme: no serious or critical violation. A failure prints each
 * violation with the elements it found.
 */
import { describe, expect, it } from 'vitest';
import { describeViolations, violations } from './support/axe.js';
import { hasChromium } from './support/browser.js';
import { seed } from './support/seed.js';
import { signIn, settled } from './support/session.js';
import { browserSuite } from './support/suite.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 375, height: 740 },
] as const;
const THEMES = ['light', 'dark'] as const;

describe.skipIf(!hasChromium)('accessibility', () => {
  const suite = browserSuite();

  it('finds no serious or critical violation on any screen, in any width or theme', async () => {
    const { server, browser } = suite;
    const seeded = await seed(server.url);
    const screens: Array<[string, string]> = [
      ['calendar month', '/console/'],
      ['events', '/console/events'],
      ['event editor', `/console/events/${seeded.eventId}`],
      ['new event', '/console/events/new'],
      ['venues', '/console/venues'],
      ['venue editor', `/console/venues/${seeded.venueId}`],
      ['organizers', '/console/organizers'],
      ['categories', '/console/categories'],
      ['category editor', `/console/categories/${seeded.categoryId}`],
      ['tags', '/console/tags'],
      ['import', '/console/admin/import'],
      ['subscribe', '/console/subscribe'],
      ['explorer', '/console/explorer'],
      ['settings', '/console/admin/settings'],
      ['sharing', '/console/admin/sharing'],
      ['users', '/console/admin/users'],
      ['user editor', `/console/admin/users/${seeded.userId}`],
      ['app passwords', '/console/admin/passwords'],
      ['backups', '/console/admin/backups'],
      ['export and import', '/console/admin/transfer'],
      ['trash', '/console/admin/trash'],
      ['not found', '/console/no-such-screen'],
    ];
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const where = (name: string) => `${name} (${viewport.name}, ${theme})`;
        await page.goto(`${server.url}/console/`);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await settled(page);
        problems.push(describeViolations(where('sign-in'), await violations(page)));
        await signIn(page, server.url);
        for (const [name, path] of screens) {
          await page.goto(`${server.url}${path}`);
          await page.locator('h1').first().waitFor();
          await settled(page);
          problems.push(describeViolations(where(name), await violations(page)));
          if (name === 'calendar month') {
            const week = page.getByRole('button', { name: 'week', exact: true });
            if (await week.isVisible()) {
              await week.click();
              await settled(page);
              problems.push(describeViolations(where('calendar week'), await violations(page)));
            }
          }
        }
        await context.close();
      }
    }
    const report = problems.filter((p) => p !== '').join('\n');
    expect(report, `\n${report}`).toBe('');
  });
});
