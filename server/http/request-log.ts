/**
 * One structured log line per request; credentials and query values never appear in it.
 *
 * The line is written by one listener shared by every response, with the start time kept on the
 * response: a closure and a listener made per request cost more than the line itself on fast
 * answers. Nothing is attached when the info level is off.
 *
 * The line goes through a child logger without the server's redaction: its fields are fixed and
 * hold no credentials, and redaction (paths parsed and the object cloned on every line) cost as
 * much as the rest of the line (4.2 against 2.2 µs per line, 100,000 lines in-process).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const STARTED = Symbol('request started');
type Timed = Response & { [STARTED]?: bigint };

export function requestLog(log: Logger) {
  const lines = log.child({}, { redact: { paths: [] } });
  function finished(this: Timed): void {
    const req = this.req;
    lines.info(
      {
        method: req.method,
        path: req.path,
        status: this.statusCode,
        ms: Number(process.hrtime.bigint() - this[STARTED]!) / 1e6,
        // The client a trusted reverse proxy names (--trusted-proxies), else the connection's.
        client: req.ip ?? req.socket.remoteAddress,
      },
      'request',
    );
  }
  return (_req: Request, res: Timed, next: NextFunction) => {
    if (log.isLevelEnabled('info')) {
      res[STARTED] = process.hrtime.bigint();
      res.on('finish', finished);
    }
    next();
  };
}
