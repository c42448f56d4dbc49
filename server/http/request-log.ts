/**
 * One structured log line per request; credentials and query values never appear in it.
 *
 * The line is written by one listener shared by every response, with the start time kept on the
 * response: a closure and a listener made per request cost more than the line itself on fast
 * answers. Nothing is attached when the info level is off.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const STARTED = Symbol('request started');
type Timed = Response & { [STARTED]?: bigint };

export function requestLog(log: Logger) {
  function finished(this: Timed): void {
    const req = this.req;
    log.info(
      {
        method: req.method,
        path: req.path,
        status: this.statusCode,
        ms: Number(process.hrtime.bigint() - this[STARTED]!) / 1e6,
        client: req.socket.remoteAddress,
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
