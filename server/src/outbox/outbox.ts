import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.js';
import { currentTraceparent, inSpanAfter } from '../observability/trace.js';
import type { RelayPublisher } from '../pubsub/pubsub.js';
import type { Queues } from '../queue/queues.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { OutboxRoutes, type TopicRoutes } from './outbox-routes.js';
import type { OutboxTopic, PayloadIn } from './outbox-topic.js';

export { DuplicateRouteError, OutboxRoutes, routeOf, type OutboxDestination, type TopicRoutes } from './outbox-routes.js';
export { isoTime, jobDataOf, outboxTopic, type OutboxTopic, type Payload, type PayloadIn } from './outbox-topic.js';

/** The PostgreSQL channel a trigger on outbox_events notifies at every commit that added events. */
export const OUTBOX_NOTIFY_CHANNEL = 'outbox_events';

/** An outbox event as its relay handles it: its id, topic and payload, and its writer's trace (tracing on). */
export interface WrittenEvent {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  traceContext?: string | null;
}

/** The events each open unit of work (a transaction's entity manager) has written, until it ends. */
const written = new WeakMap<object, WrittenEvent[]>();

function noteWritten(em: object, event: WrittenEvent): void {
  const list = written.get(em);
  if (list) list.push(event);
  else written.set(em, [event]);
}

/**
 * Adds an event of a declared topic to the outbox inside the caller's unit of work: it is committed
 * with the change it describes, or not at all. Its commit wakes the relays (a trigger NOTIFYs them),
 * and the writing process publishes its live messages at once, before the caller answers (see
 * OutboxRelay). The payload is stored as JSON (a Date as its ISO text, which the topic's schema
 * parses back).
 */
export function addOutboxEvent<T extends OutboxTopic>(em: EntityManager, topic: T, payload: PayloadIn<T>): OutboxEvent {
  const event = em.create(OutboxEvent, { topic: topic.name, payload: { ...payload } });
  em.persist(event);
  noteWritten(em, event);
  return event;
}

/**
 * Notes an event of `topic` its writer inserted into outbox_events with its own SQL, in the
 * transaction of `em` (in the statement that makes the change, say): it is published at commit as
 * addOutboxEvent's are.
 */
export function addWrittenOutboxEvent<T extends OutboxTopic>(em: EntityManager, topic: T, event: { id: string; payload: PayloadIn<T> }): void {
  noteWritten(em, { id: event.id, topic: topic.name, payload: event.payload, traceContext: currentTraceparent() });
}

export interface OutboxRelayOptions {
  /** Publishes live messages (an api process's relay); without it, live destinations fail the pass. */
  live?: RelayPublisher;
  /** The database to LISTEN on for commits (without it, nudges and the poll only). */
  listenUrl?: string;
  pollMs?: number;
}

/** How long after a commit NOTIFY the claiming pass runs (see kickSoon). */
const COMMIT_PASS_DELAY_MS = 20;

/**
 * How long a relayed event is kept (to look into what happened) before a relay deletes it: events
 * carry what their subscribers are shown, which must not outlive its purpose.
 */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

/** How many events published at commit a relay remembers, so its claiming pass does not publish them again. */
const PUBLISHED_AT_COMMIT = 10_000;

/**
 * How long the writer of an event waits for its live publish before it answers anyway (Redis slow
 * or down: the relay's claiming pass publishes the event later).
 */
const PUBLISH_AT_COMMIT_WAIT_MS = 200;

