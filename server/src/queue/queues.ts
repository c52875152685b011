import { Queue, QueueEvents, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import { logRedisErrors, type RedisClients } from '../redis/redis.js';
import { isUnavailable } from '../common/unavailable.js';
import type { Metrics } from '../observability/metrics.js';
import { currentTraceparent, inSpanAfter, tracingOn } from '../observability/trace.js';

/** A job handler; it must be idempotent (BullMQ may run a job again after a crash or a retry). */
export type Processor = (job: Job) => Promise<unknown>;

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * The BullMQ queues of the app. Modules register a processor per queue at start-up; only the
 * worker role runs them.
 */
export class Queues {
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly processors = new Map<string, { fn: Processor; concurrency: number }>();
  private readonly sweeps = new Map<string, { everyMs: number; fn: () => Promise<unknown> }>();
  private readonly sweepTimers: NodeJS.Timeout[] = [];
  private readonly sweeping = new Set<Promise<unknown>>();
  private readonly workers: Worker[] = [];
  /** Connections we opened for workers and queue events; BullMQ leaves given connections open. */
  private readonly owned: Redis[] = [];

  constructor(
    private readonly redis: RedisClients,
    private readonly prefix: string,
    private readonly log: Logger,
    /** Job lock lifetime and stalled-job check interval (QUEUE_STALLED_SECONDS): a dead worker's job runs again after it. */
    private readonly stalledMs = 30_000,
    /** Counts finished jobs (bullmq_jobs_processed_total). */
    private readonly metrics?: Pick<Metrics, 'jobsProcessed'>,
  ) {}

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.redis.bull, prefix: this.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      if (tracingOn()) {
        // A job carries the trace of what queued it (the job's span continues it: startWorkers).
        const add = q.add.bind(q);
        q.add = ((jobName: string, data: Record<string, unknown>, opts?: JobsOptions) => {
          const traceparent = currentTraceparent();
          return add(jobName, traceparent ? { ...data, traceparent } : data, opts);
        }) as typeof q.add;
      }
      // Without a listener BullMQ prints connection errors to the console; the connection logs them already.
      q.on('error', (err) => this.quiet(err, name));
      this.queues.set(name, q);
    }
    return q;
  }

  /** Events of a queue, to wait for a job's result (one Redis connection each, opened on first use). */
  async queueEvents(name: string): Promise<QueueEvents> {
    let e = this.events.get(name);
    if (!e) {
      e = new QueueEvents(name, { connection: this.connection(), prefix: this.prefix });
      e.on('error', (err) => this.quiet(err, name));
      this.events.set(name, e);
      await e.waitUntilReady();
    }
    return e;
  }

  /** A queue's error: Redis being unreachable is logged by the connection (once, then every 30 s); anything else here. */
  private quiet(err: Error, queue: string): void {
    if (!isUnavailable(err)) this.log.error({ queue, err: err.message }, 'queue error');
  }

  private connection(): Redis {
    const c = this.redis.bull.duplicate();
    logRedisErrors(c, this.log, 'bullmq');
    this.owned.push(c);
    return c;
  }

  register(name: string, fn: Processor, concurrency = 4): void {
    this.processors.set(name, { fn, concurrency });
  }

  registeredQueues(): string[] {
    return [...this.processors.keys()];
  }

  /**
   * A sweep: work the worker role does every `everyMs` from the database's own state, for what a
   * job in Redis would otherwise be the only record of (an unpaid order's expiry, a code awaiting
   * delivery): after Redis lost its data (a restart without persistence, a flush) such jobs are gone,
   * and only a pass over PostgreSQL finds their work. A timer in the process, not a BullMQ
   * scheduler, which would be lost with them. Each sweep must be idempotent (every worker runs it).
   */
  registerSweep(name: string, everyMs: number, fn: () => Promise<unknown>): void {
    this.sweeps.set(name, { everyMs, fn });
  }

  /** Starts a BullMQ worker for every registered queue (the worker role). */
  startWorkers(): void {
    for (const [name, { fn, concurrency }] of this.processors) {
      const traced: Processor = (job) => inSpanAfter((job.data as { traceparent?: unknown } | undefined)?.traceparent, `job ${name}`, { 'job.id': job.id ?? '', 'job.name': job.name }, () => fn(job));
      const worker = new Worker(name, tracingOn() ? traced : fn, {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency,
        lockDuration: this.stalledMs,
        stalledInterval: this.stalledMs,
      });
      worker.on('failed', (job, err) => {
        this.metrics?.jobsProcessed.inc({ queue: name, outcome: 'failed' });
        this.log.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed');
      });
      worker.on('completed', () => this.metrics?.jobsProcessed.inc({ queue: name, outcome: 'completed' }));
      worker.on('error', (err) => this.quiet(err, name));
      this.workers.push(worker);
    }
    for (const [name, { everyMs, fn }] of this.sweeps) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        if (running) return; // a pass still going (a slow database): this turn is skipped
        running = fn()
          .catch((err: Error) => (isUnavailable(err) ? this.log.debug({ sweep: name, err: err.message }, 'sweep skipped') : this.log.warn({ sweep: name, err: err.message }, 'sweep failed')))
          .finally(() => {
            this.sweeping.delete(running!);
            running = null;
          });
        this.sweeping.add(running);
      }, everyMs);
      timer.unref();
      this.sweepTimers.push(timer);
    }
  }

  /** Stops the sweeps (waiting for a pass under way), lets active jobs finish, then closes workers, queue events and queues. */
  async close(): Promise<void> {
    for (const timer of this.sweepTimers.splice(0)) clearInterval(timer);
    await Promise.all(this.sweeping);
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.events.values()].map((e) => e.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all(this.owned.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
