/** Command-line options of `npm run bench`. */
import { join } from 'node:path';
import { ROOT } from './processes.js';

export interface BenchOptions {
  /** Events seeded for the main run. */
  events: number;
  /** Concurrencies every scenario runs at; the last one is the one the targets use. */
  connections: number[];
  /** Measured seconds per run; the target concurrency gets `targetSeconds`. */
  seconds: number;
  targetSeconds: number;
  warmupSeconds: number;
  /** Seconds of the ceiling measured again before each scenario at the target concurrency. */
  adjacentCeilingSeconds: number;
  /** Server processes for the multi-core comparison (0 skips it). */
  workers: number;
  /** Sequential requests per scenario used to count SQL statements per request. */
  probeRequests: number;
  quick: boolean;
  /** Run 10k and 1M listings instead of the main run. */
  scaling: boolean;
  /** Run only the calendar feed's benchmark (bench/feeds.ts). */
  feeds: boolean;
  /** Run only the recurrence benchmark (bench/recurrence.ts). */
  recurrence: boolean;
  /** Measure the same scenarios on PostgreSQL too, in the same run (bench/postgres.ts). */
  postgres: boolean;
  /** Run only the CalDAV comparison with Radicale and Xandikos (bench/caldav.ts). */
  caldav: boolean;
  sizes: number[];
  /** Keep an existing seeded database of the right size instead of seeding again. */
  reuse: boolean;
  /** Only scenarios whose name contains one of these. */
  only: string[];
  dataDir: string;
  outDir: string;
  /** Write a V8 CPU profile of the (single-process) server into this folder. */
  profileDir: string | undefined;
  adminPassword: string;
  quiet: boolean;
  /**
   * Remembered answers (server/http/answer-cache.ts) in the runs: `off` makes every request run
   * its queries (the targets are checked there), `on` is the server as shipped. The main run
   * measures both; the scaling run only `off` unless `--cache` asks for `on`.
   */
  answers: AnswerMode[];
}

export type AnswerMode = 'off' | 'on';

export const DEFAULT_ADMIN_PASSWORD = 'bench-admin-password';

export function defaultOptions(overrides: Partial<BenchOptions> = {}): BenchOptions {
  const quick = overrides.quick ?? false;
  return {
    events: quick ? 300 : 100_000,
    connections: quick ? [4] : [32],
    seconds: quick ? 1 : 6,
    targetSeconds: quick ? 1 : 8,
    warmupSeconds: quick ? 0 : 1,
    adjacentCeilingSeconds: quick ? 0 : 2,
    workers: 2,
    probeRequests: quick ? 3 : 20,
    quick,
    scaling: false,
    feeds: false,
    recurrence: false,
    caldav: false,
    postgres: false,
    sizes: [10_000, 100_000, 1_000_000],
    reuse: false,
    only: [],
    dataDir: join(ROOT, '.tmp', 'bench'),
    outDir: join(ROOT, 'bench', 'results'),
    profileDir: undefined,
    adminPassword: process.env.ALMANAC_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    quiet: false,
    answers: ['off', 'on'],
    ...overrides,
  };
}

const USAGE = `Usage: npm run bench -- [options]
  --events N          events to seed (default 100000)
  --connections LIST  concurrencies, e.g. 1,8,32 (default 32; targets use the last)
  --seconds S         measured seconds per run (default 6; 8 at the target concurrency)
  --workers N         server processes for the multi-core comparison (default 2; 0 skips)
  --quick             smoke mode: tiny data, one short run per scenario (CI)
  --scaling           reads at 10k, 100k and 1M events instead of the main run
  --sizes LIST        sizes for --scaling (default 10000,100000,1000000)
  --feeds             only the calendar feed of 10k events (also run after the main run)
  --caldav            only CalDAV beside Radicale and Xandikos, 10k events in each
  --recurrence        only the recurrence scenario: 500 weekly series among --events events
                      (also run after the main run)
  --postgres          also the same scenarios on PostgreSQL, 1 and 2 nodes, in the same run (a
                      throwaway cluster of Debian's postgresql package; the seeded calendar
                      is moved into it); with --scaling, the reads at each size on 1 node
  --reuse             keep an already seeded database of the same size
  --no-cache, --cache only without / with remembered answers (default: both; --scaling: without)
  --only LIST         only scenarios whose name contains one of these words (word$: exactly)
  --profile DIR       write a CPU profile of the server into DIR
  --out DIR           where latest.json / latest.md go (default bench/results)`;

export function parseOptions(argv: string[]): BenchOptions {
  const given: Partial<BenchOptions> = {};
  const list = (v: string) => v.split(',').map((x) => Number(x.trim()));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    switch (arg) {
      case '--events':
        given.events = Number(value());
        break;
      case '--connections':
        given.connections = list(value());
        break;
      case '--seconds':
        given.seconds = given.targetSeconds = Number(value());
        break;
      case '--workers':
        given.workers = Number(value());
        break;
      case '--quick':
        given.quick = true;
        break;
      case '--scaling':
        given.scaling = true;
        break;
      case '--feeds':
        given.feeds = true;
        break;
      case '--recurrence':
        given.recurrence = true;
        break;
      case '--caldav':
        given.caldav = true;
        break;
      case '--postgres':
        given.postgres = true;
        break;
      case '--sizes':
        given.sizes = list(value());
        break;
      case '--no-cache':
        given.answers = ['off'];
        break;
      case '--cache':
        given.answers = ['on'];
        break;
      case '--reuse':
        given.reuse = true;
        break;
      case '--only':
        given.only = value().split(',');
        break;
      case '--profile':
        given.profileDir = value();
        break;
      case '--out':
        given.outDir = value();
        break;
      case '--help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${arg}\n${USAGE}`);
    }
  }
  const options = defaultOptions(given);
  const numbers = [
    options.events,
    options.seconds,
    options.workers,
    ...options.connections,
    ...options.sizes,
  ];
  if (numbers.some((n) => !Number.isFinite(n) || n < 0))
    throw new Error(`Invalid number\n${USAGE}`);
  return options;
}
