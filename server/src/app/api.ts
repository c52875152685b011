import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import express, { type Request, type RequestHandler } from 'express';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { AppError } from '../common/app-error.js';
import { httpMessages } from '../http/http.messages.js';
import { requestScope } from '../common/request-scope.js';
import type { Config } from '../config/env.js';
import type { GqlContext } from '../graphql/context.js';
import { CompiledQueries, compiledExecution } from '../graphql/compiled-execution.js';
import { createFormatError, errorLocalePlugin, unavailableStatusPlugin } from '../graphql/format-error.js';
import { queryCostPlugin, queryLimitsRule } from '../graphql/limits.js';
import { graphqlMetricsPlugin, timedGraphql } from '../graphql/metrics-plugin.js';
import { createSchema } from '../graphql/schema.js';
import { SignedInReads } from '../graphql/signed-in-reads.js';
import { VisitorResponses, visitorResponsesPlugin } from '../graphql/visitor-responses.js';
import { clientPages } from '../http/client-pages.js';
import { publicPages } from '../http/pages/public-pages.js';
import { directRoute, expressClasses } from '../http/direct-route.js';
import { originCheck } from '../http/csrf.js';
import { errorMiddleware } from '../http/error-middleware.js';
import { GracefulClose } from '../http/graceful-close.js';
import { lingerBeforeClosing } from '../http/lingering-close.js';
import { healthRoutes } from '../http/health.js';
import { jsonBody } from '../http/json-body.js';
import { httpTimeouts, listen } from '../http/listen.js';
import { metricsRoute } from '../http/metrics-route.js';
import { requestContextMiddleware } from '../http/request-context.middleware.js';
import { requestLog } from '../http/request-log.js';
import { securityHeaders } from '../http/security-headers.js';
import { directPostRoutes, publicRouter, rawRouter, restRouter } from '../http/rest-router.js';
import type { DependencyOutages } from '../observability/outages.js';
import { QUEUE_DASHBOARD_PATH, queueDashboard } from '../modules/moderation/moderation.module.js';
import { attachWsServer } from '../ws/ws-server.js';
import { SESSIONS_ENDED_CHANNEL, type Services } from './create-services.js';

/** The context every operation gets: all the services. */
type AppContext = GqlContext<Services>;

/** The api role's HTTP server, as started: its port, its graceful close, and what closes after the drain. */
export interface ApiHandle {
  httpServer: Server;
  port: number;
  graceful: GracefulClose;
  /** After the HTTP drain: the sockets (1001) and Apollo. */
  close(): Promise<void>;
}

/**
 * The api role: express with the REST shim, GraphQL over HTTP (Apollo, with the direct paths of the
 * read path) and WebSocket, health and metrics routes and the web app, on one HTTP server listening on
 * PORT. Fails (and leaves nothing open) when it cannot listen.
 */
