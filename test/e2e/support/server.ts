/**
 * A real Almanac server for end-to-end tests: a temporary database file, 127.0.0.1 on a free
 * port, the built console (see global-setup.ts) and a known administrator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testConfig } from '../../../server/config.js';
import { start, type RunningServer } from '../../../server/start.js';
import { silentAnnouncer } from '../../../server/lan-announce.js';

export const ADMIN = { login: 'admin', password: 'e2e-admin-password' };
export const CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console/', import.meta.url));

export interface E2EServer extends RunningServer {
  stop(): Promise<void>;
}

/** `lan`: leave the bind address to the LAN sharing setting, as the desktop app does. */
export async function startServer(options: { lan?: boolean } = {}): Promise<E2EServer> {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-e2e-'));
  const config = testConfig({
    adminUser: ADMIN.login,
    adminPassword: ADMIN.password,
    dataDir: dir,
    dbPath: join(dir, 'almanac.db'),
    mediaDir: join(dir, 'media'),
    logLevel: 'silent',
    ...(options.lan ? { host: undefined } : {}),
  });
  const server = await start(config, {
    consoleDir: CONSOLE_DIR,
    auth: { failureDelayMs: () => 1 },
    // Tests that turn LAN sharing on must not announce themselves on the network's multicast.
    announcer: silentAnnouncer,
  });
  await server.services.settings.update({ timezone: 'UTC' });
  return {
    ...server,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
