import type { Message } from '../common/message.js';
import type { OutboxTopic, Payload } from './outbox-topic.js';

/** What a notice is about; preferences are kept per kind (docs/product.md#notifications). */
export const NOTICE_KINDS = ['order', 'message', 'quote', 'requirement'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** One thing one user should hear of, as the module that owns the event words it. */
export interface NoticeDraft {
  userId: string;
  kind: NoticeKind;
  /** Goes through quiet hours (a new order, a payment) unless the user turned that off. */
  urgent: boolean;
  /** What it is about (a conversation, an order): a read there clears it, a burst there is bundled. */
  scope: string;
  /** Its place in the scope (a message's position): a read up to here clears it. */
  scopePosition?: string;
  /** Who caused it (a burst names how many people). */
  actorId?: string;
  title: Message;
  /** Words of ours (a message), or what a user wrote (a chat message's text), shown as it is. */
  body: Message | string;
  /** The screen it opens (a path of the web app). */
  url: string;
  /** Unique per user and thing (an event id, a message id): a retried job adds it once. */
  ref: string;
}

/** A read in the app: the user's notices of the scope (up to the position, when given) are not sent. */
export interface NoticeClear {
  userId: string;
  scope: string;
  upTo?: string;
}

/**
 * A module's notifiable event, declared next to its live topic (`notifiableOf(orderChanged, ...)` in the module's
 * descriptor): which notices a committed event makes, and which it clears. The notifications module decides who
 * gets each on which channel, and when.
 */
export interface Notifiable<T extends OutboxTopic = OutboxTopic> {
  topic: T;
  notices(payload: Payload<T>): NoticeDraft[];
  clears?(payload: Payload<T>): NoticeClear[];
}

export function notifiableOf<T extends OutboxTopic>(topic: T, spec: Omit<Notifiable<T>, 'topic'>): Notifiable {
  return { topic, ...spec } as unknown as Notifiable;
}