export async function startApi(
  services: Services,
  opts: { clientDist: string; outages: DependencyOutages; isShuttingDown: () => boolean; idleGraceMs?: number },
): Promise<ApiHandle> {
  const { config, log, orm, redis, metrics } = services.infra;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  // The busiest POST routes, by exact path, through their middlewares without express's router (set below).
  const directPosts = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const httpServer = createServer({ ...expressClasses(app), ...httpTimeouts(config) }, (req, res) => {
    const direct = req.method === 'POST' ? directPosts.get(req.url!) : undefined;
    if (direct) direct(req, res);
    else app(req, res);
  });
  lingerBeforeClosing(httpServer);
  const graceful = new GracefulClose(httpServer, { idleGraceMs: opts.idleGraceMs });
  const schema = await createSchema();
  const limits = { maxDepth: config.GRAPHQL_MAX_DEPTH, maxAliases: config.GRAPHQL_MAX_ALIASES, maxCost: config.GRAPHQL_MAX_COST };
  // One set of rules for both doors: introspection is refused by graphql's own rule, over HTTP and
  // WebSocket alike (Apollo's `introspection` switch only guards HTTP).
  const rules = [queryLimitsRule(limits), ...(config.isProduction ? [NoSchemaIntrospectionCustomRule] : [])];
  const allowed = allowedOrigins(config);
  const formatError = createFormatError(log, opts.outages, { hideSuggestions: config.isProduction });
  const ws = attachWsServer({
    httpServer,
    formatError,
    schema,
    orm,
    services,
    log,
    rules,
    limits,
    metrics,
    outages: opts.outages,
    keepAliveMs: config.WS_KEEP_ALIVE_SECONDS * 1000,
    maxSubscriptions: config.WS_MAX_SUBSCRIPTIONS,
    sessionSweepMs: config.WS_SESSION_SWEEP_SECONDS * 1000,
    trustProxy: app.get('trust proxy fn') as (addr: string, i: number) => boolean,
    // The Host header is the client's to choose: only configured origins count (as in originCheck).
    isAllowedOrigin: (origin) => !origin || allowed.includes(origin),
  });
  metrics.watchSockets(() => ws.stats());
  await redis.sub.subscribe(`${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`);
  redis.sub.on('message', (channel, userId) => {
    if (channel === `${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`) void ws.recheck(userId);
  });

  // Whole answers to visitors' public queries, dropped as the catalogue's visitor cache hears changes.
  const visitorResponses = new VisitorResponses(services.products.visitorChanges());
  const compiled = new CompiledQueries(schema);
  const apollo = new ApolloServer<AppContext>({
    // Our schema, with queries run by their compiled form (graphql/compiled-execution.ts).
    gateway: compiledExecution(compiled),
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // Refused in production by NoSchemaIntrospectionCustomRule in `rules` (see above), not by this switch.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    validationRules: rules,
    formatError,
    // main.ts owns SIGTERM/SIGINT: app/server.ts drains HTTP first, then closes sockets, Apollo, the worker and the connections.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used: the default plugin would only walk every resolved field for them.
      ApolloServerPluginCacheControlDisabled(),
      subscriptionsOverWebSocketOnly(),
      queryCostPlugin<AppContext>(limits),
      // formatError answers in the request's language; Apollo only tells the plugin which one.
      errorLocalePlugin<AppContext>(),
      unavailableStatusPlugin<AppContext>(),
      visitorResponsesPlugin(),
      graphqlMetricsPlugin<AppContext>(metrics),
    ],
  });
  try {
    await apollo.start();

    // Every request: its id, log line and duration, its scope, the security headers.
    const first: RequestHandler[] = [
      requestLog(log, metrics),
      // Work of a request (stream callbacks, timers) keeps its id: the process handlers log it.
      (req, _res, next) => requestScope.run({ requestId: String(req.id) }, next),
      securityHeaders(config),
    ];
    app.use(...first);
    const api = [requestContextMiddleware({ orm, sessions: services.sessions, config, log }), originCheck(allowed)];
    const graphql = [jsonBody(1024 * 1024), timedGraphql(metrics, visitorResponses.handler(apollo, services, new SignedInReads(compiled, rules, limits)))];
    const onError = errorMiddleware(log, opts.outages);
    const notFound = (req: Request) => new AppError('NOT_FOUND', httpMessages.noSuchEndpoint({ method: req.method, path: req.path }));
    // POST /graphql, most of the api's requests: the same middlewares in the same order, without the router
    // (http/direct-route.ts; no route before this one answers it). Its other spellings (a query string, a
    // trailing slash) take the router's route here.
    directPosts.set('/graphql', directRoute(app, [...first, ...api, ...graphql], onError, notFound, log));
    // The modules' busy POST routes (product search), likewise; none of the routes before raw routes answers them.
    for (const [route, handlers] of directPostRoutes(services)) directPosts.set(route, directRoute(app, [...first, ...api, ...handlers], onError, notFound, log));
    app.post('/graphql', ...api, ...graphql);
    app.use(healthRoutes({ orm, redis, outages: opts.outages, isShuttingDown: opts.isShuttingDown, search: () => services.searchIndexer.health() }));
    app.use(metricsRoute(metrics, config.METRICS_TOKEN));
    app.use(publicRouter(services));
    // Before the web app's pages: a page load of /operator/queues is the board's, not the app's.
    app.use(QUEUE_DASHBOARD_PATH, ...api, queueDashboard({ queues: services.infra.queues, moderation: services.moderation }));
    const { pages, sitemaps } = publicPages(opts.clientDist, { config, log, orm, services, apollo });
    app.use(sitemaps);
    app.use(clientPages(opts.clientDist, { graphiql: config.GRAPHIQL, pages }));
    app.use(...api);
    app.use('/graphql', ...graphql);
    app.use(rawRouter(services));
    app.use(restRouter(services));
    app.use((req, _res, next) => next(notFound(req)));
    app.use(onError);

    await listen(httpServer, config.PORT, config.HOST, log);
  } catch (err) {
    await ws.close();
    await apollo.stop();
    throw err;
  }
  return {
    httpServer,
    port: (httpServer.address() as AddressInfo).port,
    graceful,
    async close() {
      await ws.close();
      await apollo.stop();
    },
  };
}

/** A subscription sent over HTTP is answered plainly rather than failing as it executes. */
function subscriptionsOverWebSocketOnly(): ApolloServerPlugin<AppContext> {
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
