/**
 * nginx in front of test servers, with the guide's sample configuration (docs/proxy/nginx.conf):
 * its upstream servers and its listening port replaced by the test's, run in the foreground
 * (`daemon off`) with its own prefix, pid, log and temporary folders, as an unprivileged user
 * when the tests run as root. Debian's `nginx` package provides the binary (.ci/run installs it).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './pg-cluster.js';

export const SAMPLE_CONFIG = new URL('../../docs/proxy/nginx.conf', import.meta.url);
const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** The sample configuration with the test's upstreams and port. */
export function templated(upstreams: readonly number[], port: number): string {
  const sample = readFileSync(SAMPLE_CONFIG, 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const out = sample
    .replace(/(upstream almanac \{\n(?:\s*#.*\n)*)(?:\s*server [^\n]+;\n)+/, `$1${servers}\n`)
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  if (!out.includes(servers) || !out.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error(
      'docs/proxy/nginx.conf no longer has the upstream servers and listen line the test replaces.',
    );
  }
  return out;
}

/** Resolves once something accepts connections on the port. */
async function accepting(port: number, exited: () => string | undefined): Promise<void> {
  for (;;) {
    const failure = exited();
    if (failure !== undefined) throw new Error(`nginx stopped: ${failure}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startNginx(upstreams: readonly number[]): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: install Debian's nginx package (.ci/run does).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'almanac-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'almanac.conf'), templated(upstreams, port));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
${temp}
  include ${join(dir, 'almanac.conf')};
}
`,
  );
  // Run as root, nginx would keep its master process privileged: the test runs it as nobody.
  const asRoot = userInfo().uid === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim()),
      }
    : undefined;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'], ...ids },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      const log = existsSync(join(dir, 'error.log'))
        ? readFileSync(join(dir, 'error.log'), 'utf8')
        : '';
      exit = `exit ${code ?? signal}: ${stderr}${log}`;
      resolve();
    });
  });
  try {
    await accepting(port, () => exit);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (exit === undefined) {
        // SIGTERM: a fast stop (SIGQUIT would wait for open connections, a live stream).
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
