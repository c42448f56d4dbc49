/**
 * `npm start`: the headless server on the per-user database. Prints the URL once requests are
 * accepted, the generated administrator password on first run, and shuts down cleanly on
 * SIGINT/SIGTERM. `npm start -- migrate --to …` moves the calendar to another database instead
 * (migrate/command.ts).
 */
import { ConfigError, loadConfig, redactedDatabaseUrl } from './config.js';
import { DatabaseTooNewError } from './db/migrate.js';
import { PortInUseError, start } from './start.js';
import { runCluster } from './cluster.js';
import type { FirstAdmin } from './bootstrap.js';
import type { ServerConfig } from './config.js';
import { describeMove, moveCalendar, parseMoveArgs } from './migrate/command.js';
import { MoveRefused } from './migrate/copy.js';
import { NoDatabaseFileError } from './storage/sqlite/calendar-copy.js';

function announce(config: ServerConfig, url: string, firstAdmin: FirstAdmin | undefined) {
  if (firstAdmin) {
    const { login, generatedPassword } = firstAdmin;
    console.log(`Created the administrator "${login}".`);
    if (generatedPassword)
      console.log(`Administrator password (shown once, keep it safe): ${generatedPassword}`);
  }
  // On PostgreSQL the data folder holds no database file: name the database, never its password.
  console.log(
    `Database: ${config.databaseUrl === undefined ? config.dbPath : redactedDatabaseUrl(config.databaseUrl)}`,
  );
  console.log(`Almanac listening on ${url}`);
}

async function main() {
  // A closed stdout (the launcher went away) must not crash the shutdown of in-flight requests.
  process.stdout.on('error', () => undefined);
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'migrate') {
    const report = await moveCalendar(parseMoveArgs(rest));
    for (const line of describeMove(report)) console.log(line);
    return;
  }
  const config = loadConfig(process.argv.slice(2));
  if (config.workers > 1) {
    await runCluster(config, { onListening: (url, admin) => announce(config, url, admin) });
    return;
  }
  const running = await start(config, { background: true });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, finishing in-flight requests…`);
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Announced only once the signals are handled: whoever reads "listening" may stop us at once.
  announce(config, running.url, running.firstAdmin);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof PortInUseError ||
    error instanceof DatabaseTooNewError ||
    error instanceof MoveRefused ||
    error instanceof NoDatabaseFileError
  ) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
