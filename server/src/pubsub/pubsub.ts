import { createPubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { PubSub } from 'type-graphql';
import type { RedisClients } from '../app/redis.js';

/**
 * Live events through Redis pub/sub, so a subscriber on any api process hears a publish from any
 * other. Topics are namespaced with REDIS_PREFIX so separate deployments (and test files) on one
 * Redis never hear each other.
 */
export function createRedisPubSub(redis: RedisClients, prefix: string): PubSub {
  const eventTarget = createRedisEventTarget({ publishClient: redis.pub, subscribeClient: redis.sub });
  const inner = createPubSub({ eventTarget });
  return {
    publish: (topic: string, ...args: unknown[]) => (inner.publish as (t: string, ...a: unknown[]) => void)(`${prefix}:${topic}`, ...args),
    subscribe: (topic: string, id?: unknown) =>
      (inner.subscribe as unknown as (t: string, id?: unknown) => AsyncIterable<unknown>)(`${prefix}:${topic}`, ...(id === undefined ? [] : [id])),
  };
}
