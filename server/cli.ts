/**
 * `npm start`: the headless server on the per-user database. Prints the URL once requests are
 * accepted, the generated administrator password on first run, and shuts down cleanly on
 * SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from './config.js';
import { DatabaseTooNewError } from './db/migrate.js';
import { PortInUseError, start } from './start.js';

async function main() {
  const config = loadConfig(process.argv.slice(2));
  const running = await start(config);
  if (running.firstAdmin) {
    const { login, generatedPassword } = running.firstAdmin;
    console.log(`Created the administrator "${login}".`);
    if (generatedPassword)
      console.log(`Administrator password (shown once, keep it safe): ${generatedPassword}`);
  }
  console.log(`Database: ${config.dbPath}`);
  console.log(`Almanac listening on ${running.url}`);

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
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof PortInUseError ||
    error instanceof DatabaseTooNewError
  ) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
