/**
 * The public month page in Chromium: the days of the neighbouring months are readable (WCAG AA,
 * at least 4.5:1, in light and dark), and the page asks for nothing that answers 404 (its icon
 * included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contrastRatio, parseColor } from '../../renderer/src/calendar/colors.js';
import { hasChromium } from './support/browser.js';
import { browserSuite } from './support/suite.js';

/** The contrast a text really shows: its colour over the first opaque background, with opacity. */
async function contrastOf(page: Page, selector: string): Promise<number> {
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

describe.skipIf(!hasChromium)('public month page', () => {
  const suite = browserSuite();
  const missing: string[] = [];
  let page: Page;

  beforeAll(async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('shows neighbouring months’ days at 4.5:1 or more, and asks for nothing missing', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // November 2026 starts on a Sunday: the first week holds five October days.
      await page.goto(`${suite.server.url}/events/?view=month&month=2026-11`);
      await page.locator('table.month td.outside .day').first().waitFor();
      // The icon the page names (headless Chromium may not ask for it by itself).
      const href = await page
        .locator('link[rel="icon"]')
        .evaluate((link) => (link as HTMLLinkElement).href);
      expect((await page.request.get(href)).status()).toBe(200);
      const ratio = await contrastOf(page, 'table.month td.outside .day');
      expect(ratio, scheme).toBeGreaterThanOrEqual(4.5);
    }
    expect(missing).toEqual([]);
  });
});
