import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { readFile } from 'node:fs/promises';
import type { SpeechToText } from '../../adapters/speech/speech-to-text.js';
import { TranslatorOff, type Translator } from '../../adapters/translation/translator.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, unauthenticated } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { Locale, RequestContext } from '../../common/request-context.js';
import type { UploadedFile, UploadSpec } from '../../common/uploads.js';
import { parseInput } from '../../common/validation.js';
import type { WrittenEvent } from '../../outbox/outbox.js';
import type { LivePubSub } from '../../pubsub/pubsub.js';
import type { ChatEventMessage } from '../../pubsub/topics.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OrderService, OrderView } from '../orders/orders.service.js';
import type { ProductMediaStore } from '../products/products.public.js';
import { User } from '../users/user.entity.js';
import { ATTACHMENT_UPLOAD, attachmentFileOf, ChatAttachments } from './chat-attachments.js';
import { ChatOffers, type QuoteOrderedHook } from './chat-offers.js';
import { inquiryText, LOG_IN_TO_CHAT, NOT_YOURSELF } from './chat-texts.js';
import { ChatTranslations } from './chat-translations.js';
import { ChatTyping } from './chat-typing.js';
import { chatEventView, type ChatEventView, type ChatUserView, type ConversationView, type MessageVersionView, type MessageView } from './chat-views.js';
import { bidInput, bidResponseInput, editInput, inquiryInput, listInput, messageIdInput, peerInput, quoteInput, readInput, searchInput, sendInput, uploadInput } from './chat.inputs.js';
import { contactRefusal, ConversationStore, type Party } from './conversation-store.js';
import { MessageWriter } from './message-writer.js';
import { StrangerAllowance } from './new-accounts.js';
import { SendAllowance } from './send-allowance.js';
import { durationText } from './voice-duration.js';
import { probeVoiceNote } from './voice-notes.js';
import { chatMessages } from './chat.messages.js';

export interface ChatServiceDeps {
  auth: AuthService;
  orders: OrderService;
  media: ProductMediaStore;
  db: SqlRunner;
  redis: Redis;
  clock: Clock;
  publicUrl: string;
  messagesPerMinute: number;
  /** New accounts (younger than `days`; 0: none) send at most `perHour` messages an hour to people who have not written to them. */
  newAccounts: { days: number; perHour: number };
  /** Publishes the typing hint (a direct live topic). */
  live: Pick<LivePubSub, 'publish'>;
  /** Publishes the events of a change that committed as one statement of its own (the outbox relay). */
  outbox: { publishCommitted(events: WrittenEvent[]): Promise<void> };
  /** Translation on tap (off unless set). */
  translator?: Translator;
  /** Speech-to-text (off unless set): the search assistant's spoken requests in a browser without a recogniser. */
  speech?: SpeechToText;
  /** A voice note was stored (the speech port's transcription job is queued here, when speech is on). */
  voiceNoteSent?: (messageId: string) => Promise<void>;
}

/**
 * Chat (docs/product.md#chat): one conversation per pair of users, keyed by the other user's id;
 * messages in the order the server accepted them; edits with an append-only history; read positions
 * and unread counts; inquiries, quotes that become orders, bids; typing hints (a new message's
 * email is the notifications' digest). A list of commands over its parts: the conversation store (reads and small writes),
 * the message writer (every change with its position and `chat.changed` event), offers,
 * attachments and typing. Only a conversation's two participants can see
 * anything of it; anyone else is told it does not exist.
 */
export class ChatService {
  private readonly store: ConversationStore;
  private readonly writer: MessageWriter;
  private readonly offers: ChatOffers;
  private readonly attachments: ChatAttachments;
  private readonly typingHints: ChatTyping;
  private readonly strangers: StrangerAllowance;
  private readonly translations: ChatTranslations;

  constructor(private readonly deps: ChatServiceDeps) {
    const { clock, redis } = deps;
    this.store = new ConversationStore(clock);
    this.strangers = new StrangerAllowance(redis, clock, deps.newAccounts);
    this.writer = new MessageWriter({ store: this.store, allowance: new SendAllowance(redis, clock, deps.messagesPerMinute), strangers: this.strangers, clock, outbox: deps.outbox });
    this.offers = new ChatOffers({ store: this.store, writer: this.writer, orders: deps.orders, db: deps.db, clock });
    this.attachments = new ChatAttachments(deps.media);
    this.translations = new ChatTranslations(deps.translator ?? new TranslatorOff(), clock);
    this.typingHints = new ChatTyping(redis, clock, deps.live);
  }

