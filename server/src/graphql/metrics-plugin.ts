import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { Metrics } from '../observability/metrics.js';
import { inSpan } from '../observability/trace.js';

/** The errors of an answer, counted by operation name and code (graphql_operation_errors_total). */
export function countErrors(metrics: Pick<Metrics, 'graphqlErrors' | 'operationLabel'>, operationName: unknown, errors: readonly GraphQLFormattedError[]): void {
  if (!errors.length) return;
  const operation = metrics.operationLabel(operationName);
  for (const e of errors) metrics.graphqlErrors.inc({ operation, code: typeof e.extensions?.code === 'string' ? e.extensions.code : 'INTERNAL_SERVER_ERROR' });
}

/** Counts the errors of every answer Apollo sends (the direct paths answer only plain successes). */
export function graphqlMetricsPlugin<C extends object>(metrics: Pick<Metrics, 'graphqlErrors' | 'operationLabel'>): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response }) {
          if (response.body.kind === 'single') countErrors(metrics, request.operationName, response.body.singleResult.errors ?? []);
        },
      };
    },
  };
}

/**
 * The GraphQL handler, timed by operation name (graphql_operation_duration_seconds) and in a span of
 * its own (tracing on): whichever path answers (a visitor's kept answer, a signed-in read, Apollo),
 * until the answer is sent.
 */
export function timedGraphql(metrics: Pick<Metrics, 'graphqlDuration' | 'operationLabel'>, handler: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    const start = performance.now();
    const operation = metrics.operationLabel((req as Request).body?.operationName);
    try {
      // The operation's span, inside its HTTP request's (tracing on).
      await inSpan(`graphql ${operation}`, { 'graphql.transport': 'http' }, () => handler(req, res, next));
    } finally {
      metrics.graphqlDuration.observe({ operation, transport: 'http' }, (performance.now() - start) / 1000);
    }
  };
}
