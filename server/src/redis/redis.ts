import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';

/** The Redis connections of a process: commands (keys under REDIS_PREFIX), pub/sub pair, and BullMQ's. */
export interface RedisClients {
  /** Commands; every key is stored under `${REDIS_PREFIX}:`. */
  cmd: Redis;
  pub: Redis;
  sub: Redis;
  /** BullMQ needs maxRetriesPerRequest null; shared by queues, workers open their own. */
  bull: Redis;
  close(): Promise<void>;
}

/** How often one connection logs the same error while Redis stays down (ioredis retries every few seconds). */
const REPEAT_LOG_MS = 30_000;

/**
 * Logs a connection's errors (an 'error' listener also keeps ioredis from crashing the process):
 * a new error at once, the same one again at most every 30 s, and the recovery.
 */
export function logRedisErrors(client: Redis, log: Logger, name: string): void {
  let last: { message: string; at: number } | null = null;
  client.on('error', (err: Error) => {
    const now = Date.now();
    if (last && last.message === err.message && now - last.at < REPEAT_LOG_MS) return;
    last = { message: err.message, at: now };
    // An outage of a dependency, not a fault of ours: a warning (docs/faults.md).
    log.warn({ redis: name, err: err.message }, 'redis connection error');
  });
  client.on('ready', () => {
    if (!last) return;
    last = null;
    log.info({ redis: name }, 'redis connection restored');
  });
}

/**
 * A Lua script on `client` as a function of its keys (stored under the client's prefix, like any
 * command's) and arguments: sent by its SHA (EVALSHA), its text only when Redis does not have it yet.
 * One script call does in one command what a pipeline would send as many.
 */
export function luaCommand(client: Redis, name: string, lua: string): (keys: string[], args: Array<string | number>) => Promise<unknown> {
  if (!(name in client)) client.defineCommand(name, { lua });
  const run = (client as unknown as Record<string, (...a: Array<string | number>) => Promise<unknown>>)[name]!;
  return (keys, args) => run.call(client, keys.length, ...keys, ...args);
}

export function createRedisClients(config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>, log: Logger): RedisClients {
  const common = { lazyConnect: false, enableOfflineQueue: true };
  // A request's commands (sessions, limits, publishing) fail within a few hundred milliseconds while
  // Redis is down, so the request answers 503 instead of waiting through ioredis's 20 reconnections
  // (reconnection attempts every 50 ms growing to at most 500 ms, each failed one fails the waiting commands).
  const failFast = { ...common, maxRetriesPerRequest: 1, retryStrategy: (times: number) => Math.min(times * 50, 500) };
  const cmd = new Redis(config.REDIS_URL, { ...failFast, keyPrefix: `${config.REDIS_PREFIX}:` });
  const pub = new Redis(config.REDIS_URL, failFast);
  const sub = new Redis(config.REDIS_URL, common);
  const bull = new Redis(config.REDIS_URL, { ...common, maxRetriesPerRequest: null });
  const all = { cmd, pub, sub, bull };
  for (const [name, c] of Object.entries(all)) logRedisErrors(c, log, name);
  return {
    cmd,
    pub,
    sub,
    bull,
    async close() {
      await Promise.all(Object.values(all).map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
