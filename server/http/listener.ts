/**
 * The HTTP listener every socket of the server goes through (loopback and LAN alike), with the
 * limits that keep slow or abandoned connections from holding sockets: a client must send its
 * headers and its whole request within a deadline, idle keep-alive connections are closed, and
 * a connection with no traffic in either direction (a client that stops reading) is dropped.
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export interface ConnectionLimits {
  /** The whole request (headers and body) must arrive within this time. */
  requestMs: number;
  /** The headers must arrive within this time. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
  /** A connection with no traffic at all for this long is destroyed (slow readers). */
  idleMs: number;
  /**
   * How often Node checks the two deadlines above. Its default (30 s) lets a slow client keep
   * a socket for up to deadline + 30 s, so it is kept well below the deadlines.
   */
  checkIntervalMs: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  requestMs: 30_000,
  headersMs: 15_000,
  keepAliveMs: 5_000,
  idleMs: 120_000,
  checkIntervalMs: 1_000,
};

export function connectionLimits(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

export function createListener(
  handler: RequestListener | undefined,
  limits: ConnectionLimits,
): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestMs,
      headersTimeout: limits.headersMs,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  server.setTimeout(limits.idleMs);
  return server;
}
