import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import express, { type Request, type RequestHandler } from 'express';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../common/app-error.js';
import { systemClock, type Clock } from '../common/clock.js';
import { requestScope } from '../common/request-scope.js';
import type { Config } from '../config/env.js';
import { createOrm, migrate } from '../db/orm.js';
import { seedDemoData } from '../db/seed.js';
import type { GqlContext } from '../graphql/context.js';
import { CompiledQueries, compiledExecution } from '../graphql/compiled-execution.js';
import { createFormatError, errorLocalePlugin, unavailableStatusPlugin } from '../graphql/format-error.js';
import { queryCostPlugin, queryLimitsRule } from '../graphql/limits.js';
import { createSchema } from '../graphql/schema.js';
import { SignedInReads } from '../graphql/signed-in-reads.js';
import { VisitorResponses, visitorResponsesPlugin } from '../graphql/visitor-responses.js';
import { clientPages } from '../http/client-pages.js';
import { directRoute, expressClasses } from '../http/direct-route.js';
import { originCheck } from '../http/csrf.js';
import { errorMiddleware } from '../http/error-middleware.js';
import { healthRoutes } from '../http/health.js';
import { jsonBody } from '../http/json-body.js';
import { requestContextMiddleware } from '../http/request-context.middleware.js';
import { requestLog } from '../http/request-log.js';
import { securityHeaders } from '../http/security-headers.js';
import { directPostRoutes, publicRouter, rawRouter, restRouter } from '../http/rest-router.js';
import { OutboxRelay } from '../outbox/outbox.js';
import { LivePubSub, RelayPublisher } from '../pubsub/pubsub.js';
import { Queues } from '../queue/queues.js';
import { attachWsServer } from '../ws/ws-server.js';
import { createServices, registerJobs, SESSIONS_ENDED_CHANNEL, topicRoutes, type Services } from './create-services.js';
import type { Infra } from './infra.js';
import { createLogger } from './logger.js';
import { createRedisClients } from '../redis/redis.js';

export interface StartOptions {
  /** Serve HTTP, GraphQL, subscriptions and the web app. */
  api: boolean;
  /** Run BullMQ processors and the outbox relay. */
  worker: boolean;
  migrate?: boolean;
  seed?: boolean;
  clock?: Clock;
  log?: Logger;
  /**
   * Whether this process publishes the live messages of the events it writes right after their
   * commit (default true). False leaves them to a worker's relay, as after a crash right after a
   * commit (tests of that path).
   */
  publishAtCommit?: boolean;
  /** Directory of the built web app (default: client/dist under the working directory). */
  clientDist?: string;
}

export interface AppHandle {
  url: string | null;
  /** The api's port; for a worker-only process, its health port (WORKER_HEALTH_PORT) if it has one. */
  port: number | null;
  services: Services;
  infra: Infra;
  httpServer: Server | null;
  /** Graceful stop: stop accepting, close sockets, let active jobs finish, close connections. */
  close(): Promise<void>;
}

