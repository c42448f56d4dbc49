// Bundles the Node-side entry points into dist/node/ with esbuild:
//   dist/node/main/main.js      Electron's main process (ESM; package.json "main")
//   dist/node/main/preload.cjs  the console window's preload (CommonJS: sandboxed preloads must be)
//   dist/node/server/child.js   the server process the desktop app starts
//   dist/node/server/cli.js     the headless server
//   dist/node/server/import-worker.js  the imports' worker thread, beside the server that starts it
// better-sqlite3 (a native module) and electron stay external. The SQL migrations are copied to
// dist/node/server/migrations/, where server/db/migrate.ts looks for them relative to the bundle,
// and PostgreSQL's to dist/node/server/pg-migrations/ (server/storage/postgres/migrate.ts).
// An optional argument names another output folder (the tests build into .tmp/).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ? resolve(process.argv[2]) : `${root}dist/node`;

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  external: ['better-sqlite3', 'electron'],
  outdir: out,
};

rmSync(out, { recursive: true, force: true });

await Promise.all([
  build({
    ...common,
    format: 'esm',
    entryPoints: {
      'main/main': 'main/main.ts',
      'server/child': 'server/child.ts',
      'server/cli': 'server/cli.ts',
      'server/import-worker': 'server/import-worker.ts',
    },
    // Bundled CommonJS dependencies (express, pino, …) call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __almanacRequire } from 'node:module'; const require = __almanacRequire(import.meta.url);",
    },
  }),
  build({
    ...common,
    format: 'cjs',
    entryPoints: { 'main/preload': 'main/preload.ts' },
    outExtension: { '.js': '.cjs' },
  }),
]);

const migrations = `${root}server/db/migrations`;
mkdirSync(`${out}/server/migrations`, { recursive: true });
for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
  copyFileSync(`${migrations}/${file}`, `${out}/server/migrations/${file}`);
}
const pgMigrations = `${root}server/storage/postgres/pg-migrations`;
mkdirSync(`${out}/server/pg-migrations`, { recursive: true });
for (const file of readdirSync(pgMigrations).filter((name) => name.endsWith('.sql'))) {
  copyFileSync(`${pgMigrations}/${file}`, `${out}/server/pg-migrations/${file}`);
}

console.log(`Built ${out}`);
