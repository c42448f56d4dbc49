/** Screenshots for docs/screenshots, taken only when ALMANAC_SCREENSHOTS=1. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const OUT = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
export const WRITE_SCREENSHOTS = process.env.ALMANAC_SCREENSHOTS === '1';

export async function shoot(page: Page, name: string): Promise<void> {
  if (!WRITE_SCREENSHOTS) return;
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}${name}.png` });
}
