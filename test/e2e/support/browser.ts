/** Debian's Chromium driven by playwright-core; the suite is skipped when it is not installed. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.ALMANAC_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium)
  console.warn(
    `\n[e2e] SKIPPED: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set ALMANAC_CHROMIUM to run the end-to-end tests.\n`,
  );

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