  // ---------------------------------------------------------------- who

  private async viewer(ctx: RequestContext): Promise<User> {
    if (!ctx.viewer) throw unauthenticated(LOG_IN_TO_CHAT);
    return this.deps.auth.requireUser(ctx);
  }

  /** The logged-in viewer's id (their row is read with the other participant's, see `ConversationStore.parties`). */
  private viewerId(ctx: RequestContext): string {
    if (!ctx.viewer) throw unauthenticated(LOG_IN_TO_CHAT);
    return ctx.viewer.userId;
  }

  /** The other participant, when the viewer may write to them (neither blocked the other), else the refusal. */
  private async contactable(ctx: RequestContext, me: string, peerId: string): Promise<Party> {
    const other = await this.store.parties(ctx.em, me, peerId);
    const refusal = contactRefusal(other);
    if (refusal) throw refusal;
    return other;
  }

  // ---------------------------------------------------------------- sending

  /** A text message to `userId` (idempotent by `clientMessageId`). */
  async send(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(sendInput, raw);
    if (input.userId === me) throw new AppError('FORBIDDEN', NOT_YOURSELF);
    // Both parties are checked in the statement that stores the message.
    return this.writer.post(ctx, me, input.userId, { kind: 'text', content: input.content, clientMessageId: input.clientMessageId ?? null });
  }

  /** POST /chat/{userId}/messages with a file: the early checks, before the body is read. */
  async attachmentUpload(ctx: RequestContext, rawPeerId: string): Promise<UploadSpec> {
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    await this.contactable(ctx, me, userId);
    return ATTACHMENT_UPLOAD;
  }

  /**
   * A message carrying the received upload: a file (pictures re-encoded as webp with a preview,
   * stored under the private prefix), or only the `content` text field.
   */
  async sendUpload(ctx: RequestContext, rawPeerId: string, upload: { fields: Record<string, string>; files: UploadedFile[] }): Promise<MessageView> {
    const file = upload.files[0];
    const clientMessageId = parseInput(uploadInput, { userId: rawPeerId, clientMessageId: upload.fields.client_message_id || undefined }).clientMessageId ?? null;
    if (upload.files.length > 1) throw new AppError('BAD_USER_INPUT', chatMessages.sendOneFilePerMessage);
    if (file?.field === 'voice_note') return this.sendVoiceNote(ctx, rawPeerId, file, clientMessageId);
    if (!file) return this.send(ctx, { userId: rawPeerId, content: upload.fields.content ?? '', clientMessageId: clientMessageId });
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    const other = await this.contactable(ctx, me, userId);
    // Stored before the message is written (a refused message removes it again); the name is random.
    const { attachment, stored } = await this.attachments.store(file);
    try {
      return await this.writer.post(ctx, me, other.id, { kind: 'attachment', content: attachment.fileName, clientMessageId, attachment });
    } catch (err) {
      await this.attachments.remove(stored);
      throw err;
    }
  }

