/** One structured log line per request; credentials and query values never appear in it. */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!log.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      log.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          client: req.socket.remoteAddress,
        },
        'request',
      );
    });
    next();
  };
}
