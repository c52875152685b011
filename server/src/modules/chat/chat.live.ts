import type { GqlContext } from '../../graphql/context.js';
import type { ChatService } from './chat.service.js';
import { liveEvents, type LiveDeps } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import type { ChatChanged } from './chat-events.js';
import { LOG_IN_TO_CHAT } from './chat-texts.js';
import { toChatEventType, type ChatEventType, type ChatTypingType } from './chat.types.js';

/** What the chat subscriptions use. */
export type ChatLiveDeps = { chat: ChatService } & LiveDeps;

/**
 * The live route of `chat.changed`: the outbox relay publishes each committed chat event (parsed by
 * its schema, chat-events.ts) to both participants' `chatEvents` channels with the conversation's
 * position, the message as committed and that participant's own unread counts (nothing of one
 * participant's counts reaches the other, nor anything else of the payload).
 */
export const chatLiveRoute: OutboxDestination<ChatChanged> = {
  live: 'chatEvents',
  messages: (e) => {
    const { userA, userB } = e;
    const shown = { type: e.type, conversationId: e.conversationId, position: e.position, messageId: e.messageId, actorId: e.actorId, readPosition: e.readPosition, message: e.message };
    return [userA, userB].map((userId) => liveMessage('chatEvents', userId, { ...shown, otherUserId: userId === userA ? userB : userA, unread: e.unread[userId] ?? [0, 0] }));
  },
};

/**
 * The viewer's chat events, every conversation: authorised when it starts and again for every
 * event (the session, checked in Redis; deleting an account ends its sessions). Each event comes
 * on the viewer's own channel, addressed to the conversation's two participants only, with what it
 * shows read at commit, so a delivery reads nothing from the database. A subscriber that reconnects refetches
 * `chatMessages(userId, after: position)`.
 */
export function chatEvents(gql: GqlContext<ChatLiveDeps>): Promise<AsyncIterableIterator<ChatEventType>> {
  const { chat } = gql.services;
  return liveEvents(gql, {
    topic: 'chatEvents',
    refusal: LOG_IN_TO_CHAT,
    deliver: async (userId, message) => toChatEventType(chat.liveView(userId, message)),
  });
}

/**
 * The other participants of the viewer's conversations typing (a direct topic: hints are sent only
 * to the conversation's other participant; the session is checked again for each).
 */
export function chatTyping(gql: GqlContext<ChatLiveDeps>): Promise<AsyncIterableIterator<ChatTypingType>> {
  return liveEvents(gql, { topic: 'chatTyping', refusal: LOG_IN_TO_CHAT, deliver: async (_userId, hint) => hint });
}
