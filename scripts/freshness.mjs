// Whether a built file is older than the sources it is built from, for the scripts that build
// on demand (ensure-console.mjs, ensure-server.mjs) so that `npm start` never serves stale code
// yet does not rebuild on every start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time under `path` (a file or a folder), 0 when it does not exist. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** True when `built` is missing or any of `sources` changed after it was written. */
export function stale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt === 0 || sources.some((source) => newest(source) > builtAt);
}
