import type { ErrorCode } from './error-codes.js';
import { ERROR_STATUS } from './error-codes.js';
import { renderMessage, type Message } from './message.js';
import { commonMessages } from './messages.js';
import { isUnavailable } from './unavailable.js';

/**
 * A failure meant for the client: a stable code, a message a person can read (an entry of a module's
 * messages, `message.ts`: English and Hindi by id), optional details. `details.fields` names each
 * refused field's message.
 */
export class AppError extends Error {
  /** The message by id, with its values; `message` is its English. */
  readonly text: Message;

  constructor(
    readonly code: ErrorCode,
    message: Message,
    readonly details?: Record<string, unknown>,
  ) {
    super(renderMessage(message, 'en'));
    this.name = 'AppError';
    this.text = message;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badInput = (message: Message, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, details);
export const notFound = (message: Message = commonMessages.notFound) => new AppError('NOT_FOUND', message);
export const unauthenticated = (message: Message = commonMessages.logIn) => new AppError('UNAUTHENTICATED', message);

/**
 * What any thrown value looks like to a client: AppErrors as they are, an unreachable dependency
 * (PostgreSQL or Redis down) as 503 SERVICE_UNAVAILABLE, anything else as a plain 500.
 */
export function toPublicError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE', commonMessages.unavailable);
  return new AppError('INTERNAL_SERVER_ERROR', commonMessages.somethingWentWrong);
}
