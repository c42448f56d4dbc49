/** Debian's Chromium driven by playwright-core; the suite is skipped when it is not installed. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.ALMANAC_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium)
  console.warn(
    `\n[e2e] SKIPPED: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set ALMANAC_CHROMIUM to run the end-to-end tests.\n`,
  );

/** `lang`: the browser's own language, which native date and time inputs are written in. */
export function launch(lang?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...(lang ? [`--lang=${lang}`] : []),
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
