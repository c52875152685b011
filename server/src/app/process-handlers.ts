import type { Logger } from 'pino';
import { currentRequestId } from '../common/request-scope.js';

/**
 * What the process does with errors that escaped every handler:
 * - an unhandled promise rejection is logged (with the request it belongs to) and the process goes on:
 *   the promise's work is lost, nothing else is in an unknown state;
 * - an uncaught exception is logged (with the request id) and the process exits with code 1, since
 *   its state is unknown; the supervisor (docker-compose `restart: unless-stopped`, systemd, k8s)
 *   starts a new one. It never dies silently, and never limps on.
 */
export function installProcessHandlers(log: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason, requestId: currentRequestId() }, 'unhandled promise rejection (the process continues)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.fatal({ err, origin, requestId: currentRequestId() }, 'uncaught exception: exiting for the supervisor to restart the process');
    log.flush?.();
    exit(1);
  });
}
