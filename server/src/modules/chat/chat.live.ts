import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { GqlContext } from '../../graphql/context.js';
import { liveEvents } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import { LOG_IN_TO_CHAT, PRESENCE_TTL_MS } from './chat.service.js';
import { toChatEventType, type ChatEventType, type ChatTypingType } from './chat.types.js';

const committed = z.object({
  type: z.enum(['message', 'edited', 'read', 'quote_ordered', 'bid_changed']),
  conversationId: z.string(),
  userA: z.string(),
  userB: z.string(),
  position: z.string(),
  messageId: z.string().nullable(),
  actorId: z.string(),
  readPosition: z.string().nullable(),
  message: z.record(z.string(), z.unknown()).nullable(),
  unread: z.record(z.string(), z.tuple([z.number(), z.number()])),
});

/**
 * The live route of `chat.changed`: the outbox relay publishes each committed chat event to both
 * participants' `chatEvents` channels with the conversation's position, the message as committed
 * and that participant's own unread counts (nothing of one participant's counts reaches the other).
 */
export const chatLiveRoute: OutboxDestination = {
  live: 'chatEvents',
  messages: (payload) => {
    // An event written before events carried what they show is not published (a client that
    // reconnects after the upgrade refetches what it missed).
    const parsed = committed.safeParse(payload);
    if (!parsed.success) return [];
    const { userA, userB, unread, ...e } = parsed.data;
    return [userA, userB].map((userId) => liveMessage('chatEvents', userId, { ...e, otherUserId: userId === userA ? userB : userA, unread: unread[userId] ?? [0, 0] }));
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
  const presence = randomUUID();
  const renew = () => chat.present(userId, presence).catch(() => undefined);
  await renew();
  const timer = setInterval(() => void renew(), PRESENCE_TTL_MS / 2);
  timer.unref();
  let ended = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    void chat.absent(userId, presence).catch(() => undefined);
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
