// `npm start` runs this first: builds the console (vite build) only when dist/console is missing
// or older than its sources, so the server always serves a current console without rebuilding
// on every start. Does nothing, silently, where there is no console to build (no vite.config.ts).
// A failed build does not stop the server: it then serves a page saying the console is not built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stale } from './freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = join(root, 'vite.config.ts');
if (!existsSync(config)) process.exit(0);

const built = join(root, 'dist', 'console', 'index.html');
// The console is built from renderer/ and the schemas and helpers it shares with the server.
const sources = [join(root, 'renderer'), join(root, 'shared'), config, join(root, 'package.json')];

if (!stale(built, sources)) process.exit(0);

console.log('Building the console (vite build)…');
const vite = join(
  dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin',
  'vite.js',
);
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error('The console could not be built; the server starts without it.');
}
process.exit(0);
