// The whole test suite, as `npm test` runs it: typecheck, lint, the fast tier (unit, HTTP and
// component tests), the PostgreSQL tests (on a cluster they start themselves; the compatibility
// suite and the API snapshot once more on two nodes), the slow tier
// (crash, fuzz, network, bench smoke, desktop build) and, when Debian's Chromium is installed,
// the end-to-end browser tests. Ends with one line
// `N passed, M failed` totalling every runner, which CI reads.
// `--tier slow` runs only the slow tier and the browser tests (`npm run test:slow`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { tier: { type: 'string' } } });
if (values.tier !== undefined && values.tier !== 'slow') {
  console.error('Only --tier slow is supported (the fast tier is `npm run test:fast`).');
  process.exit(2);
}
const all = values.tier === undefined;

const CHROMIUM = process.env.ALMANAC_CHROMIUM ?? '/usr/bin/chromium';
mkdirSync('.tmp', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    console.log(`!!! ${label} failed`);
  }
}

function vitest(label, args, report) {
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    failed++;
    console.log(`!!! ${label} produced no report`);
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  skipped += summary.numPendingTests + summary.numTodoTests;
  // A suite that fails to load has no failed tests but is still a failure.
  if (!ok && summary.numFailedTests === 0) {
    failed++;
    console.log(`!!! ${label} failed outside any test (a file did not load?)`);
  }
}

// HTTP tests fetch the console's page as the server serves it: build it first, as `npm start` does.
run('console build', 'node', ['scripts/ensure-console.mjs']);
if (all) {
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  check('lint', 'npm', ['run', '--silent', 'lint']);
  vitest(
    'fast tier: unit, HTTP and component tests',
    ['--project', 'fast'],
    '.tmp/vitest-fast.json',
  );
}
if (all) {
  vitest(
    'PostgreSQL: migrations, search and storage adapters on a throwaway cluster',
    ['--project', 'postgres'],
    '.tmp/vitest-postgres.json',
  );
  vitest(
    'server tests on PostgreSQL (the files that run on both engines)',
    ['--project', 'server-postgres'],
    '.tmp/vitest-server-postgres.json',
  );
  vitest(
    'compatibility suite and API snapshot on two PostgreSQL nodes behind a round-robin proxy',
    ['--project', 'server-postgres-nodes'],
    '.tmp/vitest-server-postgres-nodes.json',
  );
}
vitest(
  'slow tier: crash, fuzz, network, bench smoke, desktop build',
  ['--project', 'slow'],
  '.tmp/vitest-slow.json',
);
if (existsSync('vitest.e2e.config.ts')) {
  if (existsSync(CHROMIUM))
    vitest(
      'end-to-end tests (Chromium)',
      ['--config', 'vitest.e2e.config.ts'],
      '.tmp/vitest-e2e.json',
    );
  else
    console.log(
      `\n*** Chromium not found at ${CHROMIUM}: the end-to-end browser tests were NOT run. Install it with: apt-get install -y chromium`,
    );
}

const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
writeFileSync('.tmp/summary.txt', `${line}\n`);
console.log(`\n${line}`);
process.exit(failed > 0 ? 1 : 0);
