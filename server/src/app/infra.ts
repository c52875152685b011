import type { Logger } from 'pino';
import type { Clock } from '../common/clock.js';
import type { Config } from '../config/env.js';
import type { Orm } from '../db/orm.js';
import type { Metrics } from '../observability/metrics.js';
import type { OutboxRelay } from '../outbox/outbox.js';
import type { LivePubSub } from '../pubsub/pubsub.js';
import type { Queues } from '../queue/queues.js';
import type { RedisClients } from '../redis/redis.js';

/** The process's connections and clocks, handed to the composition root. */
export interface Infra {
  config: Config;
  log: Logger;
  orm: Orm;
  redis: RedisClients;
  queues: Queues;
  pubSub: LivePubSub;
  relay: OutboxRelay;
  metrics: Metrics;
  clock: Clock;
}
