import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../common/clock.js';
import type { Config } from '../config/env.js';
import { createOrm, migrate } from '../db/connect.js';
import { seedDemoData } from '../db/seed.js';
import { GracefulClose } from '../http/graceful-close.js';
import { lingerBeforeClosing } from '../http/lingering-close.js';
import { healthRoutes } from '../http/health.js';
import { httpTimeouts, listen } from '../http/listen.js';
import { metricsRoute } from '../http/metrics-route.js';
import { Metrics } from '../observability/metrics.js';
import { DependencyOutages } from '../observability/outages.js';
import { tracedServices, tracingOn } from '../observability/trace.js';
import { OutboxRelay } from '../outbox/outbox.js';
import { LivePubSub, RelayPublisher } from '../pubsub/pubsub.js';
import { Queues } from '../queue/queues.js';
import { createRedisClients } from '../redis/redis.js';
import { startApi, type ApiHandle } from './api.js';
import { createServices, registerJobs, topicRoutes, type Services } from './create-services.js';
import type { Infra } from './infra.js';
import { createLogger } from './logger.js';
import { watchInfra } from './metrics-sources.js';

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
  /**
   * How long `close()` keeps an idle HTTP connection for a request that may still be on its way (GracefulClose's
   * idleGraceMs, default 1 s). Test apps, closed after their file with only their own clients' idle keep-alive
   * connections left, use less.
   */
  httpIdleGraceMs?: number;
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
  const metrics = new Metrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  const queues = new Queues(redis, config.REDIS_PREFIX, log, config.QUEUE_STALLED_SECONDS * 1000, metrics);
  const pubSub = new LivePubSub(redis, config.REDIS_PREFIX);
  const relay = new OutboxRelay(orm, queues, redis, topicRoutes(), log, config.REDIS_PREFIX, {
    live: new RelayPublisher(redis.pub, pubSub, config.REDIS_PREFIX),
    listenUrl: config.DATABASE_URL,
  });
  const infra: Infra = { config, log, orm, redis, queues, pubSub, relay, metrics, clock: opts.clock ?? systemClock };
  // Tracing on: every service command called from outside its module in a span of its own.
  const services = tracingOn() ? tracedServices(createServices(infra), ['infra']) : createServices(infra);
  registerJobs(services);
  if (opts.seed) await seedDemoData(services);
  const outages = new DependencyOutages(
    { postgres: () => orm.em.getConnection().execute('select 1'), redis: () => redis.cmd.ping(), search: () => services.searchIndexer.health() },
    log,
    Number(new URL(config.REDIS_URL).port || 6379),
    (dependency) => metrics.dependencyUnavailable.inc({ dependency }),
  );
  watchInfra(metrics, infra);

  let shuttingDown = false;
  const isShuttingDown = () => shuttingDown;
  let api: ApiHandle | null = null;
  let health: { server: Server; graceful: GracefulClose } | null = null;

  async function close() {
    // At once, before anything is awaited: no new connection is accepted from here on.
    shuttingDown = true;
    const drains = [api?.graceful, health?.graceful].filter((g) => !!g);
    for (const g of drains) void g.stopListening();
    // Every request already taken is answered (its services are all still open), then the sockets close.
    const destroyed = (await Promise.all(drains.map((g) => g.drained(HTTP_DRAIN_MS)))).reduce((a, b) => a + b, 0);
    if (destroyed) log.warn({ connections: destroyed }, 'connections still busy at the shutdown deadline were closed');
    await Promise.all(drains.map((g) => g.finish()));
    await api?.close();
    outages.close();
    await relay.stop();
    await services.products.close();
    await queues.close();
    await orm.close();
    await redis.close();
  }

  try {
    if (opts.api) api = await startApi(services, { clientDist: opts.clientDist ?? path.resolve('client/dist'), outages, isShuttingDown, idleGraceMs: opts.httpIdleGraceMs });
    if (opts.publishAtCommit !== false) relay.publishAtCommit();
    if (opts.worker) {
      // The search index exists with its settings before the first indexing job runs (never on a search).
      await services.searchIndexer.prepare();
      queues.startWorkers();
      await relay.start();
    }
    // A worker-only process has no api to probe; it serves its own health routes (docker-compose's
    // worker health check uses them) and its metrics on WORKER_HEALTH_PORT.
    if (!opts.api && opts.worker && config.WORKER_HEALTH_PORT !== undefined) {
      const app = express();
      app.disable('x-powered-by');
      app.use(healthRoutes({ orm, redis, outages, isShuttingDown, search: () => services.searchIndexer.health() }));
      app.use(metricsRoute(metrics, config.METRICS_TOKEN));
      const server = createServer(httpTimeouts(config), app);
      lingerBeforeClosing(server);
      health = { server, graceful: new GracefulClose(server, { idleGraceMs: opts.httpIdleGraceMs }) };
      await listen(server, config.WORKER_HEALTH_PORT, config.HOST, log);
    }
  } catch (err) {
    // A start that failed (a port in use) leaves nothing open behind it.
    await close().catch(() => undefined);
    throw err;
  }

  const port = api?.port ?? (health ? (health.server.address() as AddressInfo).port : null);
  return { url: api ? `http://localhost:${api.port}` : null, port, services, infra, httpServer: api?.httpServer ?? null, close };
}

/**
 * How long a shutdown waits for the HTTP requests it took (an upload on a slow link, a long search)
 * before it closes their connections: within main.ts's 30 s, leaving time for the worker's jobs.
 */
const HTTP_DRAIN_MS = 20_000;
