import type { LiveMessage, OutboxTopicName } from '../pubsub/topics.js';
import type { OutboxTopic, Payload, PayloadSchema } from './outbox-topic.js';

/** A BullMQ queue an event goes to (job name = topic, job id = event id, data = the event id and payload). */
export interface QueueDestination<P = Record<string, unknown>> {
  queue: string;
  /** Which events get a job (all when left out): a job that would do nothing is not made. */
  when?: (payload: P) => boolean;
}

/** Live subscribers an event goes to: the messages a live topic of the registry gets for it. */
export interface LiveDestination<P = Record<string, unknown>> {
  live: OutboxTopicName;
  /** The live messages of one event (one per party, say); built from the committed payload. */
  messages: (payload: P) => LiveMessage[];
}

/** Where a committed outbox event goes: a BullMQ queue, or live subscribers. */
export type OutboxDestination<P = Record<string, unknown>> = QueueDestination<P> | LiveDestination<P>;

/** The routes of a declared topic: its destinations see its payload parsed by its schema. */
export interface TopicRoute {
  topic: OutboxTopic;
  destinations: Array<string | OutboxDestination<never>>;
}

/** Routes a declared topic's committed events to queues (by name, or with `when`) and live destinations. */
export function routeOf<T extends OutboxTopic>(topic: T, ...destinations: Array<string | OutboxDestination<Payload<T>>>): TopicRoute {
  return { topic, destinations: destinations as TopicRoute['destinations'] };
}

/**
 * What a module declares: the routes of its declared topics (`routeOf`), or, per topic name, a queue
 * name or destinations of the raw payload (any number).
 */
export type TopicRoutes = TopicRoute[] | Record<string, string | OutboxDestination | Array<string | OutboxDestination>>;

/** Two registrations of one route (the same topic to the same queue or live topic): a start-up error. */
export class DuplicateRouteError extends Error {}

const destinationName = (d: OutboxDestination<never>) => ('queue' in d ? `queue ${d.queue}` : `live topic ${d.live}`);

interface Registered {
  destination: OutboxDestination<never>;
  owner: string;
  /** The schema its payload is parsed with first (a declared topic's), or none: the raw payload. */
  schema: PayloadSchema | null;
}

/** An event as a route reads it. */
interface RoutedEvent {
  topic: string;
  payload: Record<string, unknown>;
}

/** Every outbox route of the app, checked once at start-up. */
export class OutboxRoutes {
  private readonly byTopic = new Map<string, Registered[]>();
  /** Each event's payload parsed once per schema (an event object is read by several routes). */
  private readonly parsed = new WeakMap<RoutedEvent, Map<PayloadSchema, unknown>>();

  /** Routes of every module; throws DuplicateRouteError when two registrations name one route. */
  static fromModules(modules: ReadonlyArray<{ name: string; topics?: TopicRoutes }>): OutboxRoutes {
    const routes = new OutboxRoutes();
    for (const m of modules) routes.addAll(m.name, m.topics ?? {});
    return routes;
  }

  addAll(owner: string, topics: TopicRoutes): this {
    if (Array.isArray(topics)) for (const r of topics) this.add(owner, r.topic.name, r.destinations, r.topic.schema);
    else for (const [topic, spec] of Object.entries(topics)) this.add(owner, topic, spec);
    return this;
  }

  add(owner: string, topic: string, spec: string | OutboxDestination<never> | Array<string | OutboxDestination<never>>, schema: PayloadSchema | null = null): this {
    for (const item of Array.isArray(spec) ? spec : [spec]) {
      const destination: OutboxDestination<never> = typeof item === 'string' ? { queue: item } : item;
      const list = this.byTopic.get(topic) ?? [];
      const clash = list.find((r) => destinationName(r.destination) === destinationName(destination));
      if (clash) {
        throw new DuplicateRouteError(
          `Outbox route registered twice: topic '${topic}' -> ${destinationName(destination)} (by module '${clash.owner}' and by module '${owner}')`,
        );
      }
      list.push({ destination, owner, schema });
      this.byTopic.set(topic, list);
    }
    return this;
  }

  destinations(topic: string): OutboxDestination[] {
    return (this.byTopic.get(topic) ?? []).map((r) => r.destination as OutboxDestination);
  }

  /** The queues that get a job of the event (each queue destination whose `when`, if any, wants it). */
  queuesFor(event: RoutedEvent): string[] {
    const queues: string[] = [];
    for (const r of this.byTopic.get(event.topic) ?? []) {
      const d = r.destination;
      if (!('queue' in d)) continue;
      if (!d.when) queues.push(d.queue);
      else {
        const payload = this.payloadFor(r, event);
        if (payload !== undefined && (d.when as (p: unknown) => boolean)(payload)) queues.push(d.queue);
      }
    }
    return queues;
  }

  /** Whether the event's topic has a live destination at all. */
  hasLive(topic: string): boolean {
    return (this.byTopic.get(topic) ?? []).some((r) => 'live' in r.destination);
  }

  /**
   * The event's live messages (one per party, say). An event whose payload does not fit its topic's
   * schema (written before the shape it has now) has none: a client that reconnects after an upgrade
   * refetches what it missed.
   */
  liveMessages(event: RoutedEvent): LiveMessage[] {
    const messages: LiveMessage[] = [];
    for (const r of this.byTopic.get(event.topic) ?? []) {
      const d = r.destination;
      if (!('live' in d)) continue;
      const payload = this.payloadFor(r, event);
      if (payload !== undefined) messages.push(...(d.messages as (p: unknown) => LiveMessage[])(payload));
    }
    return messages;
  }

  /** The payload as a route reads it: parsed by its topic's schema (undefined when it does not fit), or raw. */
  private payloadFor(r: Registered, event: RoutedEvent): unknown {
    if (!r.schema) return event.payload;
    let bySchema = this.parsed.get(event);
    if (!bySchema) this.parsed.set(event, (bySchema = new Map()));
    if (!bySchema.has(r.schema)) {
      const result = r.schema.safeParse(event.payload);
      bySchema.set(r.schema, result.success ? result.data : undefined);
    }
    return bySchema.get(r.schema);
  }
}