/**
 * Moves committed outbox events to their destinations: BullMQ queues (the job id is the event id, so
 * an event relayed twice is still one job) and live subscribers through Redis pub/sub (a repeated
 * publish carries the same position, which subscribers deliver once). An event is claimed, delivered
 * and marked in one transaction: a relay that dies before its commit leaves the event for the next.
 * Woken at once by PostgreSQL NOTIFY when a transaction with events commits (any process), by a
 * nudge, and by a slow poll as a safety net. Live messages go out before the claiming pass (which
 * then skips them; were this relay to die in between, the next pass publishes them again, with the
 * same positions), on the first of two paths:
 * - the writing process publishes the events of its own transaction right after the commit,
 *   before its request answers (an ORM commit hook), so the other party hears of a change no later
 *   than its author hears the answer;
 * - every relay publishes the event its commit notification carries (a write from another process,
 *   or a writer that died after its commit).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly channel: string;
  private readonly routes: OutboxRoutes;
  private listener: pg.Client | null = null;
  private listenRetry: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  /** When this relay last pruned relayed events (0: at its first poll). */
  private prunedAt = 0;
  /**
   * Events whose live messages this relay publishes (the publish, while under way) or published (`true`) at
   * commit, once each; an event another relay claims stays until PUBLISHED_AT_COMMIT newer ones push it out.
   */
  private readonly publishedAtCommit = new Map<string, Promise<boolean> | true>();
  /** Whether the commit hook is registered (once per relay: the ORM's subscribers cannot be removed). */
  private hooked = false;
  private readonly onNudge = (channel: string) => {
    if (channel === this.channel) this.kick();
  };

  constructor(
    private readonly orm: Orm,
    private readonly queues: Queues,
    private readonly redis: { pub: Redis; sub: Redis },
    routes: OutboxRoutes | TopicRoutes,
    private readonly log: Logger,
    prefix: string,
    private readonly opts: OutboxRelayOptions = {},
  ) {
    this.channel = `${prefix}:outbox:nudge`;
    this.routes = routes instanceof OutboxRoutes ? routes : new OutboxRoutes().addAll('app', routes);
  }

  /** Tells every relay (in any process) that new events were committed (NOTIFY already does). */
  async nudge(): Promise<void> {
    await this.redis.pub.publish(this.channel, '1').catch(() => undefined);
  }

  /**
   * Publishes the live messages of the events this process writes right after their commit, before
   * the writer answers (api and worker processes; the claiming pass and notifications are the
   * worker's). Idempotent.
   */
  publishAtCommit(): void {
    if (!this.opts.live || this.hooked) return;
    this.hooked = true;
    this.orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: ({ em, transaction }) => this.afterCommit(em, transaction),
      afterTransactionRollback: ({ em, transaction }) => {
        if (!transaction?.savepointName) written.delete(em);
      },
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.redis.sub.subscribe(this.channel);
    this.redis.sub.off('message', this.onNudge);
    this.redis.sub.on('message', this.onNudge);
    await this.listen();
    this.schedule();
    this.kick();
  }

  /** LISTENs for commits of outbox events; reconnects after a second when the connection drops. */
  private async listen(): Promise<void> {
    if (!this.opts.listenUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.listenUrl });
    const retry = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (err) this.log.warn({ err: err.message }, 'outbox listener lost; polling until it reconnects');
      if (!this.stopped) this.listenRetry = setTimeout(() => void this.listen(), 1000);
    };
    this.listener = client;
    client.on('error', retry);
    client.on('end', () => retry());
    client.on('notification', (n) => {
      if (!n.payload) return this.kickSoon();
      void this.publishNotified(n.payload).then((claimSoon) => claimSoon && this.kickSoon());
    });
    try {
      await client.connect();
      await client.query(`listen "${OUTBOX_NOTIFY_CHANNEL}"`);
      this.kick(); // events committed while the listener was away
    } catch (err) {
      retry(err as Error);
    }
  }

  /**
   * The commit hook: publishes the live messages of the events the committed unit of work wrote,
   * and waits (a moment at most) for Redis to take them, so the writer answers after its publish.
   * Never throws: the change is committed, and a failed publish is the claiming pass's to repeat.
   * A savepoint's events are left to the notification path.
   */
  private async afterCommit(em: object, transaction: { savepointName?: string } | undefined): Promise<void> {
    if (transaction?.savepointName) return;
    const events = written.get(em);
    if (!events) return;
    written.delete(em);
    await this.publishCommitted(events);
  }

  /**
   * Publishes the live messages of events that have just committed, and waits (a moment at most) for
   * Redis to take them: the commit hook's work, also for a writer whose change and events were one
   * statement of their own (committed without a transaction). Never throws. Only in a process that
   * publishes at commit (publishAtCommit).
   */
  async publishCommitted(events: WrittenEvent[]): Promise<void> {
    if (!this.hooked) return; // this process leaves publishing to the notification path
    let timer: NodeJS.Timeout | undefined;
    const wait = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_AT_COMMIT_WAIT_MS)));
    await Promise.race([Promise.all(events.map((e) => this.publishOnce(e))), wait]);
    clearTimeout(timer);
  }

  /**
   * Publishes the live messages of an event its commit notification carried (at-least-once, as ever).
   * Answers whether the claiming pass should come soon: for an event with a job to enqueue, or whose
   * publish failed. An event that only had live messages, now out, is left marked pending for the
   * next poll: a pass a moment after every commit would cost each write a claiming transaction.
   */
  private async publishNotified(notification: string): Promise<boolean> {
    try {
      const event = JSON.parse(notification) as WrittenEvent;
      const published = await inSpanAfter(event.traceContext, `outbox.publish ${event.topic}`, { 'outbox.event_id': event.id }, () => this.publishOnce(event));
      if (!published && this.routes.liveMessages(event).length) return true;
      return this.routes.queuesFor(event).length > 0;
    } catch (err) {
      this.log.debug({ err: (err as Error).message }, 'outbox notification not read');
      return true;
    }
  }

  /**
   * Publishes a committed event's live messages once in this relay, whichever path comes first (the
   * other waits for the same publish), and once across processes (the publisher's marker); answers
   * whether they went out (here or elsewhere). A failed publish is forgotten: the claiming pass
   * publishes it.
   */
  private publishOnce(event: WrittenEvent): Promise<boolean> {
    const live = this.opts.live;
    const known = this.publishedAtCommit.get(event.id);
    if (known === true) return Promise.resolve(true);
    if (known) return known;
    const messages = this.routes.liveMessages(event);
    if (!live || !messages.length) return Promise.resolve(false);
    const publishing: Promise<boolean> = live.publishOnce(event.id, messages, currentTraceparent() ?? event.traceContext ?? null).then(
      () => {
        // Remembered as a plain flag once out, not as this promise: a promise keeps the async context it
        // was made in, here the writer's transaction context (its entity manager, with every entity the
        // request loaded), for as long as the event is remembered (issue 31: some 10 MB in 10 minutes of
        // bench/mixed.mjs, and up to PUBLISHED_AT_COMMIT transactions in all).
        if (this.publishedAtCommit.get(event.id) === publishing) this.publishedAtCommit.set(event.id, true);
        return true;
      },
      (err: Error) => {
        this.publishedAtCommit.delete(event.id);
        this.log.debug({ err: err.message }, 'live publish at commit failed');
        return false;
      },
    );
    this.publishedAtCommit.set(event.id, publishing);
    if (this.publishedAtCommit.size > PUBLISHED_AT_COMMIT) this.publishedAtCommit.delete(this.publishedAtCommit.keys().next().value!);
    return publishing;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.kick();
      if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        this.prune().catch((err: Error) => this.log.warn({ err: err.message }, 'outbox prune failed'));
      }
      this.schedule();
    }, this.opts.pollMs ?? 1000);
  }

  /**
   * Deletes relayed events older than OUTBOX_KEEP_MS (ids are UUIDv7, so "older" is a range of the
   * primary key), in batches; pending events stay whatever their age. Answers how many went.
   */
  async prune(now = Date.now()): Promise<number> {
    const before = uuidv7({ msecs: now - OUTBOX_KEEP_MS });
    let total = 0;
    for (;;) {
      const [row] = await this.orm.em.fork().execute<Array<{ n: number }>>(
        `with gone as (delete from outbox_events where id in
           (select id from outbox_events where id < ? and dispatched_at is not null order by id limit 5000) returning 1)
         select count(*)::int as n from gone`,
        [before],
      );
      total += row?.n ?? 0;
      if ((row?.n ?? 0) < 5000) return total;
    }
  }

  /**
   * A pass a moment after a commit whose events need one (see publishNotified): the live messages
   * went out with the notification already, and
   * the pass (database work, queue jobs and the work they start) would compete with their delivery;
   * one pass serves every commit of that moment.
   */
  private kickSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.kick();
    }, COMMIT_PASS_DELAY_MS);
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
      // Claims and marks in one statement (rows another relay holds are skipped); the marking only
      // commits after every destination took the events.
      const events = await tx.execute<WrittenEvent[]>(
        `update outbox_events set dispatched_at = now()
          where id in (select id from outbox_events where dispatched_at is null order by id limit ? for update skip locked)
          returning id, topic, payload, trace_context as "traceContext"`,
        [limit],
      );
      events.sort((a, b) => (a.id < b.id ? -1 : 1));
      const live: Array<Promise<unknown>> = [];
      const jobs: Array<() => Promise<unknown>> = [];
      for (const event of events) {
        if (!this.routes.destinations(event.topic).length) this.log.warn({ topic: event.topic }, 'outbox event without a route; marked done');
        // Each event's relaying in a span of its writer's trace (tracing on): its job carries it on.
        const relaying = <T>(work: () => T) => inSpanAfter(event.traceContext, `outbox.relay ${event.topic}`, { 'outbox.event_id': event.id }, work);
        for (const queue of this.routes.queuesFor(event)) {
          jobs.push(() => relaying(() => this.queues.queue(queue).add(event.topic, { eventId: event.id, ...event.payload }, { jobId: event.id })));
        }
        if (!this.routes.hasLive(event.topic)) continue;
        const publisher = this.opts.live;
        if (!publisher) throw new Error(`outbox topic '${event.topic}' has a live route but this relay cannot publish`);
        // Published at commit (or being published) here: only a failed publish is repeated, and only
        // then are its messages built. One published by another process is not published again (its marker).
        const atCommit = this.publishedAtCommit.get(event.id);
        if (atCommit === true) continue;
        const publish = () =>
          relaying(() => {
            const messages = this.routes.liveMessages(event);
            return messages.length ? publisher.publishOnce(event.id, messages, currentTraceparent() ?? event.traceContext ?? null) : undefined;
          });
        live.push(atCommit ? atCommit.then((sent) => (sent ? undefined : publish())) : Promise.resolve(publish()));
      }
      // Live first (one Redis connection keeps their order), then the queue jobs.
      await Promise.all(live);
      for (const job of jobs) await job();
      for (const event of events) this.publishedAtCommit.delete(event.id);
      return events.length;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.listenRetry) clearTimeout(this.listenRetry);
    if (this.soon) clearTimeout(this.soon);
    this.redis.sub.off('message', this.onNudge);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.running;
  }
}
