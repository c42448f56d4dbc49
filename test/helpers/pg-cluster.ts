/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries (found, not assumed, under
 * /usr/lib/postgresql/<version>/bin), a data folder in the system's temporary folder, listening
 * on 127.0.0.1 only at a free port with its socket inside the data folder, and removed when
 * stopped. initdb refuses to run as root, so as root the cluster runs as the `postgres` user in a
 * folder it owns. `fsync` is off: nothing in a test cluster outlives the run, and no durability
 * test may use one.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  port: number;
  /** A connection URL of the cluster's superuser to `database`. */
  url(database: string): string;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  stop(): void;
}

export interface ClusterOptions {
  /** More server settings (`name=value`), e.g. a library to preload. */
  settings?: string[];
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder (the one holding initdb). */
export function findServerBinaries(root = POSTGRES_ROOT): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(join(root, name, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      `No PostgreSQL server under ${root}/<version>/bin: install Debian's postgresql package ` +
        '(apt-get install -y postgresql).',
    );
  }
  return join(root, versions[0]!, 'bin');
}

/** A port nothing listens on now (the OS's pick of an ephemeral one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startCluster(given: ClusterOptions = {}): Promise<PgCluster> {
  const bin = findServerBinaries();
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'almanac-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const options = [
      `-p ${port}`,
      `-k ${data}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      ...(given.settings ?? []).map((setting) => `-c ${setting}`),
    ].join(' ');
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    // postmaster.pid's first line (pg_ctl -w returned once the server wrote it).
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs one statement as the cluster's superuser on the `postgres` database. */
export async function adminQuery(cluster: { url(database: string): string }, sql: string) {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
