// `npm start` runs this before the server: bundles it (scripts/build-node.mjs, esbuild) only when
// dist/node/server/cli.js is missing or older than its sources, so the server starts from one
// prebuilt file (loading the TypeScript sources through tsx took most of a start) and never
// from stale code. A failed build stops `npm start`: there would be nothing current to run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stale } from './freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'dist', 'node', 'server', 'cli.js');
// What the bundle is made of: the server, what it shares with the console, the dependencies
// (their versions are in the lock file) and the build itself.
const sources = [
  'server',
  'shared',
  'package.json',
  'package-lock.json',
  'scripts/build-node.mjs',
].map((path) => join(root, path));

/** Builds the server bundle when it is stale; true when it is current afterwards. */
export function ensureServer() {
  if (!stale(SERVER_BUNDLE, sources)) return true;
  console.log('Building the server (esbuild)…');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-node.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return result.status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !ensureServer()) {
  console.error('The server could not be built.');
  process.exit(1);
}
