/**
 * `almanac migrate --to <file-or-url> [--from <file-or-url>]`: moves a whole calendar between
 * databases, SQLite files and PostgreSQL URLs in either direction (copy.ts). Without `--from`,
 * the calendar the server would open (the data folder's file, `--db`, or `--database-url`).
 * The media files go from the source's data folder to the destination's: a file's is the folder
 * it is in, a URL's is the data folder (`--data-dir`) of the nodes that share it.
 */
import { dirname, join, resolve } from 'node:path';
import { ConfigError, isPostgresUrl, loadConfig, type ServerConfig } from '../config.js';
import { loadMigrations } from '../db/migrate.js';
import { openPostgresDestination, openPostgresSource } from '../storage/postgres/calendar-copy.js';
import { openSqliteDestination, openSqliteSource } from '../storage/sqlite/calendar-copy.js';
import { checkDestination, checkSource, copyTables, type CopyReport } from './copy.js';
import type { CopyDestination, CopySource } from './ends.js';
import { copyMedia, planMedia, removeMedia } from './media.js';

export interface MoveOptions {
  from: string;
  to: string;
  fromMedia: string;
  toMedia: string;
}

export interface MoveReport extends CopyReport {
  from: string;
  to: string;
  media: { copied: number; from: string; to: string; same: boolean };
}

const MOVE_FLAGS = ['--to', '--from'] as const;

/** Takes `--to` and `--from` out of the arguments; the rest is the server's configuration. */
export function parseMoveArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const rest: string[] = [];
  const moves: Partial<Record<(typeof MOVE_FLAGS)[number], string>> = {};
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const flag = MOVE_FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    if (flag === undefined) {
      rest.push(arg);
      continue;
    }
    const value = arg === flag ? argv[++i] : arg.slice(flag.length + 1);
    if (value === undefined || value === '') problems.push(`${flag} needs a file or a URL`);
    else moves[flag] = value;
  }
  if (moves['--to'] === undefined && !problems.some((p) => p.startsWith('--to')))
    problems.push('--to is required: the SQLite file or PostgreSQL URL to move the calendar to');
  if (problems.length > 0) throw new ConfigError(problems);
  const config = loadConfig(rest, env);
  return resolveMove(config, moves['--to']!, moves['--from']);
}

function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

function checked(flag: string, value: string): string {
  if (isUrl(value) && !isPostgresUrl(value))
    throw new ConfigError([
      `${flag} must be a SQLite file or a PostgreSQL URL (postgres:// or postgresql://)`,
    ]);
  return value;
}

export function resolveMove(config: ServerConfig, to: string, from?: string): MoveOptions {
  const source = checked('--from', from ?? config.databaseUrl ?? config.dbPath);
  const destination = checked('--to', to);
  const mediaOf = (target: string, given: boolean) =>
    isPostgresUrl(target) || !given ? config.mediaDir : join(dirname(resolve(target)), 'media');
  return {
    from: source,
    to: destination,
    fromMedia: mediaOf(source, from !== undefined),
    toMedia: mediaOf(destination, true),
  };
}

const openSource = (target: string): Promise<CopySource> =>
  isPostgresUrl(target) ? openPostgresSource(target) : Promise.resolve(openSqliteSource(target));
const openDestination = (target: string): Promise<CopyDestination> =>
  isPostgresUrl(target)
    ? openPostgresDestination(target)
    : Promise.resolve(openSqliteDestination(target));

export async function moveCalendar(options: MoveOptions): Promise<MoveReport> {
  const latest = loadMigrations().length;
  const source = await openSource(options.from);
  try {
    await checkSource(source, latest);
    const destination = await openDestination(options.to);
    try {
      await checkDestination(destination, latest);
      const plan = planMedia(options.fromMedia, options.toMedia);
      await destination.migrate();
      const copied = await copyMedia(plan);
      let report: CopyReport;
      try {
        report = await copyTables(source, destination);
      } catch (error) {
        removeMedia(plan, copied);
        throw error;
      }
      return {
        ...report,
        from: source.label,
        to: destination.label,
        media: { copied: copied.length, from: plan.from, to: plan.to, same: plan.same },
      };
    } finally {
      await destination.close();
    }
  } finally {
    await source.close();
  }
}

/** What the command prints: what was copied, table by table. */
export function describeMove(report: MoveReport): string[] {
  const lines = [`Moved the calendar from ${report.from} to ${report.to}.`];
  for (const { table, source, destination } of report.tables) {
    const rows = `${String(destination).padStart(9)} ${destination === 1 ? 'row' : 'rows'}`;
    lines.push(
      `  ${table.padEnd(24)} ${rows}${source === destination ? '' : ` (source: ${source})`}`,
    );
  }
  lines.push(
    report.media.same
      ? `Media files: ${report.media.to} serves both; nothing to copy.`
      : `Media files: ${report.media.copied} copied from ${report.media.from} to ${report.media.to}.`,
  );
  if (!report.derivedEqual)
    lines.push(
      'Note: the day counts were made again from the events and differ from the source’s.',
    );
  lines.push(
    `Sync history kept under a new epoch (${report.epoch}): clients holding an earlier sync token are told to sync again (410).`,
  );
  return lines;
}
