/** Builds the console once before the end-to-end tests, with Vite's API (vite.config.ts). */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function setup(): Promise<void> {
  if (process.env.ALMANAC_E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would give React's development build: test what ships.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
