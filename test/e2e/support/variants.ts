/**
 * One screen state in the four documented looks: 1280 and 375 px wide, light and dark
 * (docs/screenshots/<name>-{desktop,phone}[-dark].png), then back to how the test had it.
 */
import type { Page } from 'playwright-core';
import { shoot, WRITE_SCREENSHOTS } from './shots.js';

const SIZES = [
  ['desktop', 1280, 860],
  ['phone', 375, 812],
] as const;

export async function shootVariants(
  page: Page,
  name: string,
  sizes: ReadonlyArray<'desktop' | 'phone'> = ['desktop', 'phone'],
): Promise<void> {
  if (!WRITE_SCREENSHOTS) return;
  const before = page.viewportSize();
  for (const [size, width, height] of SIZES) {
    if (!sizes.includes(size)) continue;
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(0))));
      await shoot(page, `${name}-${size}${scheme === 'dark' ? '-dark' : ''}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}
