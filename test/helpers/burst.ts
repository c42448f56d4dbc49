/**
 * Requests that reach the server at the same moment: one connection each, all opened first,
 * then every request written in one synchronous loop. The server reads them in one turn of its
 * event loop, as it does under load, so their writes share a group (server/db/group-commit.ts).
 */
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface BurstRequest {
  method: string;
  path: string;
  auth?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface BurstResponse {
  status: number;
  headers: Record<string, string>;
  // Tests inspect arbitrary JSON; each assertion narrows what it reads.
  body: Record<string, unknown>;
}

function open(url: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

function answer(socket: Socket): Promise<BurstResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const raw = text.slice(split + 4);
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>),
      });
    });
  });
}

/**
 * Records the client ports of the connections `server` accepts; `all(sockets)` resolves once it
 * has accepted each of them. A client's connect completes when the kernel queues the
 * connection, before the server's loop takes it.
 */
function acceptance(server: Server) {
  const ports = new Set<number | undefined>();
  let check: (() => void) | undefined;
  const seen = (peer: Socket) => {
    ports.add(peer.remotePort);
    check?.();
  };
  server.on('connection', seen);
  return {
    all(sockets: Socket[]): Promise<void> {
      return new Promise((resolve) => {
        check = () => {
          if (!sockets.every((socket) => ports.has(socket.localPort))) return;
          server.off('connection', seen);
          resolve();
        };
        check();
      });
    },
  };
}

export async function burst(
  target: { url: string; server: Server },
  requests: BurstRequest[],
): Promise<BurstResponse[]> {
  const url = new URL(target.url);
  const accepted = acceptance(target.server);
  const sockets = await Promise.all(requests.map(() => open(url)));
  const answers = sockets.map(answer);
  // The server accepts the connections in turns of its loop: let it take them all first.
  await accepted.all(sockets);
  requests.forEach((request, i) => {
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    const headers: Record<string, string> = {
      host: url.host,
      connection: 'close',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...(request.auth ? { authorization: request.auth } : {}),
      ...request.headers,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    sockets[i]!.write(`${request.method} ${request.path} HTTP/1.1\r\n${head}\r\n${body}`);
  });
  return Promise.all(answers);
}
