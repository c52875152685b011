import type { EntityManager } from '@mikro-orm/postgresql';
import { unauthenticated } from '../common/app-error.js';
import type { Message } from '../common/message.js';
import { inSpanAfter } from '../observability/trace.js';
import { LIVE_TOPICS, type LiveTopicName, type PayloadOf } from '../pubsub/topics.js';
import type { Infra } from '../app/infra.js';
import type { GqlContext } from './context.js';

/** What a live subscription uses: the connections it reads and listens on, and the session store it checks. */
export interface LiveDeps {
  infra: Pick<Infra, 'orm' | 'pubSub' | 'metrics'>;
  sessions: { get(sessionId: string | undefined): Promise<{ userId: string } | null> };
}

export interface LiveEventsOptions<T extends LiveTopicName, R> {
  topic: T;
  /** Refusal without a session. */
  refusal: Message;
  /** The channel key; a user-keyed topic defaults to the viewer's own id. */
  key?: string;
  /**
   * What the viewer receives for one message, or null when they may not see it (any more): each
   * event is authorised again. A delivery that must read asks `freshEm()` for an entity manager of
   * its own (none is made otherwise: events that carry what they show read nothing).
   */
  deliver: (userId: string, message: PayloadOf<T>, freshEm: () => EntityManager) => Promise<R | null>;
  /**
   * A message that announces the end of the viewer's sessions (a password change): delivered even
   * though the session is already gone, as the subscription's last event before the socket closes.
   */
  endsSession?: (message: PayloadOf<T>) => boolean;
}

/** How many positions a subscription remembers to deliver a repeated publish once. */
const SEEN_POSITIONS = 1000;

/**
 * One live subscription over the topic registry (docs/architecture.md#live-events): refused without
 * a session when it starts, and for every event the session is checked again (a socket knows its
 * session's expiry and hears of its ending, ws/ws-server.ts; one whose session ended or expired is
 * closed with 4401 and delivers nothing more) and `deliver` decides
 * (with a fresh entity manager when it must read). A message with a position already delivered (the
 * relay may publish an event twice) is delivered once.
 *
 * A hand-written iterator, not an async generator: a generator waiting for the next message cannot be
 * ended until one arrives, so a closed subscription would keep its Redis channel. `return` here ends
 * the source at once.
 */
export async function liveEvents<T extends LiveTopicName, R>(gql: GqlContext<LiveDeps>, opts: LiveEventsOptions<T, R>): Promise<AsyncIterableIterator<R>> {
  const { ctx, services } = gql;
  const viewer = ctx.viewer;
  // Refused when the subscription starts (not at its first event), so the refusal keeps its code.
  if (!viewer || !(await sessionAlive(gql))) throw unauthenticated(opts.refusal);
  const key = opts.key ?? (LIVE_TOPICS[opts.topic].key === 'user' ? viewer.userId : null);
  if (!key) throw new Error(`live topic ${opts.topic} needs a key`);
  // An event that must read does so with a fresh entity manager of its own (the socket's context keeps none).
  const freshEm = () => services.infra.orm.em.fork();
  const source = services.infra.pubSub.subscribe(opts.topic, key);
  const seen = new Set<string>();
  const delivered = services.infra.metrics.liveDelivered.labels({ topic: opts.topic });
  let ending = false;
  const end = async (): Promise<IteratorResult<R>> => {
    await source.return?.();
    return { done: true, value: undefined };
  };
  /** The session is gone: nothing more is delivered and the socket closes (4401). */
  const sessionGone = (): Promise<IteratorResult<R>> => {
    gql.socket?.sessionEnded();
    return end();
  };
  const iterator: AsyncIterableIterator<R> = {
    async next(): Promise<IteratorResult<R>> {
      if (ending) return sessionGone();
      for (;;) {
        const { done, value: message } = await source.next();
        if (done) return { done: true, value: undefined };
        const position = repeatKey(message);
        if (position !== null && seen.has(position)) continue;
        // Both checks at once (the value is dropped unless the session is alive).
        const [alive, value] = await Promise.all([
          sessionAlive(gql),
          // In the trace of the change that published it (tracing on).
          inSpanAfter((message as { traceparent?: unknown }).traceparent, `live.deliver ${opts.topic}`, {}, () => opts.deliver(viewer.userId, message, freshEm)),
        ]);
        if (!alive) {
          if (!opts.endsSession?.(message)) return sessionGone();
          ending = true;
        }
        if (value === null) {
          if (ending) return sessionGone();
          continue;
        }
        if (position !== null) {
          seen.add(position);
          if (seen.size > SEEN_POSITIONS) seen.delete(seen.values().next().value!);
        }
        delivered.inc();
        return { done: false, value };
      }
    },
    return: end,
    async throw(err: unknown) {
      await source.return?.();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * What tells a repeated publish of one event apart: its position, within its conversation when
 * positions are per conversation (one user's channel carries all their conversations).
 */
function repeatKey(message: unknown): string | null {
  const { position, conversationId } = message as { position?: unknown; conversationId?: unknown };
  if (typeof position !== 'string') return null;
  return typeof conversationId === 'string' ? `${conversationId}:${position}` : position;
}

/** The socket's check (which closes it with 4401), or the session store's over HTTP. */
function sessionAlive({ ctx, services, socket }: GqlContext<LiveDeps>): Promise<boolean> {
  if (socket) return socket.sessionAlive();
  return services.sessions.get(ctx.viewer?.sessionId).then((s) => !!s && s.userId === ctx.viewer?.userId);
}
