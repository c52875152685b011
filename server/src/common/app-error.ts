import type { ErrorCode } from './error-codes.js';
import { ERROR_STATUS } from './error-codes.js';
import { renderMessage, type Message } from './message.js';
import { commonMessages } from './messages.js';
import { isUnavailable } from './unavailable.js';

/**
 * A failure meant for the client: a stable code, a message a person can read (an entry of a module's
 * messages, `message.ts`), optional details. `details.fields` names each refused field's message.
 * (A message given as English text is from before the catalogue's ids and is being moved to them.)
 */
export class AppError extends Error {
  /** The message by id, with its values; `message` is its English. */
  readonly text: Message | undefined;

  constructor(
    readonly code: ErrorCode,
    message: Message | string,
    readonly details?: Record<string, unknown>,
  ) {
    super(typeof message === 'string' ? message : renderMessage(message, 'en'));
    this.name = 'AppError';
    this.text = typeof message === 'string' ? undefined : message;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badInput = (message: Message | string, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, details);
export const notFound = (message: Message | string = commonMessages.notFound) => new AppError('NOT_FOUND', message);
export const unauthenticated = (message: Message | string = commonMessages.logIn) => new AppError('UNAUTHENTICATED', message);

/**
 * What any thrown value looks like to a client: AppErrors as they are, an unreachable dependency
 * (PostgreSQL or Redis down) as 503 SERVICE_UNAVAILABLE, anything else as a plain 500.
 */
export function toPublicError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE', commonMessages.unavailable);
  return new AppError('INTERNAL_SERVER_ERROR', commonMessages.somethingWentWrong);
}
