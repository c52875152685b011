import type { ErrorCode } from './error-codes.js';
import { ERROR_STATUS } from './error-codes.js';
import { isUnavailable, UNAVAILABLE_MESSAGE } from './unavailable.js';

/** A failure meant for the client: a stable code, a message a person can read, optional details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, details);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please log in to continue') => new AppError('UNAUTHENTICATED', message);

/**
 * What any thrown value looks like to a client: AppErrors as they are, an unreachable dependency
 * (PostgreSQL or Redis down) as 503 SERVICE_UNAVAILABLE, anything else as a plain 500.
 */
export function toPublicError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE);
  return new AppError('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.');
}
