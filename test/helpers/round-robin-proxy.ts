/**
 * A reverse proxy on 127.0.0.1 that sends each request to the next of its nodes in turn, as a
 * load balancer spreads a calendar's clients over its nodes (docs/scaling.md), for tests that
 * must see a write acknowledged by one node read through another. It keeps the client's Host
 * header (links in answers are built on it), and streams bodies both ways: a request body reaches
 * the node as it arrives, and an answer (the live stream above all) reaches the client chunk by
 * chunk, never held back until it ends.
 */
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** How many requests each node was sent, in the order the nodes were given. */
  readonly sent: readonly number[];
  close(): Promise<void>;
}

/** Headers about one connection (RFC 9110 §7.6.1), which a proxy does not pass on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** The end-to-end headers, in their raw order and case, with repeated ones kept apart. */
function endToEnd(raw: string[], headers: IncomingHttpHeaders): string[] {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

function refuse(res: ServerResponse, error: Error): void {
  if (res.headersSent) {
    res.destroy(error);
    return;
  }
  res.writeHead(502, { 'content-type': 'text/plain' }).end(`The node did not answer: ${error}`);
}

/** Starts the proxy in front of nodes listening on 127.0.0.1 at `ports`. */
export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  if (ports.length === 0) throw new Error('A proxy needs at least one node.');
  const sent = ports.map(() => 0);
  let next = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const node = next;
    next = (next + 1) % ports.length;
    sent[node]!++;
    // A connection of its own per request: none is reused after the node decided to close it.
    const upstream = request(
      {
        host: '127.0.0.1',
        port: ports[node],
        method: req.method,
        path: req.url,
        headers: endToEnd(req.rawHeaders, req.headers),
        agent: false,
      },
      (answer) => {
        res.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          endToEnd(answer.rawHeaders, answer.headers),
        );
        res.flushHeaders();
        pipeline(answer, res, (error) => {
          if (error) res.destroy();
        });
      },
    );
    upstream.on('error', (error) => refuse(res, error));
    // A client that goes away (a closed live stream) ends the node's request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, (error) => {
      if (error) upstream.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
