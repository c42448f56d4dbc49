/**
 * The HTTP listener every socket of the server goes through (loopback and LAN alike), with the
 * limits that keep slow or abandoned connections from holding sockets: a client must send its
 * headers and its whole request within a deadline, idle keep-alive connections are closed, and
 * a connection with no traffic in either direction (a client that stops reading) is dropped.
 */
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

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
  server.on('clientError', answerClientError);
  return server;
}

/** Node's own answers to requests it cannot parse, in the API's error shape. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'rest_headers_too_large',
    'The request line or headers are larger than the server accepts.',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [
    413,
    'rest_payload_too_large',
    'The chunk extensions are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'rest_request_timeout', 'The request took too long to arrive.'],
};

/** Node's socket of an HTTP connection holds the response it is writing (or waiting to write). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A request that came before the malformed bytes on this connection is still being answered
  // (its handler waits for something): its answer goes out first, then the connection closes,
  // and the malformed bytes get none, which would come before or inside it.
  const pending = (socket as HttpSocket)._httpMessage;
  if (error.code !== 'ECONNRESET' && socket.writable && pending && !pending.writableEnded) {
    pending.once('close', () => socket.end());
    return;
  }
  // Like Node's own handler, never answer once something was written: the bytes would land in
  // the middle of (or right after) another response on this connection.
  const written = (socket as Socket).bytesWritten ?? 0;
  if (error.code === 'ECONNRESET' || !socket.writable || written > 0) {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'rest_bad_request',
    'The request is not valid HTTP.',
  ];
  const body = JSON.stringify({ code, message, data: { status } });
  const reason =
    status === 431
      ? 'Request Header Fields Too Large'
      : status === 408
        ? 'Request Timeout'
        : status === 413
          ? 'Payload Too Large'
          : 'Bad Request';
  // Half-close and keep reading for a moment: destroying a socket with unread input makes the
  // kernel send a reset, and the client would lose the answer.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
}
