import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { OrderType, toOrderType } from '../orders/orders.types.js';
import { chatEvents, chatTyping, type ChatLiveDeps } from './chat.live.js';
import {
  ChatEventType,
  ChatInquiryAnswerInput,
  ChatMessagePageType,
  ChatMessageType,
  ChatMessageVersionType,
  ChatTranslationType,
  ChatTypingType,
  ChatUserType,
  ConversationType,
  toChatMessageType,
  toConversationType,
} from './chat.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<ChatLiveDeps>;

/** Chat over GraphQL: the same service calls as the REST shim (docs/product.md#chat). */
@Resolver()
export class ChatResolver {
  @Query(() => [ConversationType], { description: "The viewer's conversations, the latest activity first" })
  async chatConversations(@Ctx() { ctx, services }: Context): Promise<ConversationType[]> {
    return (await services.chat.conversations(ctx)).map(toConversationType);
  }

  @Query(() => ChatUserType, { description: 'The person behind a conversation key (to open a new conversation)' })
  chatPartner(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: Context): Promise<ChatUserType> {
    return services.chat.partner(ctx, userId);
  }

  @Query(() => ChatMessagePageType, {
    description:
      'Messages with userId, oldest first: the newest `limit` (20, at most 100), or those before a position (paging up), or every one created or changed after a position (the refetch after a reconnect)',
  })
  async chatMessages(
    @Arg('userId', () => ID) userId: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Arg('before', () => String, { nullable: true }) before: string | undefined,
    @Arg('after', () => String, { nullable: true }) after: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessagePageType> {
    const page = await services.chat.messages(ctx, { userId, limit, before, after });
    return { items: page.items.map(toChatMessageType), hasMore: page.hasMore };
  }

  @Query(() => [ChatMessageType], { description: "Messages with userId holding the words (their text, or a voice note's transcript), newest first, at most 50" })
  async searchChatMessages(@Arg('userId', () => ID) userId: string, @Arg('query') query: string, @Ctx() { ctx, services }: Context): Promise<ChatMessageType[]> {
    return (await services.chat.search(ctx, { userId, query })).map(toChatMessageType);
  }

  @Query(() => [ChatMessageVersionType], { description: 'Every version of a message, oldest first, the current one last' })
  chatMessageHistory(@Arg('messageId', () => ID) messageId: string, @Ctx() { ctx, services }: Context): Promise<ChatMessageVersionType[]> {
    return services.chat.history(ctx, messageId);
  }

  @Query(() => Boolean, { description: "Whether messages can be translated on tap (the translation port is on)" })
  chatTranslationAvailable(@Ctx() { services }: Context): boolean {
    return services.chat.translationAvailable();
  }

  @Query(() => ChatTranslationType, { description: "A message's text (a voice note's transcript) in en or hi, kept once made; the original is unchanged" })
  translateChatMessage(@Arg('messageId', () => ID) messageId: string, @Arg('language') language: string, @Ctx() { ctx, services }: Context): Promise<ChatTranslationType> {
    return services.chat.translate(ctx, messageId, language);
  }

  @Query(() => Boolean, { description: 'Whether the server writes out spoken words for the viewer (POST /speech/transcriptions): speech-to-text is on and they are logged in' })
  speechToTextAvailable(@Ctx() { ctx, services }: Context): boolean {
    return !!ctx.viewer && services.chat.speechAvailable();
  }

  @Query(() => Int, { description: "The viewer's unread messages in all conversations" })
  chatUnreadTotal(@Ctx() { ctx, services }: Context): Promise<number> {
    return services.chat.unreadTotal(ctx);
  }

  @Mutation(() => ChatMessageType, { description: 'Sends a text message to userId; a repeated clientMessageId answers the message already sent' })
  async sendChatMessage(
    @Arg('userId', () => ID) userId: string,
    @Arg('content') content: string,
    @Arg('clientMessageId', () => String, { nullable: true }) clientMessageId: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessageType> {
    return toChatMessageType(await services.chat.send(ctx, { userId, content, clientMessageId }));
  }

  @Mutation(() => ChatMessageType, {
    description: "An inquiry to the product's seller: the answers to the seller's questions (composed in `language`), or the buyer's own question as content",
  })
  async sendInquiry(
    @Arg('productId', () => ID) productId: string,
    @Arg('answers', () => [ChatInquiryAnswerInput]) answers: ChatInquiryAnswerInput[],
    @Arg('content', () => String, { nullable: true }) content: string | undefined,
    @Arg('clientMessageId', () => String, { nullable: true }) clientMessageId: string | undefined,
    @Arg('language', () => String, { nullable: true }) language: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessageType> {
    return toChatMessageType(
      await services.chat.sendInquiry(ctx, { productId, answers: answers.map((a) => ({ ...a })), content, clientMessageId, language }),
    );
  }

  @Mutation(() => ChatMessageType, { description: "Edits the viewer's own text message (or an open quote's note); the earlier version is kept" })
  async editChatMessage(@Arg('messageId', () => ID) messageId: string, @Arg('content') content: string, @Ctx() { ctx, services }: Context): Promise<ChatMessageType> {
    return toChatMessageType(await services.chat.edit(ctx, { messageId, content }));
  }

  @Mutation(() => ChatMessageType, { description: "The receiver played a voice note: marked once, and both participants get a 'played' event" })
  async markVoiceNotePlayed(@Arg('messageId', () => ID) messageId: string, @Ctx() { ctx, services }: Context): Promise<ChatMessageType> {
    return toChatMessageType(await services.chat.markVoicePlayed(ctx, messageId));
  }

  @Mutation(() => ConversationType, { description: 'Marks the conversation with userId read up to a position' })
  async markChatRead(@Arg('userId', () => ID) userId: string, @Arg('position') position: string, @Ctx() { ctx, services }: Context): Promise<ConversationType> {
    return toConversationType(await services.chat.markRead(ctx, { userId, position }));
  }

  @Mutation(() => ChatMessageType, { description: 'The seller quotes one of their products to userId (valid 1-30 days, 7 by default)' })
  async sendQuote(
    @Arg('userId', () => ID) userId: string,
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('unitPricePaise') unitPricePaise: string,
    @Arg('validDays', () => Int, { nullable: true }) validDays: number | undefined,
    @Arg('bidMessageId', () => ID, { nullable: true }) bidMessageId: string | undefined,
    @Arg('note', () => String, { nullable: true }) note: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessageType> {
    return toChatMessageType(
      await services.chat.sendQuote(ctx, { userId, productId, quantity, unitPricePaise, validDays, bidMessageId, note }),
    );
  }

  @Mutation(() => OrderType, { description: 'The buyer orders at a quote (one order per quote). Pass a fresh idempotencyKey per attempt' })
  async createOrderFromQuote(
    @Arg('messageId', () => ID) messageId: string,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderType> {
    return toOrderType(await services.chat.orderQuote(ctx, { messageId }, idempotencyKey));
  }

  @Mutation(() => ChatMessageType, { description: "A buyer's bid on a product (quantity and offered unit price in paise); it arrives in the conversation with the seller" })
  async placeBid(
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('unitPricePaise') unitPricePaise: string,
    @Arg('note', () => String, { nullable: true }) note: string | undefined,
    @Arg('clientMessageId', () => String, { nullable: true }) clientMessageId: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessageType> {
    return toChatMessageType(await services.chat.placeBid(ctx, { productId, quantity, unitPricePaise, note, clientMessageId }));
  }

  @Mutation(() => ChatMessageType, {
    description: "The seller answers a bid: accept (a quote at the bid's price), counter (a quote at unitPricePaise) or decline; answers the bid as it now is",
  })
  async respondToBid(
    @Arg('messageId', () => ID) messageId: string,
    @Arg('action') action: string,
    @Arg('unitPricePaise', () => String, { nullable: true }) unitPricePaise: string | undefined,
    @Arg('validDays', () => Int, { nullable: true }) validDays: number | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<ChatMessageType> {
    return toChatMessageType(await services.chat.respondToBid(ctx, { messageId, action, unitPricePaise, validDays }));
  }

  @Subscription(() => ChatEventType, {
    description: "Every event of the viewer's conversations (new message, edit, read, quote ordered, bid answered), each with the conversation's position; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, Context>) => chatEvents(context),
  })
  chatEvents(@Root() event: ChatEventType): ChatEventType {
    return event;
  }

  @Mutation(() => Boolean, { description: 'Tells the other participant that the viewer is typing (at most one hint every 2 s is sent; answers whether this one was)' })
  chatTyping(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.chat.typing(ctx, { userId });
  }

  @Subscription(() => ChatTypingType, {
    name: 'chatTyping',
    description: "The other participants of the viewer's conversations typing; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, Context>) => chatTyping(context),
  })
  chatTypingEvents(@Root() event: ChatTypingType): ChatTypingType {
    return event;
  }
}
