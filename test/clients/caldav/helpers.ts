/**
 * Helpers of the CalDAV client tests: an editor with an application password on a fresh
 * server, and running a Python client script (Debian's python3-caldav) against it.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** Debian's interpreter, which sees the python3-caldav package (another python3 may not). */
export const PYTHON = '/usr/bin/python3';

export interface DavUser {
  server: TestServer;
  login: string;
  password: string;
  id: number;
}

/** A server and a user of the role with an application password (what a phone would use). */
export async function davUser(role: 'editor' | 'contributor' = 'editor'): Promise<DavUser> {
  const server = await startTestServer();
  const login = `dav-${role}`;
  const { id, auth } = await server.userWith(role, login);
  const created = await server.call(
    'POST',
    `/api/calendar/admin/v1/users/${id}/application-passwords`,
    { auth, body: { name: 'Phone' } },
  );
  if (created.status !== 201) throw new Error(`application password: ${created.text}`);
  return { server, login, password: created.body.password as string, id };
}

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script of this folder with the environment given; resolves when it exits. */
export function runScript(command: string, args: string[], env: Record<string, string>) {
  return new Promise<ScriptResult>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export const scriptPath = (name: string) => fileURLToPath(new URL(name, import.meta.url));
