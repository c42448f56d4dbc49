import { defineConfig } from 'vitest/config';

// End-to-end tests: a real server and Debian's Chromium. One file at a time; each test drives a
// real browser and waits for real network round trips.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
