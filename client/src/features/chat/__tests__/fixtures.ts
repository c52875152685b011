import type { MockLink } from '@apollo/client/testing';
import {
  ChatConversationsDocument,
  ChatMessagesDocument,
  ChatPartnerDocument,
  MarkChatReadDocument,
  MyProductsDocument,
  type ChatMessageFieldsFragment,
  type ConversationFieldsFragment,
} from '../../../graphql/generated';
import { TEST_USER } from '../../../test/render-app';

export const SELLER_ID = '0193a000-0000-7000-8000-0000000000aa';
export const OTHER_ID = '0193a000-0000-7000-8000-0000000000bb';
export const CONVERSATION_ID = '0193a000-0000-7000-8000-00000000c001';

let n = 0;
const id = () => `0193a000-0000-7000-8000-${String(++n).padStart(12, '0')}`;

type Message = ChatMessageFieldsFragment & { __typename: 'ChatMessage' };

/** A text message from the other side unless `mine`. */
export function messageFixture(overrides: Partial<Message> = {}): Message {
  const mine = overrides.mine ?? false;
  return {
    __typename: 'ChatMessage',
    id: id(),
    conversationId: CONVERSATION_ID,
    senderId: mine ? TEST_USER.id : SELLER_ID,
    mine,
    kind: 'text',
    content: 'Hello',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    isEdited: false,
    position: '1',
    clientMessageId: null,
    attachment: null,
    voiceNote: null,
    inquiry: null,
    quote: null,
    bid: null,
    ...overrides,
  };
}

export function conversationFixture(overrides: Partial<ConversationFieldsFragment> = {}): ConversationFieldsFragment & { __typename: 'Conversation' } {
  return {
    __typename: 'Conversation',
    id: CONVERSATION_ID,
    otherUser: chatUser(SELLER_ID, 'ravi_traders', { whatsappVerified: true }),
    lastMessagePreview: 'Hello',
    lastMessageAt: new Date(Date.now() - 60_000).toISOString(),
    unreadCount: 0,
    position: '1',
    otherLastReadPosition: '0',
    ...overrides,
  };
}

export const conversationsMock = (items: ReadonlyArray<ConversationFieldsFragment>, times = Number.POSITIVE_INFINITY): MockLink.MockedResponse => ({
  request: { query: ChatConversationsDocument },
  result: { data: { chatConversations: items.map((c) => ({ __typename: 'Conversation', ...c })) } },
  maxUsageCount: times,
});

export const messagesMock = (
  userId: string,
  items: ReadonlyArray<Message>,
  variables: Record<string, unknown> = { limit: 30 },
  hasMore = false,
): MockLink.MockedResponse => ({
  request: { query: ChatMessagesDocument, variables: { userId, ...variables } },
  result: { data: { chatMessages: { __typename: 'ChatMessagePage', hasMore, items } } },
});

/** The other participant of a conversation (with its typename, as the server sends it). */
export function chatUser(id: string, username: string, extra: { whatsappVerified?: boolean; deleted?: boolean } = {}): ConversationFieldsFragment['otherUser'] {
  const user = { __typename: 'ChatUser' as const, id, username, whatsappVerified: extra.whatsappVerified ?? false, deleted: extra.deleted ?? false };
  return user;
}

/** A quote card's terms (with its typename). */
export function quoteFixture(overrides: Partial<NonNullable<ChatMessageFieldsFragment['quote']>> = {}): NonNullable<ChatMessageFieldsFragment['quote']> {
  const quote = {
    __typename: 'ChatQuote' as const,
    note: null,
    productId: 'p1',
    productTitle: 'Steel chairs',
    unit: 'piece',
    quantity: 5,
    unitPricePaise: '48000',
    totalPaise: '240000',
    validUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    status: 'open',
    orderId: null,
    ...overrides,
  };
  return quote;
}

/** A bid card's terms (with its typename). */
export function bidFixture(overrides: Partial<NonNullable<ChatMessageFieldsFragment['bid']>> = {}): NonNullable<ChatMessageFieldsFragment['bid']> {
  const bid = {
    __typename: 'ChatBid' as const,
    productId: 'p1',
    productTitle: 'Steel chairs',
    unit: 'piece',
    quantity: 100,
    unitPricePaise: '20000',
    totalPaise: '2000000',
    note: 'Regular monthly order',
    status: 'open',
    quoteMessageId: null,
    ...overrides,
  };
  return bid;
}

/** Who a new conversation is with (not in the list yet). */
export const partnerMock = (userId: string, username: string): MockLink.MockedResponse => ({
  request: { query: ChatPartnerDocument, variables: { userId } },
  result: { data: { chatPartner: chatUser(userId, username) } },
});

/** The viewer sells nothing (no 'Send a quote'). */
export const noProductsMock: MockLink.MockedResponse = {
  request: { query: MyProductsDocument, variables: () => true },
  result: { data: { myProducts: { __typename: 'ProductPage', totalCount: 0, limit: 1, offset: 0, items: [] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The conversation's read mark up to `position` (answered as the conversation at that position). */
export const readMock = (position: string): MockLink.MockedResponse => ({
  request: { query: MarkChatReadDocument, variables: { userId: SELLER_ID, position } },
  result: { data: { markChatRead: { ...conversationFixture({ position }), __typename: 'Conversation' as const } } },
  maxUsageCount: 5,
});
