/**
 * Sends a Server-Sent Events answer: the headers at once, then whatever the stream writes, for as
 * long as both sides keep the connection. The listener's idle deadline still applies (a client
 * that stops reading is dropped); the stream's heartbeats keep a reading client's connection busy.
 */
import type { Request, Response } from 'express';
import type { StreamSink } from '../resources/sync/stream.js';
import type { ApiResponse } from './route.js';

export function openStream(
  req: Request,
  res: Response,
  stream: NonNullable<ApiResponse['stream']>,
): void {
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  if (req.method === 'HEAD') {
    stream.abandon?.();
    res.end();
    return;
  }
  const listeners: Array<() => void> = [];
  let closed = false;
  const onClose = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners) listener();
  };
  res.on('close', onClose);
  const sink: StreamSink = {
    write: (chunk) => {
      if (!closed) res.write(chunk);
    },
    end: () => {
      if (!res.writableEnded) res.end();
      onClose();
    },
    onClose: (listener) => {
      listeners.push(listener);
    },
    buffered: () => res.writableLength + (res.socket?.writableLength ?? 0),
  };
  stream.open(sink);
}

/**
 * Sends a body as it is produced, waiting whenever the client is slower than the producer, and
 * stopping the producer when the client goes away. A failure once bytes are out cannot become an
 * error answer any more: the connection is cut, so the client sees an incomplete download.
 */
export async function writeChunks(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  try {
    for await (const chunk of chunks) {
      if (res.destroyed) break;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
  }
}
