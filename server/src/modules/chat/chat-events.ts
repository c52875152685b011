/** Outbox topic of every chat change (a message, an edit, a read, a quote ordered, a bid answered). */
export const CHAT_CHANGED = 'chat.changed';
/** BullMQ queue of chat events: the email to a recipient who is not connected. */
export const CHAT_QUEUE = 'chat';

export type ChatEventKind = 'message' | 'edited' | 'read' | 'quote_ordered' | 'bid_changed';

/** The payload of a `chat.changed` outbox event (and of the live events built from it). */
export interface ChatChangedEvent {
  type: ChatEventKind;
  conversationId: string;
  userA: string;
  userB: string;
  /** The conversation's position at this change. */
  position: string;
  messageId: string | null;
  /** Who sent (message), edited, read or answered. */
  actorId: string;
  readPosition: string | null;
  /**
   * Read in the change's transaction, so a delivery needs no database read: the message as it is
   * after the change (a MessageRow), and each participant's unread counts [this conversation, total].
   */
  message: Record<string, unknown> | null;
  unread: Record<string, [number, number]>;
  /**
   * A new message: whether its recipient had email notifications on (and a verified address) when
   * it was sent; the worker's email job is only made when so (and checks again when it runs).
   */
  notify?: boolean;
}
