/**
 * `npm run bench`: the benchmark of issues 8 and 19. Seeds a database, drives the real server
 * (started through `server/cli.ts`, as `npm start` does) without and with remembered answers and
 * a bare Express ceiling from this process with autocannon, prints the table and writes
 * bench/results/latest.json and latest.md (`--scaling`: scaling.json and scaling.md), then the
 * calendar feed's and the recurrence scenario's (bench/feeds.ts, bench/recurrence.ts), prints
 * every target with its verdict and appends the figures to bench/results/history.jsonl.
 * See docs/benchmark.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBenchmark } from './harness.js';
import { runScaling } from './scaling.js';
import { defaultOptions, parseOptions, type BenchOptions } from './options.js';
import { rowsTable, targetsTable, toMarkdown, type Report, type Target } from './report.js';
import { appendHistory, historyLines, targetLines } from './history.js';
import { benchFeeds, feedMarkdown } from './feeds.js';
import { benchRecurrence } from './recurrence.js';
import { recurrenceMarkdown } from './recurrence-report.js';
import { caldavMarkdown, runCaldavBench } from './caldav.js';

export interface BenchOutput {
  report: Report;
  /** Paths of the files written. */
  json: string;
  markdown: string;
}

/** Runs the benchmark (or the scaling run) and writes its report into `options.outDir`. */
export async function bench(
  given: Partial<BenchOptions> = {},
  log: (line: string) => void = () => undefined,
): Promise<BenchOutput> {
  const options = defaultOptions(given);
  const report = options.scaling
    ? await runScaling(options, log)
    : await runBenchmark(options, log);
  const name = options.scaling ? 'scaling' : 'latest';
  mkdirSync(options.outDir, { recursive: true });
  const json = join(options.outDir, `${name}.json`);
  const markdown = join(options.outDir, `${name}.md`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdown, toMarkdown(report));
  appendHistory(options.outDir, historyLines(report));
  return { report, json, markdown };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const log = (line: string) => console.log(line);
  if (options.feeds) {
    console.log(feedMarkdown(await benchFeeds(options, log)));
    return;
  }
  if (options.caldav) {
    console.log(caldavMarkdown(await runCaldavBench(options, log)));
    return;
  }
  if (options.recurrence) {
    console.log(recurrenceMarkdown(await benchRecurrence(options, log)));
    return;
  }
  const { report, json, markdown } = await bench(options, log);
  console.log('');
  if (report.rows.length > 0) console.log(rowsTable(report.rows), '\n');
  for (const entry of report.scaling ?? []) {
    console.log(
      `${entry.events.toLocaleString('en')} events (server peak RSS ${entry.serverPeakRssMb} MB):`,
    );
    console.log(rowsTable(entry.rows), '\n');
    if (entry.postgres) {
      console.log(`On PostgreSQL, 1 node (moved in ${entry.postgres.copySeconds} s):`);
      console.log(rowsTable(entry.postgres.rows, 'postgres'), '\n');
    }
  }
  if (report.postgres) {
    console.log(`PostgreSQL ${report.postgres.version}, 1 and 2 nodes:`);
    console.log(rowsTable(report.postgres.rows, 'postgres'), '\n');
    for (const file of report.postgres.profiles) console.log(`Profile: ${file}`);
  }
  console.log(`Wrote ${json} and ${markdown} (${report.seconds} s).`);
  const more: Target[] = [];
  if (!options.scaling && options.only.length === 0) {
    const feeds = await benchFeeds(options, log);
    console.log(`\n${feedMarkdown(feeds)}`);
    const recurrence = await benchRecurrence(options, log);
    console.log(`\n${recurrenceMarkdown(recurrence)}`);
    more.push(...feeds.targets, ...recurrence.targets);
    appendHistory(options.outDir, targetLines(report, more));
  }
  const all = [...report.targets, ...more];
  const count = (met: boolean | null) => all.filter((t) => t.met === met).length;
  console.log(
    `\nTargets (${count(true)} met, ${count(false)} missed, ${count(null)} without a verdict):\n`,
  );
  console.log(targetsTable(all));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
