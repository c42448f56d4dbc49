// `npm run dev`: the server under `tsx watch` (restarts on every change to server/ or shared/)
// and Vite's dev server for the console (hot reload), which forwards /api and /wp-json to it.
// Options after `--` go to the server: `npm run dev -- --data-dir /tmp/dev-cal`.
// ALMANAC_PORT picks the server's port (default 7420); the console is on Vite's port (5173).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.ALMANAC_PORT || '7420';
const api = `http://127.0.0.1:${port}`;
const require = createRequire(import.meta.url);
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

const server = spawn(
  process.execPath,
  [tsx, 'watch', '--clear-screen=false', 'server/cli.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ALMANAC_PORT: port } },
);

let vite;
if (existsSync(join(root, 'vite.config.ts'))) {
  // The console's vite.config.ts reads ALMANAC_DEV_API for its proxy; the inline proxy below
  // covers /wp-json too and wins when both name a path.
  process.env.ALMANAC_DEV_API = api;
  const { createServer } = await import('vite');
  vite = await createServer({
    configFile: join(root, 'vite.config.ts'),
    server: { proxy: { '/api': api, '/wp-json': api } },
  });
  await vite.listen();
  vite.printUrls();
} else {
  console.log('No console to serve yet (vite.config.ts is missing): the API is on', api);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await vite?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => void stop(code ?? 0));
