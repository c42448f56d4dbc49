/**
 * A server process on a PostgreSQL database for the tests that start nodes as child processes
 * (test/helpers/reliability.ts, `spawnServer({ databaseUrl })`): what `server/cli.ts` does with
 * ALMANAC_DATABASE_URL, `--workers` included, but serving what the storage ports cover with
 * `unconvertedInMemory` (server/storage/open.ts) while the command line still refuses a URL
 * (server/storage/postgres/readiness.ts). Prints `Almanac listening on <url>` once requests are
 * accepted and stops gracefully on SIGINT/SIGTERM.
 */
import { loadConfig } from '../../server/config.js';
import { runCluster } from '../../server/cluster.js';
import { start } from '../../server/start.js';

async function main(): Promise<void> {
  const config = loadConfig(process.argv.slice(2));
  if (config.databaseUrl === undefined) throw new Error('pg-node.ts needs a database URL.');
  if (config.workers > 1) {
    await runCluster(
      config,
      { onListening: (url) => console.log(`Almanac listening on ${url}`) },
      { unconvertedInMemory: true },
    );
    return;
  }
  const running = await start(config, { background: true, unconvertedInMemory: true });
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Almanac listening on ${running.url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
