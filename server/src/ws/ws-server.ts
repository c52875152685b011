import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { AppError } from '../common/app-error.js';
import { httpMessages } from '../http/http.messages.js';
import { useServer } from 'graphql-ws/use/ws';
import proxyaddr from 'proxy-addr';
import { v7 as uuidv7 } from 'uuid';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from 'pino';
import { RollingRound } from '../common/rolling-round.js';
import { isUnavailable } from '../common/unavailable.js';
import { createRequestContext, requestLocale, type Locale, type Viewer } from '../common/request-context.js';
import type { Orm } from '../db/orm.js';
import type { GqlContext } from '../graphql/context.js';
import type { Services } from '../app/create-services.js';
import { readCookie, SESSION_COOKIE } from '../http/cookies.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../http/json-body.js';
import { costError, type QueryLimits } from '../graphql/limits.js';
import { countErrors } from '../graphql/metrics-plugin.js';
import type { Metrics, SocketStats } from '../observability/metrics.js';
import type { DependencyOutages } from '../observability/outages.js';
import { inSpan, tracingOn } from '../observability/trace.js';

interface SocketExtra {
  viewer: Viewer | null;
  locale: Locale;
  ip: string;
  /** Whether the session still exists: known until its expiry as last read, else read in Redis. */
  sessionAlive: () => Promise<boolean>;
  /** The session may have ended: the next check reads Redis. */
  forget: () => void;
  /** Closes the socket with 4401. */
  sessionEnded: () => void;
  /** The socket's subscriptions (operation id -> topic, the root field); ended ones are dropped as they are read. */
  subscriptions: Map<string, string>;
  /** When each of its queries and mutations started, for its duration. */
  started: Map<string, { at: number; operation: string }>;
}

/** Close code sent when the session behind a socket ends (logout, password change, account deletion). */
export const SESSION_ENDED_CLOSE = 4401;
/** RFC 6455 "Try Again Later": a dependency (Redis) is down; the client retries. */
export const UNAVAILABLE_CLOSE = 1013;

/**
 * Every socket's session is checked in Redis once per `sessionSweepMs` (WS_SESSION_SWEEP_SECONDS, 5 s),
 * so a socket whose session key went without an announcement is closed even while no operation or event passes through it. The
 * check is spread over that time: every SWEEP_TICK_MS the next share of the sockets, in one pipelined
 * round trip (checking 10,000 sockets at once held the event loop and Redis for tens of milliseconds,
 * and its garbage, all made at once, paused deliveries).
 */
const SWEEP_TICK_MS = 250;

/**
 * Each socket is pinged every `keepAliveMs` (WS_KEEP_ALIVE_SECONDS); one whose pong has not come
 * back by its next ping is dropped: a dead peer is let go, and the pings keep a quiet socket open
 * through proxies and load balancers. The pings are spread over that time, a share of the sockets
 * every PING_TICK_MS. (graphql-ws's own keep-alive, a timer per socket every 12 s, pinged the sockets
 * opened together all at once: 250 pings in one turn of the event loop held a delivery for about 5 ms.)
 */
const PING_TICK_MS = 100;

/** How long after hearing of an ending a socket of the ended session is closed (see recheck). */
const ENDED_CLOSE_DELAY_MS = 200;

/**
 * A socket's subscriptions still running: those graphql-ws still has in progress (one that ended
 * without reaching onComplete, its start having failed, is dropped here).
 */
function liveSubscriptions(extra: SocketExtra, inProgress: Record<string, unknown>): Map<string, string> {
  for (const id of extra.subscriptions.keys()) if (!(id in inProgress)) extra.subscriptions.delete(id);
  return extra.subscriptions;
}

/** A refusal of an operation on a socket, as GraphQL carries it (formatError writes its message in the socket's language). */
const refusal = (err: AppError) => new GraphQLError(err.message, { extensions: { code: err.code }, originalError: err });

/** The refusal of one subscription too many on a socket. */
function tooManySubscriptions(max: number): GraphQLError {
  return refusal(new AppError('RATE_LIMITED', httpMessages.tooManyLiveUpdates({ max })));
}

/** The largest message a socket accepts, as the HTTP door's JSON body limit. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The client's address as express computes `req.ip` (with the same proxy-addr and TRUST_PROXY), so
 * a socket and an HTTP request of one client count as one address (throttles, code caps).
 */
