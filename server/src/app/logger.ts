import { pino, type Logger } from 'pino';
import type { Config } from '../config/env.js';

/** The process's logger: JSON lines on stdout, secrets redacted. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'isProduction'>): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.otp'], censor: '[redacted]' },
    },
    // Lines are written to stdout together, once 4 KB are waiting or 200 ms have passed, instead of one
    // synchronous write each (a request's line cost about a twentieth of a signed-in read); pino writes
    // what is left synchronously when the process exits, also after an uncaught exception (process-handlers.ts).
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }),
  );
}
