import type { GqlContext } from '../../graphql/context.js';
import { liveEvents } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage, type ChatEventMessage } from '../../pubsub/topics.js';
import { LOG_IN_TO_CHAT } from './chat-texts.js';
import { toChatEventType, type ChatEventType, type ChatTypingType } from './chat.types.js';

const EVENT_TYPES: ReadonlySet<unknown> = new Set(['message', 'edited', 'read', 'quote_ordered', 'bid_changed']);
const text = (v: unknown): v is string => typeof v === 'string';
const count = (v: unknown): v is number => typeof v === 'number';
const counts = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && count(v[0]) && count(v[1]);

/**
 * The live route of `chat.changed`: the outbox relay publishes each committed chat event to both
 * participants' `chatEvents` channels with the conversation's position, the message as committed
 * and that participant's own unread counts (nothing of one participant's counts reaches the other,
 * nor anything else of the payload). Checked by hand, not by a schema: it runs for every event in
 * every process that publishes it, and in the relay's claiming pass for a hundred at a time.
 */
export const chatLiveRoute: OutboxDestination = {
  live: 'chatEvents',
  messages: (p) => {
    // An event written before events carried what they show is not published (a client that
    // reconnects after the upgrade refetches what it missed).
    const { userA, userB, unread, message } = p;
    if (!EVENT_TYPES.has(p.type) || !text(p.conversationId) || !text(userA) || !text(userB) || !text(p.position) || !text(p.actorId)) return [];
    if ((p.messageId !== null && !text(p.messageId)) || (p.readPosition !== null && !text(p.readPosition))) return [];
    if (message === undefined || (message !== null && (typeof message !== 'object' || Array.isArray(message)))) return [];
    if (typeof unread !== 'object' || unread === null || Array.isArray(unread)) return [];
    const byUser = unread as Record<string, unknown>;
    if (Object.values(byUser).some((u) => !counts(u))) return [];
    const e = {
      type: p.type as ChatEventMessage['type'],
      conversationId: p.conversationId,
      position: p.position,
      messageId: p.messageId as string | null,
      actorId: p.actorId,
      readPosition: p.readPosition as string | null,
      message: message as Record<string, unknown> | null,
    };
    return [userA, userB].map((userId) =>
      liveMessage('chatEvents', userId, { ...e, otherUserId: userId === userA ? userB : userA, unread: (byUser[userId] as [number, number] | undefined) ?? [0, 0] }),
    );
  },
};

/**
 * The viewer's chat events, every conversation: authorised when it starts and again for every
 * event (the session, checked in Redis; deleting an account ends its sessions). Each event comes
 * on the viewer's own channel, addressed to the conversation's two participants only, with what it
 * shows read at commit, so a delivery reads nothing from the database. While it is open the viewer
 * counts as connected (no email for new messages). A subscriber that reconnects refetches
 * `chatMessages(userId, after: position)`.
 */
export async function chatEvents(gql: GqlContext): Promise<AsyncIterableIterator<ChatEventType>> {
  const { chat } = gql.services;
  const events = await liveEvents(gql, {
    topic: 'chatEvents',
    refusal: LOG_IN_TO_CHAT,
    deliver: async (userId, message) => toChatEventType(chat.liveView(userId, message)),
  });
  const userId = gql.ctx.viewer!.userId;
  const presence = await chat.enterPresence(userId);
  let ended = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    void chat.leavePresence(presence).catch(() => undefined);
  };
  const iterator: AsyncIterableIterator<ChatEventType> = {
    async next() {
      const result = await events.next();
      if (result.done) stop();
      return result;
    },
    async return() {
      stop();
      return events.return ? events.return() : { done: true, value: undefined };
    },
    async throw(err: unknown) {
      stop();
      if (events.throw) return events.throw(err);
      throw err;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * The other participants of the viewer's conversations typing (a direct topic: hints are sent only
 * to the conversation's other participant; the session is checked again for each).
 */
export function chatTyping(gql: GqlContext): Promise<AsyncIterableIterator<ChatTypingType>> {
  return liveEvents(gql, { topic: 'chatTyping', refusal: LOG_IN_TO_CHAT, deliver: async (_userId, hint) => hint });
}
