import { createPubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import { currentTraceparent } from '../observability/trace.js';
import { luaCommand } from '../redis/redis.js';
import { channelOf, type DirectTopicName, type LiveMessage, type LiveTopicName, type PayloadOf } from './topics.js';

/**
 * A live message as published: its payload, and (tracing on) the W3C traceparent of the change that made
 * it, which the delivery's span continues (graphql/live.ts). A GraphQL answer selects its fields, so the
 * extra field reaches no client.
 */
function liveJson(payload: object, traceparent: string | null): string {
  return JSON.stringify(traceparent ? { ...payload, traceparent } : payload);
}

/** The two Redis connections pub/sub needs (a subscribed connection can do nothing else). */
export interface PubSubConnections {
  pub: Redis;
  sub: Redis;
}

/**
 * Live events through Redis pub/sub, so a subscriber on any api process hears a publish from any
 * other. Channels are namespaced with REDIS_PREFIX so separate deployments (and test files) on one
 * Redis never hear each other. Only topics of the registry (pubsub/topics.ts) can be used, and only
 * `direct` ones can be published here: outbox topics are published by the relay (`RelayPublisher`).
 */
export class LivePubSub {
  private readonly inner: ReturnType<typeof createPubSub>;

  constructor(
    private readonly redis: PubSubConnections,
    private readonly prefix: string,
  ) {
    this.inner = createPubSub({ eventTarget: createRedisEventTarget({ publishClient: redis.pub, subscribeClient: redis.sub }) });
  }

  /** Publishes a direct-delivery event (its loss is harmless, see the registry). */
  async publish<T extends DirectTopicName>(topic: T, key: string, payload: PayloadOf<T>): Promise<void> {
    await this.redis.pub.publish(this.channel(topic, key), liveJson(payload, currentTraceparent()));
  }

  /** The events of one key of a topic; `return()` unsubscribes at once. */
  subscribe<T extends LiveTopicName>(topic: T, key: string): AsyncIterableIterator<PayloadOf<T>> {
    const source = (this.inner.subscribe as unknown as (channel: string) => AsyncIterable<PayloadOf<T>>)(this.channel(topic, key));
    return source[Symbol.asyncIterator]() as AsyncIterableIterator<PayloadOf<T>>;
  }

  /** The Redis channel of one key of a topic. */
  channel(topic: LiveTopicName, key: string): string {
    return `${this.prefix}:${channelOf(topic, key)}`;
  }
}

/**
 * Sets the event's marker unless it exists and then publishes its messages, atomically: whichever
 * process publishes an event first, the others find the marker and publish nothing.
 */
const PUBLISH_ONCE = `if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  for i = 2, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end
  return 1
end
return 0`;
/** The name PUBLISH_ONCE is defined under on the publishing connection. */
const PUBLISH_ONCE_COMMAND = 'bbPublishOnce';

/**
 * How long the marker of a published event lives: longer than any relay takes to claim the event
 * after its commit. After it, a late relay publishes again (subscribers drop a repeated position).
 */
const PUBLISHED_MARKER_MS = 60_000;

/**
 * Publishes the live messages of committed outbox events: held by the outbox relay only. Each event
 * is published once across processes (a marker per event in Redis, set in the same script as the
 * publish). Resolves once Redis took them, so the relay marks an event done only after its publish.
 */
export class RelayPublisher {
  /** Sent by its SHA (EVALSHA), the script's text only when Redis does not have it yet. */
  private readonly publishScript: ReturnType<typeof luaCommand>;

  constructor(
    pub: Redis,
    private readonly live: LivePubSub,
    private readonly prefix: string,
  ) {
    this.publishScript = luaCommand(pub, PUBLISH_ONCE_COMMAND, PUBLISH_ONCE);
  }

  /**
   * Publishes an event's messages unless some process already did; answers whether this call did.
   * `traceparent`: the trace their deliveries join (tracing on).
   */
  async publishOnce(eventId: string, messages: LiveMessage[], traceparent: string | null = null): Promise<boolean> {
    const args = messages.flatMap((m) => [this.live.channel(m.topic, m.key), liveJson(m.payload, traceparent)]);
    const done = await this.publishScript([`${this.prefix}:outbox:published:${eventId}`], [PUBLISHED_MARKER_MS, ...args]);
    return done === 1;
  }
}
