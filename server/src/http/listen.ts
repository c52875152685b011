import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';

/**
 * Node's limits on a request's arrival (README, configuration): a client that never finishes its
 * headers, or its whole request, is answered 408 and its connection closed after
 * HTTP_HEADERS_TIMEOUT_SECONDS or HTTP_REQUEST_TIMEOUT_SECONDS (node's defaults, 60 s and 300 s, let a
 * slow client hold a connection that long); an idle keep-alive connection after
 * HTTP_KEEP_ALIVE_TIMEOUT_SECONDS. Node checks its connections every second (its default, 30 s, would be
 * added to the timeouts).
 */
export function httpTimeouts(config: Pick<Config, 'HTTP_HEADERS_TIMEOUT_SECONDS' | 'HTTP_REQUEST_TIMEOUT_SECONDS' | 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS'>) {
  return {
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    connectionsCheckingInterval: 1000,
  };
}

/**
 * Listens, or fails: a port that is taken (EADDRINUSE) rejects, so the start fails and the process
 * exits non-zero through its logger (main.ts), instead of running without listening.
 */
export function listen(server: Server, port: number | undefined, host: string, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      // Later errors of the listening socket (accept failing for want of file descriptors): logged, not fatal.
      server.on('error', (err) => log.error({ err }, 'http server error'));
      resolve();
    });
  });
}