  /**
   * A voice note: read through (container, codec, every packet, at most 2 minutes) before anything is
   * stored; its message says voice and its duration; the speech port's job transcribes it afterwards.
   */
  private async sendVoiceNote(ctx: RequestContext, rawPeerId: string, file: UploadedFile, clientMessageId: string | null): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    const other = await this.contactable(ctx, me, userId);
    const facts = await probeVoiceNote(file.path, file.type);
    const { attachment, stored } = await this.attachments.storeVoice(file, facts);
    let message: MessageView;
    try {
      message = await this.writer.post(ctx, me, other.id, { kind: 'voice', content: durationText(facts.durationMs), clientMessageId, attachment });
    } catch (err) {
      await this.attachments.remove(stored);
      throw err;
    }
    // A retry answered with the note already stored keeps that one's file.
    if (message.attachment?.key !== attachment.key) await this.attachments.remove(stored);
    // The note is sent either way: a transcription that cannot be queued is only a missing transcript.
    else await this.deps.voiceNoteSent?.(message.id).catch(() => undefined);
    return message;
  }

  /** Whether messages can be translated (the translation port is on). */
  translationAvailable(): boolean {
    return this.translations.available;
  }

  /** A message of the viewer's conversations in `language` (en or hi), kept once made; the original is unchanged. */
  async translate(ctx: RequestContext, rawId: string, language: string): Promise<{ text: string; cached: boolean }> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    if (language !== 'en' && language !== 'hi') throw new AppError('BAD_USER_INPUT', chatMessages.translateTo);
    const message = await this.store.message(ctx.em, messageId, me.id);
    return this.translations.translate(ctx.em, message, language);
  }

  /** Whether spoken words can be written out by the server (speech-to-text is on). */
  speechAvailable(): boolean {
    return !!this.deps.speech && this.deps.speech.name !== 'off';
  }

  /**
   * A spoken request (the search assistant's mic where the browser has no recogniser): the recording is
   * checked as a voice note is, then written out by the speech port; the words go back to the box to be
   * read and fixed before they are sent. 503 when speech-to-text is off or fails.
   */
  async transcribeSpoken(file: UploadedFile | undefined, language: string | undefined): Promise<string> {
    const speech = this.deps.speech;
    if (!speech || speech.name === 'off') throw new AppError('SERVICE_UNAVAILABLE', chatMessages.speechOff);
    if (!file) throw new AppError('BAD_USER_INPUT', chatMessages.notAVoiceNote);
    const facts = await probeVoiceNote(file.path, file.type);
    try {
      return await speech.transcribe({ data: await readFile(file.path), fileName: `speech.${facts.contentType.split('/')[1]}`, contentType: facts.contentType }, language === 'hi' || language === 'en' ? language : undefined);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', chatMessages.speechFailed);
    }
  }

  /** The receiver played a voice note: marked once (the sender's bubble shows it); a live 'played' event for both. */
  async markVoicePlayed(ctx: RequestContext, rawId: string): Promise<MessageView> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    const message = await this.store.message(ctx.em, messageId, me.id);
    if (message.kind !== 'voice' || !message.attachment?.voice) throw new AppError('BAD_USER_INPUT', chatMessages.notAVoiceNoteMessage);
    if (message.mine) throw new AppError('FORBIDDEN', chatMessages.onlyTheListenerMarksPlayed);
    if (message.attachment.voice.playedAt) return message;
    await ctx.em.transactional(async (tx) => {
      if (await this.store.patchVoice(tx, message.id, { playedAt: this.deps.clock.now().toISOString() }, 'playedAt')) {
        await this.writer.changed(tx, message.conversationId, 'played', message.id, me.id);
      }
    });
    return this.store.message(ctx.em, message.id, me.id);
  }

  /**
   * A voice note's transcript from the speech port (the worker's job): kept with the note and sent to
   * both participants as an 'edited' event. Answers false when the note is gone or already has one.
   */
  async saveTranscript(em: EntityManager, messageId: string, transcript: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const row = await this.store.patchVoice(tx, messageId, { transcript }, 'transcript');
      if (!row) return false;
      await this.writer.changed(tx, row.conversationId, 'edited', messageId, row.senderId);
      return true;
    });
  }

  /** A voice note's stored audio for the speech port (null: no such voice note). */
  async voiceNoteAudio(em: EntityManager, messageId: string): Promise<{ key: string; contentType: string; fileName: string } | null> {
    return this.store.voiceNoteFile(em, messageId);
  }

  /**
   * An inquiry to a product's seller: the buyer's answers to the seller's questions (the message
   * text composed in the buyer's language: the product, each question and answer, N/A for a missing
   * one, and the closing line), or the buyer's own question when the product has none.
   */
  async sendInquiry(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(inquiryInput, raw);
    const product = await this.offers.visibleProduct(input.productId);
    const other = await this.store.parties(ctx.em, me, product.seller_id);
    if (!input.answers.length && !input.content) throw new AppError('BAD_USER_INPUT', chatMessages.pleaseAnswerTheQuestionsOrWrite);
    const answers = input.answers.map((a) => ({ question: a.question, answer: a.answer || 'N/A' }));
    const language: Locale = input.language ?? ctx.locale;
    const content = answers.length ? inquiryText(language, product.title, answers, input.content) : input.content!;
    return this.writer.post(ctx, me, other.id, {
      kind: 'inquiry',
      content,
      clientMessageId: input.clientMessageId ?? null,
      inquiry: { productId: product.id, productTitle: product.title, answers },
    });
  }

  /** The seller quotes one of their products to the other participant: quantity, unit price, valid for some days. */
  async sendQuote(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    return this.offers.quote(ctx, me, parseInput(quoteInput, raw));
  }

  /** A buyer's bid on a product: it arrives in the conversation with its seller. */
  async placeBid(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    return this.offers.bid(ctx, me, parseInput(bidInput, raw));
  }

  /** The seller answers an open bid: accept, counter or decline (ChatOffers.answerBid). */
  async respondToBid(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    return this.offers.answerBid(ctx, me, parseInput(bidResponseInput, raw));
  }

  /** The buyer accepts a quote: an order at the quoted price (ChatOffers.orderQuote). */
  async orderQuote(ctx: RequestContext, raw: unknown, idempotencyKey: string | null | undefined): Promise<OrderView> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, raw);
    return this.offers.orderQuote(ctx, me.id, messageId, idempotencyKey);
  }

  /**
   * A seller's quote answering a buyer's requirement (docs/product.md#buy-requirements): a quote card
   * from the viewer to `buyerId` on one of the viewer's products; `alsoInTx` (the requirement's own
   * record of the quote) runs in the transaction that stores it. The requirements module validated it.
   */
  quoteForRequirement(
    ctx: RequestContext,
    buyerId: string,
    offer: { productId: string; quantity: number; unitPricePaise: string; note: string | null; validHours: number },
    alsoInTx: (tx: EntityManager, messageId: string) => Promise<void>,
  ): Promise<MessageView> {
    return this.offers.requirementQuote(ctx, this.viewerId(ctx), buyerId, offer, alsoInTx);
  }

  /**
   * The buyer accepts a requirement's quote: the chat's quote -> order path (the quoted price, stock,
   * idempotency, one order per quote, the QuoteOrderedHooks: the requirement fulfilled).
   */
  async orderRequirementQuote(ctx: RequestContext, messageId: string, idempotencyKey: string | null | undefined): Promise<OrderView> {
    const me = await this.viewer(ctx);
    return this.offers.orderQuote(ctx, me.id, messageId, idempotencyKey);
  }

  /** `hook` runs in the transaction of every quote's order, from whichever screen (chat-offers.ts QuoteOrderedHook). */
  onQuoteOrdered(hook: QuoteOrderedHook): void {
    this.offers.onQuoteOrdered(hook);
  }

  /** Ends open quote cards that no longer stand, in the caller's transaction (ChatOffers.withdrawQuotes). */
  withdrawQuotes(tx: EntityManager, messageIds: string[]): Promise<void> {
    return this.offers.withdrawQuotes(tx, messageIds);
  }

  // ---------------------------------------------------------------- editing and reading state

  /** Edits the author's text message (or the note of an open quote); the earlier version is kept. */
  async edit(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = await this.viewer(ctx);
    const input = parseInput(editInput, raw);
    const message = await this.store.message(ctx.em, input.messageId, me.id);
    if (!message.mine) throw new AppError('FORBIDDEN', chatMessages.onlyTheAuthorCanEditThis);
    if (message.kind !== 'text' && message.kind !== 'quote') throw new AppError('BAD_USER_INPUT', chatMessages.onlyTextMessagesAndQuotesCan);
    if (message.content === input.content) return message;
    const now = this.deps.clock.now();
    await ctx.em.transactional(async (tx) => {
      if (!(await this.store.replaceContent(tx, message.id, me.id, input.content, now))) throw new AppError('CONFLICT', chatMessages.anOrderedQuoteCannotBeEdited);
      await this.writer.changed(tx, message.conversationId, 'edited', message.id, me.id);
    });
    return this.store.message(ctx.em, message.id, me.id);
  }

  /** Every version of a message, oldest first, the current one last. */
  async history(ctx: RequestContext, rawId: string): Promise<MessageVersionView[]> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    const message = await this.store.message(ctx.em, messageId, me.id);
    const earlier = await this.store.versions(ctx.em, message.id);
    return [...earlier, { version: earlier.length + 1, content: message.content, at: message.editedAt ?? message.createdAt }];
  }

  /** Marks the conversation with `user_id` read up to `position` (never backwards). */
  async markRead(ctx: RequestContext, raw: unknown): Promise<ConversationView> {
    const me = await this.viewer(ctx);
    const input = parseInput(readInput, raw);
    const conv = await this.store.require(ctx.em.fork(), me.id, input.userId);
    await ctx.em.transactional(async (tx) => {
      const read = await this.store.moveRead(tx, conv, me.id, input.position);
      if (read !== null) await this.writer.changed(tx, conv.id, 'read', null, me.id, read);
    });
    const [view] = await this.store.conversations(ctx.em, me.id, conv.id);
    return view;
  }

  // ---------------------------------------------------------------- reading

  /** The viewer's conversations, the latest activity first. */
  async conversations(ctx: RequestContext): Promise<ConversationView[]> {
    const me = await this.viewer(ctx);
    return this.store.conversations(ctx.em, me.id, null);
  }

  /** The viewer's unread messages in all conversations. */
  async unreadTotal(ctx: RequestContext): Promise<number> {
    const me = await this.viewer(ctx);
    return this.store.countUnread(ctx.em, me.id, null);
  }

  /** Who a conversation key is (a new conversation shows their name before any message). */
  async partner(ctx: RequestContext, rawPeerId: string): Promise<ChatUserView> {
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    const { blockedMe, ...other } = await this.store.parties(ctx.em, me, userId);
    return { ...other, deleted: false, canMessage: !other.blockedByMe && !blockedMe };
  }

  /**
   * Messages with `user_id`: the newest `limit`, or those before a position (paging up), or every
   * one created or changed after a position (the refetch after a reconnect); oldest first.
   */
  async messages(ctx: RequestContext, raw: unknown): Promise<{ items: MessageView[]; hasMore: boolean }> {
    const me = await this.viewer(ctx);
    const input = parseInput(listInput, raw);
    const conv = await this.store.find(ctx.em.fork(), me.id, input.userId);
    if (!conv) {
      if (input.userId === me.id) throw new AppError('FORBIDDEN', NOT_YOURSELF);
      return { items: [], hasMore: false };
    }
    if (input.after !== undefined) return this.store.changedAfter(ctx.em, conv.id, me.id, input.after);
    return this.store.page(ctx.em, conv.id, me.id, input.limit, input.before);
  }

  /** Messages with `userId` holding the words, in their text or a voice note's transcript; newest first. */
  async search(ctx: RequestContext, raw: unknown): Promise<MessageView[]> {
    const me = await this.viewer(ctx);
    const input = parseInput(searchInput, raw);
    const conv = await this.store.find(ctx.em.fork(), me.id, input.userId);
    return conv ? this.store.search(ctx.em, conv.id, me.id, input.query) : [];
  }

  /** One message, for one of its conversation's participants; anyone else is told it does not exist. */
  async message(ctx: RequestContext, rawId: string): Promise<MessageView> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    return this.store.message(ctx.em, messageId, me.id);
  }

  /** The stored file of an attachment (its preview for pictures), for a participant only. */
  async attachmentFile(ctx: RequestContext, rawId: string, preview: boolean): Promise<{ key: string; downloadName?: string } | null> {
    if (!ctx.viewer) return null;
    const parsed = messageIdInput.safeParse({ messageId: rawId });
    if (!parsed.success) return null;
    const message = await this.store.message(ctx.em, parsed.data.messageId, ctx.viewer.userId).catch(() => null);
    return message?.attachment ? attachmentFileOf(message.attachment, preview) : null;
  }

  // ---------------------------------------------------------------- live

  /** One chat event as `userId` sees it, from what the event carries (nothing is read per delivery). */
  liveView(userId: string, e: ChatEventMessage): ChatEventView {
    return chatEventView(userId, e, this.deps.clock.now().getTime());
  }

  /** Tells the other participant of an existing conversation that the viewer is typing; answers whether a hint was sent. */
  async typing(ctx: RequestContext, raw: unknown): Promise<boolean> {
    const me = await this.viewer(ctx);
    const { userId } = parseInput(peerInput, raw);
    const conv = await this.store.require(ctx.em.fork(), me.id, userId);
    // A closed conversation (a block either way) carries no hints.
    if (contactRefusal(await this.store.parties(ctx.em, me.id, userId))) return false;
    return this.typingHints.hint(conv.id, me.id, userId);
  }
}
