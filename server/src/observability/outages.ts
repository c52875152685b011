import type { Logger } from 'pino';

/** The dependencies whose loss answers 503 (search: an external engine, Meilisearch). */
export type Dependency = 'postgres' | 'redis' | 'search';

/** Per dependency: a cheap check that it answers (`select 1`, `PING`, the engine's emptiness). */
export type DependencyProbes = Record<Dependency, () => Promise<unknown>>;

/** How often a dependency that is down is probed, to hear when it is back. */
const PROBE_EVERY_MS = 2000;
/** A probe that takes longer than this counts as failed. */
const PROBE_TIMEOUT_MS = 1500;

/** ioredis's own errors, by name or message (PostgreSQL's errors are told by their codes and messages). */
const REDIS_ERROR = /MaxRetriesPerRequest|Stream isn't writeable|Connection is closed|redis/i;

/**
 * Which dependency an unavailability error (common/unavailable.ts) came from: the meilisearch
 * client's errors are the search engine's, ioredis's errors and a refused connection to the Redis
 * port are Redis's, everything else PostgreSQL's (its connection errors, SQL states 08xxx/57P0x, the
 * pool's timeouts).
 */
export function dependencyOf(err: unknown, redisPort: number): Dependency {
  for (let e = err as { name?: unknown; message?: unknown; port?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.name === 'string' && e.name.startsWith('Meilisearch')) return 'search';
    if (typeof e.name === 'string' && REDIS_ERROR.test(e.name)) return 'redis';
    if (typeof e.message === 'string' && REDIS_ERROR.test(e.message)) return 'redis';
    if (e.port === redisPort) return 'redis';
    e = (Array.isArray(e.errors) ? e.errors[0] : e.cause) as typeof e;
  }
  return 'postgres';
}

/**
 * Outages of PostgreSQL and Redis as the log tells them (docs/faults.md): the first request answered
 * 503 because a dependency is unreachable logs one warning (no stack: nothing of ours failed), every
 * such request after it only counts (`dependency_unavailable_total`); meanwhile the dependency is
 * probed every 2 s, and its return is logged once (with how long it was away). The next failure after
 * that is a new outage.
 */
export class DependencyOutages {
  private readonly down = new Map<Dependency, { since: number; requests: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly probes: DependencyProbes,
    private readonly log: Logger,
    private readonly redisPort: number,
    /** Counts each request answered 503 (the metric), by dependency. */
    private readonly count: (dependency: Dependency) => void = () => undefined,
  ) {}

  /** A request (or socket) was answered 503 because of `err`, an unavailability error. */
  unavailable(err: unknown): void {
    this.noticed(dependencyOf(err, this.redisPort), err);
  }

  /** `dependency` did not answer (`err`): a request answered 503, or a readiness check. */
  noticed(dependency: Dependency, err: unknown): void {
    this.count(dependency);
    const outage = this.down.get(dependency);
    if (outage) {
      outage.requests++;
      return;
    }
    this.log.warn({ dependency, err: errorMessage(err) }, `${dependency} is unavailable: requests that need it answer 503 until it is back`);
    const timer = setInterval(() => void this.probe(dependency), PROBE_EVERY_MS);
    timer.unref();
    this.down.set(dependency, { since: Date.now(), requests: 1, timer });
  }

  /** The dependencies in an outage now. */
  current(): Dependency[] {
    return [...this.down.keys()];
  }

  private async probe(dependency: Dependency): Promise<void> {
    const outage = this.down.get(dependency);
    if (!outage) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS)));
    try {
      await Promise.race([this.probes[dependency](), timeout]);
    } catch {
      return;
    } finally {
      clearTimeout(timer);
    }
    if (this.down.get(dependency) !== outage) return;
    clearInterval(outage.timer);
    this.down.delete(dependency);
    this.log.info({ dependency, seconds: Math.round((Date.now() - outage.since) / 1000), requests: outage.requests }, `${dependency} is available again`);
  }

  /** Stops the probes (the process is closing). */
  close(): void {
    for (const outage of this.down.values()) clearInterval(outage.timer);
    this.down.clear();
  }
}

function errorMessage(err: unknown): string {
  const e = err as { message?: unknown; errors?: Array<{ message?: unknown }> };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(e?.errors?.[0]?.message ?? err);
  return message.slice(0, 300);
}
