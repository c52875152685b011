import { Redis } from 'ioredis';
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

export function createRedisClients(config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>): RedisClients {
  const common = { lazyConnect: false, enableOfflineQueue: true };
  const cmd = new Redis(config.REDIS_URL, { ...common, keyPrefix: `${config.REDIS_PREFIX}:` });
  const pub = new Redis(config.REDIS_URL, common);
  const sub = new Redis(config.REDIS_URL, common);
  const bull = new Redis(config.REDIS_URL, { ...common, maxRetriesPerRequest: null });
  const all = [cmd, pub, sub, bull];
  for (const c of all) c.on('error', () => {}); // reported through /readyz and failing calls, not as crashes
  return {
    cmd,
    pub,
    sub,
    bull,
    async close() {
      await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