/** Starts the roles asked for, in this process. */
export async function startApp(config: Config, opts: StartOptions): Promise<AppHandle> {
  const log = opts.log ?? createLogger(config);
  const orm = await createOrm(config, log);
  if (opts.migrate) {
    const applied = await migrate(orm);
    if (applied.length) log.info({ applied }, 'migrations applied');
  }
  const redis = createRedisClients(config, log);
  const queues = new Queues(redis, config.REDIS_PREFIX, log, config.QUEUE_STALLED_SECONDS * 1000);
  const pubSub = new LivePubSub(redis, config.REDIS_PREFIX);
  const relay = new OutboxRelay(orm, queues, redis, topicRoutes(), log, config.REDIS_PREFIX, {
    live: new RelayPublisher(redis.pub, pubSub, config.REDIS_PREFIX),
    listenUrl: config.DATABASE_URL,
  });
  const infra: Infra = { config, log, orm, redis, queues, pubSub, relay, clock: opts.clock ?? systemClock };
  const services = createServices(infra);
  registerJobs(services);
  if (opts.seed) await seedDemoData(services);

  let httpServer: Server | null = null;
  let apollo: ApolloServer<GqlContext> | null = null;
  let ws: ReturnType<typeof attachWsServer> | null = null;
  let shuttingDown = false;
  let url: string | null = null;
  let port: number | null = null;

  if (opts.api) {
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
    // The busiest POST routes, by exact path, through their middlewares without express's router (set below).
    const directPosts = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
    httpServer = createServer(expressClasses(app), (req, res) => {
      const direct = req.method === 'POST' ? directPosts.get(req.url!) : undefined;
      if (direct) direct(req, res);
      else app(req, res);
    });
    const schema = await createSchema();
    const limits = { maxDepth: config.GRAPHQL_MAX_DEPTH, maxAliases: config.GRAPHQL_MAX_ALIASES, maxCost: config.GRAPHQL_MAX_COST };
    // One set of rules for both doors: introspection is refused by graphql's own rule, over HTTP and
    // WebSocket alike (Apollo's `introspection` switch only guards HTTP).
    const rules = [queryLimitsRule(limits), ...(config.isProduction ? [NoSchemaIntrospectionCustomRule] : [])];
    const allowed = allowedOrigins(config);
    const formatError = createFormatError(log);
    ws = attachWsServer({
      httpServer,
      formatError,
      schema,
      orm,
      services,
      log,
      rules,
      limits,
      keepAliveMs: config.WS_KEEP_ALIVE_SECONDS * 1000,
      trustProxy: app.get('trust proxy fn') as (addr: string, i: number) => boolean,
      // The Host header is the client's to choose: only configured origins count (as in originCheck).
      isAllowedOrigin: (origin) => !origin || allowed.includes(origin),
    });
    const wsHandle = ws;
    await redis.sub.subscribe(`${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`);
    redis.sub.on('message', (channel, userId) => {
      if (channel === `${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`) void wsHandle.recheck(userId);
    });

    // Whole answers to visitors' public queries, dropped as the catalogue's visitor cache hears changes.
    const visitorResponses = new VisitorResponses(services.products.visitorChanges());
    const compiled = new CompiledQueries(schema);
    apollo = new ApolloServer<GqlContext>({
      // Our schema, with queries run by their compiled form (graphql/compiled-execution.ts).
      gateway: compiledExecution(compiled),
      csrfPrevention: true,
      allowBatchedHttpRequests: false,
      // Refused in production by NoSchemaIntrospectionCustomRule in `rules` (see above), not by this switch.
      introspection: true,
      includeStacktraceInErrorResponses: false,
      validationRules: rules,
      formatError,
      // main.ts owns SIGTERM/SIGINT: it closes sockets, Apollo, the worker and the connections in order.
      stopOnTerminationSignals: false,
      plugins: [
        ApolloServerPluginDrainHttpServer({ httpServer }),
        ApolloServerPluginLandingPageDisabled(),
        // No cache hints are used: the default plugin would only walk every resolved field for them.
        ApolloServerPluginCacheControlDisabled(),
        subscriptionsOverWebSocketOnly(),
        queryCostPlugin<GqlContext>(limits),
        // formatError answers in the request's language; Apollo only tells the plugin which one.
        errorLocalePlugin<GqlContext>(),
        unavailableStatusPlugin<GqlContext>(),
        visitorResponsesPlugin(),
      ],
    });
    await apollo.start();

    // Every request: its id and log line, its scope, the security headers.
    const first: RequestHandler[] = [
      requestLog(log),
      // Work of a request (stream callbacks, timers) keeps its id: the process handlers log it.
      (req, _res, next) => requestScope.run({ requestId: String(req.id) }, next),
      securityHeaders(config),
    ];
    app.use(...first);
    const api = [requestContextMiddleware({ orm, sessions: services.sessions, config, log }), originCheck(allowed)];
    const graphql = [jsonBody(1024 * 1024), visitorResponses.handler(apollo, services, new SignedInReads(compiled, rules, limits))];
    const onError = errorMiddleware(log);
    const notFound = (req: Request) => new AppError('NOT_FOUND', `No such endpoint: ${req.method} ${req.path}`);
    // POST /graphql, most of the api's requests: the same middlewares in the same order, without the router
    // (http/direct-route.ts; no route before this one answers it). Its other spellings (a query string, a
    // trailing slash) take the router's route here.
    directPosts.set('/graphql', directRoute(app, [...first, ...api, ...graphql], onError, notFound, log));
    // The modules' busy POST routes (product search), likewise; none of the routes before raw routes answers them.
    for (const [route, handlers] of directPostRoutes(services)) directPosts.set(route, directRoute(app, [...first, ...api, ...handlers], onError, notFound, log));
    app.post('/graphql', ...api, ...graphql);
    app.use(healthRoutes({ orm, redis, log, isShuttingDown: () => shuttingDown }));
    app.use(publicRouter(services));
    app.use(clientPages(opts.clientDist ?? path.resolve('client/dist'), { graphiql: config.GRAPHIQL }));
    app.use(...api);
    app.use('/graphql', ...graphql);
    app.use(rawRouter(services));
    app.use(restRouter(services));
    app.use((req, _res, next) => next(notFound(req)));
    app.use(onError);

    await new Promise<void>((resolve) => httpServer!.listen(config.PORT, config.HOST, resolve));
    port = (httpServer.address() as AddressInfo).port;
    url = `http://localhost:${port}`;
  }

  if (opts.publishAtCommit !== false) relay.publishAtCommit();
  if (opts.worker) {
    services.infra.queues.startWorkers();
    await relay.start();
  }

  // A worker-only process has no api to probe; it can serve its own health routes (docker-compose's
  // worker health check uses them).
  let healthServer: Server | null = null;
  if (!opts.api && opts.worker && config.WORKER_HEALTH_PORT !== undefined) {
    const app = express();
    app.disable('x-powered-by');
    app.use(healthRoutes({ orm, redis, log, isShuttingDown: () => shuttingDown }));
    healthServer = createServer(app);
    await new Promise<void>((resolve) => healthServer!.listen(config.WORKER_HEALTH_PORT, config.HOST, resolve));
    port = (healthServer.address() as AddressInfo).port;
  }

  return {
    url,
    port,
    services,
    infra,
    httpServer,
    async close() {
      shuttingDown = true;
      if (healthServer) {
        healthServer.closeAllConnections();
        await new Promise((resolve) => healthServer!.close(resolve));
      }
      await ws?.close();
      await apollo?.stop(); // drains HTTP (the drain plugin closes the server and waits for requests)
      await relay.stop();
      await services.products.close();
      await queues.close();
      await orm.close();
      await redis.close();
    },
  };
}

/** A subscription sent over HTTP is answered plainly rather than failing as it executes. */
function subscriptionsOverWebSocketOnly(): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation === 'subscription') {
            throw new GraphQLError('Subscriptions are served over WebSocket at /graphql', { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
          }
        },
      };
    },
  };
}

/**
 * The origins allowed to change state and open sockets: PUBLIC_URL and ALLOWED_ORIGINS, never the
 * request's Host header (which the client chooses). Outside production, the api's own port on
 * localhost and 127.0.0.1 too, so a local run works under either name.
 */
export function allowedOrigins(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'PORT' | 'isProduction'>): string[] {
  const local = !config.isProduction && config.PORT ? [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`] : [];
  return [...new Set([config.PUBLIC_URL, ...config.ALLOWED_ORIGINS, ...local].map((o) => new URL(o).origin))];
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
