import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { AppError } from '../common/app-error.js';
import { localizeAppError, localizeMessage } from '../common/message-catalogue.js';
import { commonMessages } from '../common/messages.js';
import type { Locale } from '../common/request-context.js';
import { isUnavailable } from '../common/unavailable.js';
import type { DependencyOutages } from '../observability/outages.js';

/**
 * The language of each error's request. Apollo gives `formatError` no request context, so
 * `errorLocalePlugin` notes the locale of every error of a request (its `didEncounterErrors` runs
 * before the errors are formatted) and `formatError` looks it up.
 */
const errorLocales = new WeakMap<object, Locale>();

/** Notes each error's request locale for `formatError` (HTTP; the WebSocket door passes it itself). */
export function errorLocalePlugin<C extends { ctx?: { locale: Locale } }>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          const locale = contextValue?.ctx?.locale;
          if (!locale) return;
          for (const e of errors) errorLocales.set(e, locale);
        },
      };
    },
  };
}

/**
 * A GraphQL answer over HTTP whose errors include SERVICE_UNAVAILABLE (PostgreSQL or Redis down)
 * is sent with status 503, as the REST door does, so clients and proxies can tell it from a bad request.
 */
export function unavailableStatusPlugin<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          if (response.body.singleResult.errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) response.http.status = 503;
        },
      };
    },
  };
}

/**
 * The one mapping of errors to GraphQL: AppErrors keep their code and details, with the message
 * (and per-field messages) in the request's language; GraphQL's own errors (syntax, validation,
 * variables) pass through without stack traces, as GraphQL wrote them;
 * anything else is logged and answered with a generic INTERNAL_SERVER_ERROR (no stack, no SQL).
 */
export function createFormatError(log: Logger, outages: Pick<DependencyOutages, 'unavailable'>, opts: { hideSuggestions?: boolean } = {}) {
  return (raw: GraphQLFormattedError, error: unknown, requestLocale?: Locale): GraphQLFormattedError => {
    // In production graphql's "Did you mean ...?" would list the schema's fields to whoever probes it
    // (introspection is off there): the message ends before it.
    const formatted = opts.hideSuggestions ? { ...raw, message: withoutSuggestions(raw.message) } : raw;
    const locale = requestLocale ?? (typeof error === 'object' && error !== null ? errorLocales.get(error) : undefined) ?? 'en';
    const unwrapped = unwrapResolverError(error);
    // A refusal of the request itself (the socket's) carries its AppError without a path.
    const original = unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError ? unwrapped.originalError : unwrapped;
    const base = { locations: formatted.locations, path: formatted.path };
    if (original instanceof AppError) {
      const { message, details } = localizeAppError(original, locale);
      return { ...base, message, extensions: { code: original.code, ...(details ? { details } : {}) } };
    }
    // Apollo re-codes every validation error GRAPHQL_VALIDATION_FAILED; a rule's own code (the
    // query limits' QUERY_TOO_COMPLEX) is kept on the original error and wins, as over WebSocket.
    const inner = error instanceof GraphQLError && error.originalError instanceof GraphQLError ? error.originalError.extensions?.code : undefined;
    const code = typeof inner === 'string' ? inner : formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
      // Messages of GraphQL itself (a malformed operation) are for developers: kept as GraphQL wrote them.
      return { ...base, message: localizeMessage(formatted.message, locale), extensions: { code } };
    }
    // Apollo's own refusals of a request (a persisted-query hash that does not match its query) carry
    // a 4xx HTTP status but no code: the client's mistake, not ours.
    const httpStatus = error instanceof GraphQLError ? (error.extensions?.http as { status?: number } | undefined)?.status : undefined;
    if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
      return { ...base, message: localizeMessage(formatted.message, locale, 'BAD_REQUEST'), extensions: { code: 'BAD_REQUEST' } };
    }
    if (isUnavailable(original)) {
      outages.unavailable(original);
      return { ...base, message: localizeMessage(commonMessages.unavailable, locale), extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    log.error({ err: original }, 'unexpected GraphQL error');
    return {
      ...base,
      message: localizeMessage(commonMessages.somethingWentWrong, locale),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

/** graphql-js's suggestion of field, argument, type and enum names (`Did you mean "x"?`, `Did you mean "x" or "y"?`), cut. */
export function withoutSuggestions(message: string): string {
  return message.replace(/ Did you mean .+\?$/s, '');
}
