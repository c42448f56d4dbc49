/** Structured logs (pino) on standard error, so standard output stays for what people read. */
import { pino, type Logger } from 'pino';
import type { ServerConfig } from './config.js';

export function createLogger(level: ServerConfig['logLevel']): Logger {
  return pino(
    {
      level,
      redact: { paths: ['req.headers.authorization', '*.password', '*.token'], remove: true },
    },
    pino.destination({ fd: 2, sync: false }),
  );
}

export const silentLogger = (): Logger => pino({ level: 'silent' });
