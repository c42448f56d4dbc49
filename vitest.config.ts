import { defineConfig } from 'vitest/config';

/**
 * Two tiers of the vitest suite (`npx vitest run` runs both; the browser tests have their own
 * config, vitest.e2e.config.ts):
 * - fast: unit, HTTP and component tests in one process per file; `npm run test:fast`.
 * - slow: tests that spawn server processes (test/reliability, the CLI, the desktop app's server
 *   process), the benchmark's smoke runs, the exhaustive time-zone check, the desktop bundle
 *   build and the property test of the OpenAPI document (about a thousand requests);
 *   `npm run test:slow` (which also runs the browser tests).
 * - postgres: tests that need PostgreSQL (test/postgres), against a throwaway cluster the
 *   project's global setup starts and removes (test/helpers/pg-cluster.ts); `--project postgres`.
 * - server-postgres: the server test files that run on both engines, on PostgreSQL;
 *   server-postgres-nodes: the compatibility suite and the API snapshot on two PostgreSQL nodes.
 */
const SLOW = [
  'test/reliability/**',
  'test/server/child.test.ts',
  'test/server/start.test.ts',
  'test/bench/quick.test.ts',
  'test/bench/postgres.test.ts',
  'test/bench/caldav.test.ts',
  'test/bench/recurrence.test.ts',
  'test/bench/zone-offsets.test.ts',
  'test/main/build.test.ts',
  'test/clients/openapi-contract.test.ts',
  'test/clients/caldav/**',
];
/** Server test files that also run on PostgreSQL (project `server-postgres`). */
const SERVER_ON_POSTGRES = [
  // Records the API scenario on PostgreSQL and compares it with the SQLite baseline, byte for byte.
  'test/snapshots/api-snapshot.test.ts',
  'test/compat/doc-index.test.ts',
  'test/compat/events-archive.test.ts',
  'test/compat/events-dates.test.ts',
  'test/compat/events-edges.test.ts',
  'test/compat/events-single.test.ts',
  'test/compat/events-write.test.ts',
  'test/compat/linked-details.test.ts',
  'test/compat/linked-organizers.test.ts',
  'test/compat/linked-venues.test.ts',
  'test/compat/terms-archive.test.ts',
  'test/compat/terms-counts.test.ts',
  'test/reliability/network.test.ts',
  'test/reliability/nginx.test.ts',
  'test/reliability/secrets.test.ts',
  'test/server/aliases/aliases.test.ts',
  'test/server/http/auth.test.ts',
  'test/server/http/compression.test.ts',
  'test/server/http/content-etag.test.ts',
  'test/server/http/core.test.ts',
  'test/server/http/credentials.test.ts',
  'test/server/http/currency-defaults.test.ts',
  'test/server/http/domain-errors.test.ts',
  'test/server/http/fields-envelope.test.ts',
  'test/server/http/host.test.ts',
  'test/server/http/idempotency.test.ts',
  'test/server/http/method-override.test.ts',
  'test/server/http/network.test.ts',
  'test/server/http/options-allow.test.ts',
  'test/server/http/permission-in-write.test.ts',
  'test/server/http/permission.test.ts',
  'test/server/http/request-log.test.ts',
  'test/server/http/search-limits.test.ts',
  'test/server/http/throttle-shared.test.ts',
  'test/server/http/throttle.test.ts',
  'test/server/http/trusted-proxies.test.ts',
  'test/server/http/user-locale.test.ts',
  'test/server/i18n/catalogue.test.ts',
  'test/server/indexes/namespace-index.test.ts',
  'test/server/jobs/publisher.test.ts',
  'test/server/lan-sharing.test.ts',
  'test/server/openapi/doc.test.ts',
  'test/server/openapi/wire.test.ts',
  'test/server/public/calendar-views.test.ts',
  'test/server/public/calendar.test.ts',
  'test/server/public/escaping.test.ts',
  'test/server/public/event-status.test.ts',
  'test/server/public/pages.test.ts',
  'test/server/resources/admin-wire.test.ts',
  'test/server/resources/backup/links.test.ts',
  'test/server/resources/caldav/caldav.test.ts',
  'test/server/resources/connect/connect.test.ts',
  'test/server/resources/events/create.test.ts',
  'test/server/resources/events/delete.test.ts',
  'test/server/resources/events/event-status.test.ts',
  'test/server/resources/events/grouped-writes.test.ts',
  'test/server/resources/events/link-visibility.test.ts',
  'test/server/resources/events/links.test.ts',
  'test/server/resources/events/listing-dates.test.ts',
  'test/server/resources/events/listing-filters.test.ts',
  'test/server/resources/events/listing-pages.test.ts',
  'test/server/resources/events/listing-totals.test.ts',
  'test/server/resources/events/presented.test.ts',
  'test/server/resources/events/read.test.ts',
  'test/server/resources/events/timezones.test.ts',
  'test/server/resources/events/update.test.ts',
  'test/server/resources/events/write-limits.test.ts',
  'test/server/resources/feeds/feed.test.ts',
  'test/server/resources/feeds/import-report.test.ts',
  'test/server/resources/feeds/import-text.test.ts',
  'test/server/resources/feeds/import.test.ts',
  'test/server/resources/feeds/interop.test.ts',
  'test/server/resources/feeds/series.test.ts',
  'test/server/resources/listing-order/orderby.test.ts',
  'test/server/resources/media/image-hosts.test.ts',
  'test/server/resources/media/media.test.ts',
  'test/server/resources/organizers/organizers.test.ts',
  'test/server/resources/search/search.test.ts',
  'test/server/resources/series/cost.test.ts',
  'test/server/resources/series/create.test.ts',
  'test/server/resources/series/describe.test.ts',
  'test/server/resources/series/horizon.test.ts',
  'test/server/resources/series/pages.test.ts',
  'test/server/resources/series/parts.test.ts',
  'test/server/resources/series/rfc5545-http.test.ts',
  'test/server/resources/series/scope.test.ts',
  'test/server/resources/series/without-series.test.ts',
  'test/server/resources/settings/site-identity.test.ts',
  'test/server/resources/sync/changes.test.ts',
  'test/server/resources/sync/stream.test.ts',
  'test/server/resources/terms/archive.test.ts',
  'test/server/resources/terms/color.test.ts',
  'test/server/resources/terms/counts.test.ts',
  'test/server/resources/terms/create.test.ts',
  'test/server/resources/terms/delete.test.ts',
  'test/server/resources/terms/events.test.ts',
  'test/server/resources/terms/links.test.ts',
  'test/server/resources/terms/single.test.ts',
  'test/server/resources/terms/update.test.ts',
  'test/server/resources/transfer/csv.test.ts',
  'test/server/resources/transfer/export-import.test.ts',
  'test/server/resources/transfer/import-worker.test.ts',
  'test/server/resources/transfer/remote.test.ts',
  'test/server/resources/transfer/series-import.test.ts',
  'test/server/resources/trash/trash.test.ts',
  'test/server/resources/venues/archive.test.ts',
  'test/server/resources/venues/create.test.ts',
  'test/server/resources/venues/delete.test.ts',
  'test/server/resources/venues/event-links.test.ts',
  'test/server/resources/venues/read.test.ts',
  'test/server/resources/venues/update.test.ts',
];
const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  pool: 'forks',
  // One migrated database that every test server starts from a copy of.
  globalSetup: 'test/helpers/template-db.ts',
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'test/postgres/**', 'node_modules/**', ...SLOW],
        },
      },
      {
        test: {
          ...shared,
          name: 'slow',
          include: SLOW.map((glob) => (glob.endsWith('**') ? `${glob}/*.test.ts` : glob)),
        },
      },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: ['test/postgres/**/*.test.ts'],
          globalSetup: ['test/helpers/template-db.ts', 'test/helpers/pg-global-setup.ts'],
          // Starting the cluster and migrating the template take seconds on a loaded machine.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'server-postgres',
          // Server test files that pass with their test servers on PostgreSQL
          // (test/helpers/server.ts reads ALMANAC_TEST_ENGINE); docs/architecture.md, "Starting on
          // PostgreSQL", names the others and why they stay on SQLite.
          include: SERVER_ON_POSTGRES,
          env: { ALMANAC_TEST_ENGINE: 'postgres' },
          globalSetup: ['test/helpers/template-db.ts', 'test/helpers/pg-global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'server-postgres-nodes',
          // The compatibility suite and the API snapshot against a two-node PostgreSQL calendar:
          // each test server is two nodes on one database behind a round-robin proxy
          // (test/helpers/server.ts reads ALMANAC_TEST_NODES), so consecutive requests of a test
          // go to different nodes.
          include: ['test/compat/**/*.test.ts', 'test/snapshots/api-snapshot.test.ts'],
          env: { ALMANAC_TEST_ENGINE: 'postgres', ALMANAC_TEST_NODES: '2' },
          globalSetup: ['test/helpers/template-db.ts', 'test/helpers/pg-global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
