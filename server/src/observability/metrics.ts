import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the socket server knows at a scrape: open sockets, and live subscriptions by topic (root field). */
export interface SocketStats {
  connections: number;
  subscriptions: ReadonlyMap<string, number>;
}

/** The outbox at a scrape: events not relayed yet, and how long the oldest of them has waited. */
export interface OutboxStats {
  pending: number;
  oldestPendingSeconds: number;
}

/** One BullMQ queue's job counts at a scrape. */
export type QueueCounts = Record<'waiting' | 'active' | 'delayed' | 'failed', number>;

/** The database pool at a scrape. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Seconds: from a fast read (a millisecond) to a slow upload or search (tens of seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How many operation names get a label of their own; a client names its operations, so beyond it they are '(other)'. */
const MAX_OPERATION_NAMES = 200;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/**
 * The process's metrics (docs/operations.md#metrics), in one prom-client registry served as
 * Prometheus text at GET /metrics (http/metrics-route.ts): counters and histograms its parts add to
 * as they work, gauges read from them at each scrape (`watch*`), and prom-client's process metrics
 * (event-loop lag, memory, handles, garbage collection).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route and status, from the first byte read to the last written',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL queries and mutations by operation name, over HTTP and WebSocket',
    labelNames: ['operation', 'transport'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlErrors = new Counter({
    name: 'graphql_operation_errors_total',
    help: 'Errors in GraphQL answers, by operation name and error code',
    labelNames: ['operation', 'code'] as const,
    registers: [this.registry],
  });

  readonly liveDelivered = new Counter({
    name: 'live_events_delivered_total',
    help: 'Live events delivered to subscribers of this process, by topic',
    labelNames: ['topic'] as const,
    registers: [this.registry],
  });

  readonly dependencyUnavailable = new Counter({
    name: 'dependency_unavailable_total',
    help: 'Requests and readiness checks answered 503 because PostgreSQL or Redis did not answer',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  readonly jobsProcessed = new Counter({
    name: 'bullmq_jobs_processed_total',
    help: 'Jobs this worker finished, by queue and outcome (completed, failed: a failed attempt)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly operationNames = new Set<string>();

  /** `processMetrics`: prom-client's process metrics too (timers and observers of their own: only when /metrics is served). */
  constructor(opts: { processMetrics?: boolean } = {}) {
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** The label of an operation name a client gave (bounded: see MAX_OPERATION_NAMES). */
  operationLabel(name: unknown): string {
    if (typeof name !== 'string' || !name) return '(anonymous)';
    if (this.operationNames.has(name)) return name;
    if (!GRAPHQL_NAME.test(name) || this.operationNames.size >= MAX_OPERATION_NAMES) return '(other)';
    this.operationNames.add(name);
    return name;
  }

  /** Open WebSockets and live subscriptions by topic, read at each scrape. */
  watchSockets(read: () => SocketStats): void {
    this.gauge('websocket_connections', 'Open WebSockets on this process', [], (g) => g.set(read().connections));
    this.gauge('graphql_subscriptions', 'Live subscriptions on this process, by topic', ['topic'], (g) => {
      for (const [topic, n] of read().subscriptions) g.set({ topic }, n);
    });
  }

  /** The outbox's backlog, read at each scrape (one indexed query). */
  watchOutbox(read: () => Promise<OutboxStats>): void {
    let last: Promise<OutboxStats> | null = null;
    // Both gauges from one read per scrape.
    const once = () => (last ??= read().finally(() => setImmediate(() => (last = null))));
    this.gauge('outbox_pending_events', 'Outbox events committed and not yet relayed', [], async (g) => g.set((await once()).pending));
    this.gauge('outbox_relay_lag_seconds', 'How long the oldest outbox event not yet relayed has waited (0: none waits)', [], async (g) =>
      g.set((await once()).oldestPendingSeconds),
    );
  }

  /** BullMQ's job counts per queue and state, read at each scrape. */
  watchQueues(read: () => Promise<Record<string, QueueCounts>>): void {
    this.gauge('bullmq_jobs', 'BullMQ jobs by queue and state (waiting, active, delayed, failed)', ['queue', 'state'], async (g) => {
      for (const [queue, counts] of Object.entries(await read())) for (const [state, n] of Object.entries(counts)) g.set({ queue, state }, n);
    });
  }

  /** The PostgreSQL pool: connections in use and idle, and requests waiting for one. */
  watchPool(read: () => Promise<PoolStats | null>): void {
    let last: Promise<PoolStats | null> | null = null;
    const once = () => (last ??= read().finally(() => setImmediate(() => (last = null))));
    this.gauge('db_pool_connections', 'PostgreSQL pool connections by state (in_use, idle)', ['state'], async (g) => {
      const s = await once();
      if (!s) return;
      g.set({ state: 'in_use' }, s.total - s.idle);
      g.set({ state: 'idle' }, s.idle);
    });
    this.gauge('db_pool_waiting_requests', 'Queries waiting for a PostgreSQL pool connection', [], async (g) => {
      const s = await once();
      if (s) g.set(s.waiting);
    });
  }

  /** Prometheus text of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * A gauge read at each scrape. A read that fails (PostgreSQL or Redis down) leaves the gauge without
   * a value for that scrape instead of failing the whole scrape.
   */
  private gauge(name: string, help: string, labelNames: string[], read: (g: Gauge) => void | Promise<void>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          await read(this);
        } catch {
          this.reset();
        }
      },
    });
  }
}
