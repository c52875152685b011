import type { Server } from 'node:http';
import {
  execute,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { v7 as uuidv7 } from 'uuid';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from 'pino';
import { createRequestContext, localeFromHeader, type Viewer } from '../common/request-context.js';
import type { Orm } from '../db/orm.js';
import type { GqlContext } from '../graphql/context.js';
import type { Services } from '../app/create-services.js';
import { readCookie, SESSION_COOKIE } from '../http/cookies.js';

interface SocketExtra {
  viewer: Viewer | null;
  locale: string;
  ip: string;
}

/** Close code sent when the session behind a socket ends (logout, password change, account deletion). */
export const SESSION_ENDED_CLOSE = 4401;

/**
 * graphql-ws on the api's HTTP server at /graphql. The session cookie of the upgrade request
 * authenticates the socket; each operation gets a request context built like an HTTP one. Sockets
 * whose session ends are closed.
 */
export function attachWsServer(deps: {
  httpServer: Server;
  schema: GraphQLSchema;
  orm: Orm;
  services: Services;
  log: Logger;
  rules: ValidationRule[];
  isAllowedOrigin: (origin: string | undefined, host: string | undefined) => boolean;
  /** The HTTP door's error formatting (graphql/format-error.ts), so sockets answer the same codes. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}) {
  const wss = new WebSocketServer({
    server: deps.httpServer,
    path: '/graphql',
    verifyClient: ({ req }: { req: import('node:http').IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) =>
      deps.isAllowedOrigin(req.headers.origin, req.headers.host) ? done(true) : done(false, 403, 'Forbidden'),
  });
  /**
   * Errors of the request itself (validation, variables) have no path; over HTTP Apollo gives them
   * a code before formatError runs, so the socket does the same.
   */
  const format = (e: GraphQLError, requestErrorCode: string): GraphQLFormattedError => {
    const json = e.toJSON();
    const code = json.extensions?.code ?? (e.path ? undefined : requestErrorCode);
    return deps.formatError(code ? { ...json, extensions: { ...json.extensions, code } } : json, e);
  };
  const socketsByUser = new Map<string, Set<{ socket: WebSocket; extra: SocketExtra }>>();

  const disposable = useServer<Record<string, unknown>, { extra: SocketExtra }>(
    {
      schema: deps.schema,
      execute,
      subscribe,
      validate: (schema, doc) => validate(schema, doc, [...specifiedRules, ...deps.rules]),
      parse,
      onError: (_c, _id, _payload, errors) => errors.map((e) => format(e, 'GRAPHQL_VALIDATION_FAILED')),
      onNext: (_c, _id, _payload, _args, result) =>
        result.errors?.length ? { ...result, errors: result.errors.map((e) => format(e, 'BAD_USER_INPUT')) } : undefined,
      onConnect: async (c) => {
        const req = c.extra.request;
        const session = await deps.services.sessions.get(readCookie(req, SESSION_COOKIE));
        const extra: SocketExtra = {
          viewer: session ? { userId: session.userId, sessionId: session.id } : null,
          locale: localeFromHeader(req.headers['accept-language']),
          ip: req.socket.remoteAddress ?? 'unknown',
        };
        c.extra.extra = extra;
        if (extra.viewer) {
          const set = socketsByUser.get(extra.viewer.userId) ?? new Set();
          const entry = { socket: c.extra.socket, extra };
          set.add(entry);
          socketsByUser.set(extra.viewer.userId, set);
          c.extra.socket.once('close', () => {
            set.delete(entry);
            if (!set.size) socketsByUser.delete(extra.viewer!.userId);
          });
        }
        return true;
      },
      context: (c): GqlContext => {
        const extra = c.extra.extra ?? { viewer: null, locale: 'en', ip: 'unknown' };
        return {
          services: deps.services,
          ctx: createRequestContext({ em: deps.orm.em, log: deps.log, requestId: uuidv7(), viewer: extra.viewer, locale: extra.locale, ip: extra.ip }),
        };
      },
    },
    wss,
  );

  /** Closes the sockets of a user whose sessions no longer exist. */
  async function recheck(userId: string) {
    const entries = socketsByUser.get(userId);
    if (!entries) return;
    for (const entry of [...entries]) {
      const alive = entry.extra.viewer && (await deps.services.sessions.get(entry.extra.viewer.sessionId));
      if (!alive) entry.socket.close(SESSION_ENDED_CLOSE, 'Session ended');
    }
  }

  return {
    wss,
    recheck,
    async close() {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
