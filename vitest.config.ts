import { defineConfig } from 'vitest/config';

/**
 * Two tiers of the vitest suite (`npx vitest run` runs both; the browser tests have their own
 * config, vitest.e2e.config.ts):
 * - fast: unit, HTTP and component tests; `npm run test:fast` before every commit.
 * - slow: spawned servers killed and fuzzed (test/reliability), the benchmark's smoke run, the
 *   exhaustive time-zone check and the desktop bundle build; `npm run test:slow` (with the browser tests).
 */
const SLOW = [
  'test/reliability/**',
  'test/bench/quick.test.ts',
  'test/bench/zone-offsets.test.ts',
  'test/main/build.test.ts',
];
const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'node_modules/**', ...SLOW],
        },
      },
      {
        test: {
          ...shared,
          name: 'slow',
          include: SLOW.map((glob) => (glob.endsWith('**') ? `${glob}/*.test.ts` : glob)),
        },
      },
    ],
  },
});
