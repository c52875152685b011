import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { AppError } from '../common/app-error.js';

/**
 * The one mapping of errors to GraphQL: AppErrors keep their code, message and details; GraphQL's
 * own errors (syntax, validation, variables) pass through without stack traces; anything else is
 * logged and answered with a generic INTERNAL_SERVER_ERROR (no stack, no SQL).
 */
export function createFormatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = { locations: formatted.locations, path: formatted.path };
    if (original instanceof AppError) {
      return { ...base, message: original.message, extensions: { code: original.code, ...(original.details ? { details: original.details } : {}) } };
    }
    // Apollo re-codes every validation error GRAPHQL_VALIDATION_FAILED; a rule's own code (the
    // query limits' QUERY_TOO_COMPLEX) is kept on the original error and wins, as over WebSocket.
    const inner = error instanceof GraphQLError && error.originalError instanceof GraphQLError ? error.originalError.extensions?.code : undefined;
    const code = typeof inner === 'string' ? inner : formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
      return { ...base, message: formatted.message, extensions: { code } };
    }
    log.error({ err: original }, 'unexpected GraphQL error');
    return { ...base, message: 'Something went wrong. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
