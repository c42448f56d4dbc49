/** Builds the console once before the end-to-end tests, with Vite's API (vite.config.ts). */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function setup(): Promise<void> {
  if (process.env.ALMANAC_E2E_SKIP_BUILD === '1') return;
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
}
