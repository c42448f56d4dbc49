/** A browser test file's shared server and Chromium, started once and stopped after its tests. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.js';
import { startServer, type E2EServer } from './server.js';

export interface BrowserSuite {
  server: E2EServer;
  browser: Browser;
}

/** Call inside the file's `describe`; read the fields in tests (they are set before the first). */
export function browserSuite(options: { lan?: boolean; lang?: string } = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startServer({ lan: options.lan });
    suite.browser = await launch(options.lang);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
