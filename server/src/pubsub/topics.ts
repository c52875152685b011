/**
 * THE registry of live topics (docs/architecture.md#live-events). Every live event travels on one of
 * these: its payload type, what keys its channel (one user, one order, one conversation) and how it
 * is delivered are declared once, here. Publishing and subscribing take a topic name of this object,
 * so a typo or a payload that drifts from what subscribers read does not compile.
 *
 * Delivery:
 * - `outbox`: written in the transaction of the change (`addOutboxEvent`) and published by the outbox
 *   relay after commit (the writing process's relay right after its commit), never by a service. Nothing is published for a rolled-back change and a crash
 *   between commit and publish loses nothing. The payload carries the subscriber's `position`, so a
 *   client that reconnects fetches what it missed ("after position N") and drops a repeated delivery.
 * - `direct`: published by the service at once. Only for events whose loss is harmless; the registry
 *   says why for each.
 */

/** What a topic's channel is keyed by: one channel per user, per order or per conversation. */
export type TopicKey = 'user' | 'order' | 'conversation';

export type Delivery = { via: 'outbox' } | { via: 'direct'; lossIsHarmlessBecause: string };

interface TopicSpec {
  /** Channel prefix: the Redis channel is `<REDIS_PREFIX>:<channel>:<key>`. */
  channel: string;
  key: TopicKey;
  delivery: Delivery;
}

/** A declared topic; `payload` is a type-level marker only (never set). */
export type LiveTopic<P, S extends TopicSpec = TopicSpec> = S & { readonly payload?: P };

/** A topic delivered through the outbox: its payload must carry the subscriber's position. */
function outboxTopic<P extends { position: string }>() {
  return <S extends TopicSpec & { delivery: { via: 'outbox' } }>(spec: S): LiveTopic<P, S> => spec;
}

/** A topic published directly by the service: its loss must be harmless (say why). */
function directTopic<P>() {
  return <S extends TopicSpec & { delivery: { via: 'direct' } }>(spec: S): LiveTopic<P, S> => spec;
}

/** Something that happened to the viewer's account (PASSWORD_CHANGED, SETTINGS_CHANGED, ...). */
export interface AccountEventMessage {
  type: string;
  /** ISO time of the change. */
  at: string;
}

/** An order of the user changed, with the user's own view of it, built in the change's transaction. */
export interface OrderEventMessage {
  orderId: string;
  type: 'created' | 'status_changed' | 'invoice_made';
  /** The user's live position at this change (per-user positions, pubsub/positions.ts). */
  position: string;
  /** The order as this user sees it after the change (the orders module's view, as JSON). */
  order: Record<string, unknown>;
}

/** Something happened in one of the user's conversations, with what the user is shown of it, read in the change's transaction. */
export interface ChatEventMessage {
  type: 'message' | 'edited' | 'read' | 'quote_ordered' | 'quote_withdrawn' | 'bid_changed' | 'played';
  conversationId: string;
  messageId: string | null;
  /** Who sent, edited, read or answered. */
  actorId: string;
  readPosition: string | null;
  /** The conversation's live position at this change (per-conversation positions, pubsub/positions.ts). */
  position: string;
  /** The other participant of the conversation. */
  otherUserId: string;
  /** The message as it is after the change (the chat module's message row), or null for a read. */
  message: Record<string, unknown> | null;
  /** This user's unread messages: [in this conversation, in all conversations]. */
  unread: [number, number];
}

/** A requirement the user posted or was matched with changed, with the user's own view of it, built in the change's transaction. */
export interface RfqEventMessage {
  type: 'created' | 'matched' | 'quoted' | 'declined' | 'closed' | 'fulfilled';
  rfqId: string;
  /** The user's live position at this change (per-user positions, pubsub/positions.ts). */
  position: string;
  /** The requirement as this user sees it after the change (the requirements module's view, as JSON). */
  rfq: Record<string, unknown>;
}

/** The other participant of a conversation is typing (a hint that lasts a few seconds). */
export interface ChatTypingMessage {
  conversationId: string;
  /** Who is typing. */
  userId: string;
  /** ISO time it was sent. */
  at: string;
}

export const LIVE_TOPICS = {
  /** `accountEvents`: the account's own screens refresh what they show. */
  accountEvents: directTopic<AccountEventMessage>()({
    channel: 'account',
    key: 'user',
    delivery: {
      via: 'direct',
      lossIsHarmlessBecause:
        'an account event only tells open screens to re-read the account (me), which a reconnecting client does anyway; ' +
        'the events that end access (password change, deletion) also end the sessions, which closes the sockets (4401) whether or not the event arrives',
    },
  }),
  /** `orderEvents`: the viewer's orders as buyer and as seller (docs/product.md#orders). */
  orderEvents: outboxTopic<OrderEventMessage>()({ channel: 'orders', key: 'user', delivery: { via: 'outbox' } }),
  /**
   * `chatEvents`: every conversation of the viewer on one per-user channel; positions are per
   * conversation (a subscriber tells repeats apart by conversation and position).
   */
  chatEvents: outboxTopic<ChatEventMessage>()({ channel: 'chat', key: 'user', delivery: { via: 'outbox' } }),
  /**
   * `rfqEvents`: the viewer's requirements as buyer (a new quote) and as seller (a new match, the
   * requirement closed or fulfilled) (docs/product.md#buy-requirements).
   */
  rfqEvents: outboxTopic<RfqEventMessage>()({ channel: 'rfqs', key: 'user', delivery: { via: 'outbox' } }),
  /** `chatTyping`: the other participant is typing, to the recipient's channel. */
  chatTyping: directTopic<ChatTypingMessage>()({
    channel: 'chat-typing',
    key: 'user',
    delivery: {
      via: 'direct',
      lossIsHarmlessBecause: 'a typing hint shows for a few seconds and changes nothing; a lost one only means the hint does not show',
    },
  }),
} as const;

export type LiveTopicName = keyof typeof LIVE_TOPICS;
export type PayloadOf<T extends LiveTopicName> = NonNullable<(typeof LIVE_TOPICS)[T]['payload']>;
/** Topics a service may publish at once. */
export type DirectTopicName = { [K in LiveTopicName]: (typeof LIVE_TOPICS)[K]['delivery']['via'] extends 'direct' ? K : never }[LiveTopicName];
/** Topics only the outbox relay publishes, after commit. */
export type OutboxTopicName = Exclude<LiveTopicName, DirectTopicName>;

/** One live message the relay publishes for a committed outbox event. */
export type LiveMessage = { [K in OutboxTopicName]: { topic: K; key: string; payload: PayloadOf<K> } }[OutboxTopicName];

/** Builds a typed live message (for an outbox route's `live` destination). */
export function liveMessage<T extends OutboxTopicName>(topic: T, key: string, payload: PayloadOf<T>): LiveMessage {
  return { topic, key, payload } as LiveMessage;
}

/** The channel of one key of a topic (without the deployment's prefix). */
export function channelOf(topic: LiveTopicName, key: string): string {
  return `${LIVE_TOPICS[topic].channel}:${key}`;
}