export function clientAddress(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string {
  return proxyaddr(req, trust) ?? 'unknown'; // no address once the socket has closed
}

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
  limits: Pick<QueryLimits, 'maxCost'>;
  /** How often each socket is pinged (see PING_TICK_MS). */
  keepAliveMs: number;
  /** express's compiled `trust proxy` setting. */
  trustProxy: (addr: string, i: number) => boolean;
  isAllowedOrigin: (origin: string | undefined, host: string | undefined) => boolean;
  /** How many subscriptions one socket may hold at once (WS_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
  /** Each signed-in socket's session is checked in Redis once in this time (WS_SESSION_SWEEP_SECONDS; see SWEEP_TICK_MS); 0: never. */
  sessionSweepMs: number;
  metrics: Pick<Metrics, 'graphqlDuration' | 'graphqlErrors' | 'operationLabel'>;
  /** Where a socket refused for want of Redis is reported (one warning per outage). */
  outages: Pick<DependencyOutages, 'unavailable'>;
  /** The HTTP door's error formatting (graphql/format-error.ts), so sockets answer the same codes. */
  formatError: (formatted: GraphQLFormattedError, error: unknown, locale?: Locale) => GraphQLFormattedError;
}) {
  // Upgrades are handed over by hand (noServer), so the HTTP server's own errors (a port in use) stay
  // its owner's: ws would pass them on to graphql-ws, which prints them and closes every socket.
  const wss = new WebSocketServer({
    noServer: true,
    path: '/graphql',
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: ({ req }: { req: import('node:http').IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) =>
      deps.isAllowedOrigin(req.headers.origin, req.headers.host) ? done(true) : done(false, 403, 'Forbidden'),
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  deps.httpServer.on('upgrade', onUpgrade);
  /**
   * Errors of the request itself (validation, variables) have no path; over HTTP Apollo gives them
   * a code before formatError runs, so the socket does the same.
   */
  const format = (e: GraphQLError, requestErrorCode: string, locale: Locale | undefined): GraphQLFormattedError => {
    const json = e.toJSON();
    const code = json.extensions?.code ?? (e.path ? undefined : requestErrorCode);
    return deps.formatError(code ? { ...json, extensions: { ...json.extensions, code } } : json, e, locale);
  };
  type SocketEntry = { socket: WebSocket; extra: SocketExtra; sessionKey: string };
  /** Every open socket's state, with graphql-ws's record of its operations in progress. */
  const open = new Map<SocketExtra, Record<string, unknown>>();
  const socketsByUser = new Map<string, Set<SocketEntry>>();
  /** Every socket with a session, in the order they opened: the sweep's round goes through it. */
  const signedIn = new Set<SocketEntry>();
  // A client's broken frame (over MAX_MESSAGE_BYTES, bad opcode, invalid UTF-8) is its own fault: ws has
  // already closed that socket with the code that says so (1009, 1002, 1007). graphql-ws would print the
  // error to the console as an internal one; it is logged at debug level instead.
  wss.on('connection', (socket) => {
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      const err = args[0] as { code?: unknown; message?: string } | undefined;
      if (event === 'error' && typeof err?.code === 'string' && err.code.startsWith('WS_ERR_')) {
        deps.log.debug({ err: err.message }, 'websocket frame refused');
        return true;
      }
      return emit(event, ...args);
    }) as typeof socket.emit;
    socket.on('pong', () => awaitingPong.delete(socket));
  });

  /** Sockets pinged whose pong has not come back yet. */
  const awaitingPong = new WeakSet<WebSocket>();
  const pingRound = new RollingRound(wss.clients, deps.keepAliveMs, PING_TICK_MS);
  const pinger = setInterval(() => {
    for (const socket of pingRound.next()) {
      if (socket.readyState !== socket.OPEN) continue;
      if (awaitingPong.has(socket)) socket.terminate();
      else {
        awaitingPong.add(socket);
        socket.ping();
      }
    }
  }, PING_TICK_MS);
  pinger.unref();

  // Each operation over a socket is the root of its trace (tracing on).
  const spanOf = (args: { operationName?: string | null; document: DocumentNode }, run: () => unknown) =>
    inSpan(`graphql.ws ${deps.metrics.operationLabel(args.operationName ?? getOperationAST(args.document)?.name?.value)}`, { 'graphql.transport': 'ws' }, run);
  const disposable = useServer<Record<string, unknown>, { extra: SocketExtra }>(
    {
      schema: deps.schema,
      execute: tracingOn() ? (args) => spanOf(args, () => execute(args)) as ReturnType<typeof execute> : execute,
      subscribe: tracingOn() ? (args) => spanOf(args, () => subscribe(args)) as ReturnType<typeof subscribe> : subscribe,
      // Parses, validates and checks the cost here (the cost needs the variables), so the document
      // is parsed once; graphql-ws then adds the context and runs it. Every operation on a socket acts
      // as its user only while the session exists in Redis: one that ended or expired closes the
      // socket (4401) instead of running anything.
      onSubscribe: async (c, id, payload) => {
        const extra = c.extra.extra;
        if (extra?.viewer && !(await extra.sessionAlive())) {
          extra.sessionEnded();
          return [refusal(new AppError('UNAUTHENTICATED', httpMessages.sessionEnded))];
        }
        // As the HTTP door's body readers: deeply nested variables are the client's fault, refused before anything walks them.
        if (nestedDeeperThan(payload.variables, MAX_JSON_DEPTH) || nestedDeeperThan(payload.extensions, MAX_JSON_DEPTH)) {
          return [refusal(new AppError('BAD_USER_INPUT', httpMessages.theRequestBodyIsNestedToo))];
        }
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (err) {
          const syntax = err instanceof GraphQLError ? err : null;
          return [
            new GraphQLError(syntax?.message ?? 'Syntax error', {
              source: syntax?.source,
              positions: syntax?.positions,
              extensions: { code: 'GRAPHQL_PARSE_FAILED' },
            }),
          ];
        }
        const errors = validate(deps.schema, document, [...specifiedRules, ...deps.rules]);
        if (errors.length) return errors;
        const operation = getOperationAST(document, payload.operationName);
        const tooCostly = operation && costError(deps.schema, document, operation, payload.variables ?? undefined, deps.limits);
        if (tooCostly) return [tooCostly];
        if (extra && operation?.operation === 'subscription') {
          const held = liveSubscriptions(extra, c.subscriptions);
          if (held.size >= deps.maxSubscriptions) return [tooManySubscriptions(deps.maxSubscriptions)];
          const root = operation.selectionSet.selections[0];
          extra.subscriptions.set(id, root?.kind === Kind.FIELD ? root.name.value : '(other)');
        } else if (extra) {
          extra.started.set(id, { at: performance.now(), operation: deps.metrics.operationLabel(payload.operationName ?? operation?.name?.value) });
        }
        return { schema: deps.schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onError: (c, _id, payload, errors) => {
        const formatted = errors.map((e) => format(e, 'GRAPHQL_VALIDATION_FAILED', c.extra.extra?.locale));
        countErrors(deps.metrics, payload.operationName, formatted);
        return formatted;
      },
      onNext: (c, _id, payload, _args, result) => {
        if (!result.errors?.length) return undefined;
        const errors = result.errors.map((e) => format(e, 'BAD_USER_INPUT', c.extra.extra?.locale));
        countErrors(deps.metrics, payload.operationName, errors);
        return { ...result, errors };
      },
      onComplete: (c, id) => {
        const extra = c.extra.extra;
        if (!extra) return;
        extra.subscriptions.delete(id);
        const started = extra.started.get(id);
        if (!started) return;
        extra.started.delete(id);
        deps.metrics.graphqlDuration.observe({ operation: started.operation, transport: 'ws' }, (performance.now() - started.at) / 1000);
      },
      onConnect: async (c) => {
        const req = c.extra.request;
        let session: Awaited<ReturnType<typeof deps.services.sessions.get>>;
        try {
          session = await deps.services.sessions.get(readCookie(req, SESSION_COOKIE));
        } catch (err) {
          if (!isUnavailable(err)) throw err;
          // Redis is down: "try again later" (1013), which clients retry, rather than an internal error.
          deps.outages.unavailable(err);
          c.extra.socket.close(UNAVAILABLE_CLOSE, 'Service unavailable, please try again');
          return false;
        }
        const socket = c.extra.socket;
        const viewer = session ? { userId: session.userId, sessionId: session.id } : null;
        // The session exists at least until `aliveUntil` (its expiry as last read in Redis) unless it is
        // ended, and an ending reaches `forget` (through the sessions-ended channel) before any event
        // published after it: so an event is authorised without a Redis round trip, as exactly as with one.
        let aliveUntil = 0;
        let endings = 0;
        const extra: SocketExtra = {
          viewer,
          locale: requestLocale(c.connectionParams?.locale, req.headers['accept-language']),
          ip: clientAddress(req, deps.trustProxy),
          sessionAlive: async () => {
            if (!viewer || socket.readyState !== socket.OPEN) return false;
            if (Date.now() < aliveUntil) return true;
            const askedAt = Date.now();
            const asOf = endings;
            const current = await deps.services.sessions.lookup(viewer.sessionId);
            const alive = !!current && current.userId === viewer.userId;
            // A read that an ending overtook says nothing about later events.
            if (asOf === endings) aliveUntil = alive ? askedAt + current.ttlMs : 0;
            return alive;
          },
          forget: () => {
            endings++;
            aliveUntil = 0;
          },
          sessionEnded: () => socket.close(SESSION_ENDED_CLOSE, 'Session ended'),
          subscriptions: new Map(),
          started: new Map(),
        };
        c.extra.extra = extra;
        open.set(extra, c.subscriptions);
        socket.once('close', () => open.delete(extra));
        if (viewer) {
          const set = socketsByUser.get(viewer.userId) ?? new Set();
          const entry: SocketEntry = { socket, extra, sessionKey: deps.services.sessions.keyOf(viewer.sessionId) };
          set.add(entry);
          signedIn.add(entry);
          socketsByUser.set(viewer.userId, set);
          c.extra.socket.once('close', () => {
            set.delete(entry);
            signedIn.delete(entry);
            if (!set.size) socketsByUser.delete(viewer.userId);
          });
        }
        return true;
      },
      context: (c): GqlContext<Services> => {
        const extra = c.extra.extra ?? {
          viewer: null,
          locale: 'en',
          ip: 'unknown',
          sessionAlive: async () => false,
          forget: () => undefined,
          sessionEnded: () => undefined,
          subscriptions: new Map(),
          started: new Map(),
        };
        return {
          services: deps.services,
          socket: { sessionAlive: extra.sessionAlive, sessionEnded: extra.sessionEnded },
          ctx: createRequestContext({ em: deps.orm.em, log: deps.log, requestId: uuidv7(), viewer: extra.viewer, locale: extra.locale, ip: extra.ip }),
        };
      },
    },
    wss,
    0, // no keep-alive of graphql-ws's own: the pinger above
  );

  /**
   * Some sessions of a user ended: at once (before any later message is handled), their sockets stop
   * trusting what they knew, so every later event and operation reads Redis and finds the session
   * gone; then those sockets are closed, a moment later: an event that announces the ending (a
   * password change, published just before it) may still be on its way out as the subscription's
   * last event (graphql/live.ts), and a close now would drop it.
   */
  async function recheck(userId: string) {
    const entries = socketsByUser.get(userId);
    if (!entries) return;
    for (const entry of entries) entry.extra.forget();
    for (const entry of [...entries]) {
      if (!(await entry.extra.sessionAlive())) setTimeout(() => entry.extra.sessionEnded(), ENDED_CLOSE_DELAY_MS).unref();
    }
  }

  /**
   * A socket knows when its session expires, and hears when it is ended; a key gone any other way
   * (evicted by Redis under memory pressure, deleted by hand) is caught here. Each tick checks the next
   * share of the signed-in sockets (one script call of EXISTS), so each socket is checked once every
   * `sessionSweepMs`. A tick still waiting for Redis when the next is due lets it go.
   */
  const sweepRound = new RollingRound(signedIn, deps.sessionSweepMs, SWEEP_TICK_MS);
  let sweeping = false;
  async function sweepTick() {
    const batch = sweepRound.next().filter((e) => e.socket.readyState === e.socket.OPEN);
    if (!batch.length) return;
    const alive = await deps.services.sessions.existing(batch.map((e) => e.sessionKey));
    batch.forEach((e, j) => {
      if (!alive[j]) e.socket.close(SESSION_ENDED_CLOSE, 'Session ended');
    });
  }
  const sweeper = setInterval(() => {
    if (sweeping || !deps.sessionSweepMs) return;
    sweeping = true;
    sweepTick()
      .catch((err: Error) => deps.log.debug({ err: err.message }, 'socket session sweep failed'))
      .finally(() => (sweeping = false));
  }, SWEEP_TICK_MS);
  sweeper.unref();

  return {
    wss,
    recheck,
    /** Open sockets and their subscriptions by topic (the metrics' gauges read it at each scrape). */
    stats(): SocketStats {
      const subscriptions = new Map<string, number>();
      for (const [extra, operations] of open) {
        for (const topic of liveSubscriptions(extra, operations).values()) subscriptions.set(topic, (subscriptions.get(topic) ?? 0) + 1);
      }
      return { connections: wss.clients.size, subscriptions };
    },
    async close() {
      deps.httpServer.off('upgrade', onUpgrade);
      clearInterval(sweeper);
      clearInterval(pinger);
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
