import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { RedisClients } from '../app/redis.js';
import type { Orm } from '../db/orm.js';
import type { Queues } from '../queue/queues.js';
import { OutboxEvent } from './outbox-event.entity.js';

/** Which queue each outbox topic goes to. */
export type TopicRoutes = Record<string, string>;

/**
 * Adds an event to the outbox inside the caller's unit of work: it is committed with the change
 * it describes, or not at all.
 */
export function addOutboxEvent(em: EntityManager, topic: string, payload: Record<string, unknown>): OutboxEvent {
  const event = em.create(OutboxEvent, { topic, payload });
  em.persist(event);
  return event;
}

/**
 * Moves committed outbox events to their BullMQ queues. The job id is the event id, so an event
 * relayed twice (a crash after enqueue, before marking) is still one job. Polls, and wakes at once
 * when a process publishes a nudge after a commit.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly channel: string;

  constructor(
    private readonly orm: Orm,
    private readonly queues: Queues,
    private readonly redis: RedisClients,
    private readonly routes: TopicRoutes,
    private readonly log: Logger,
    prefix: string,
    private readonly pollMs = 1000,
  ) {
    this.channel = `${prefix}:outbox:nudge`;
  }

  /** Tells every relay (in any process) that new events were committed. */
  async nudge(): Promise<void> {
    await this.redis.pub.publish(this.channel, '1').catch(() => undefined);
  }

  async start(): Promise<void> {
    this.stopped = false;
    const sub = this.redis.sub;
    await sub.subscribe(this.channel);
    sub.on('message', (channel) => {
      if (channel === this.channel) this.kick();
    });
    this.schedule();
    this.kick();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.kick();
      this.schedule();
    }, this.pollMs);
  }

  /** Runs a relay pass now, or right after the current one. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((err: Error) => this.log.warn({ err: err.message }, 'outbox relay pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Relays every pending event; returns how many. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.relayBatch(100);
      total += n;
      if (n < 100) return total;
    }
  }

  private async relayBatch(limit: number): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const events = await tx.find(
        OutboxEvent,
        { dispatchedAt: null },
        { orderBy: { id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE /* skip rows another relay holds */ },
      );
      for (const event of events) {
        const queue = this.routes[event.topic];
        if (queue) {
          await this.queues.queue(queue).add(event.topic, { eventId: event.id, ...event.payload }, { jobId: event.id });
        } else {
          this.log.warn({ topic: event.topic }, 'outbox event without a route; marked done');
        }
        event.dispatchedAt = new Date();
      }
      return events.length;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
