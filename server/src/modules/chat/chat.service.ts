import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { PRIVATE_PREFIX } from '../../adapters/storage/storage.js';
import { AppError, notFound, unauthenticated } from '../../common/app-error.js';
import { ChatPresence } from './chat.presence.js';
import type { Clock } from '../../common/clock.js';
import { GENERAL_UPLOAD_TYPES } from '../../common/file-types.js';
import { formatPaise } from '../../common/money.js';
import type { Locale, RequestContext } from '../../common/request-context.js';
import { fileSizeMessage, type UploadedFile, type UploadSpec } from '../../common/uploads.js';
import { parseInput } from '../../common/validation.js';
import { addOutboxEvent, addWrittenOutboxEvent, type WrittenEvent } from '../../outbox/outbox.js';
import { bumpPositionsSql } from '../../pubsub/positions.js';
import type { LivePubSub } from '../../pubsub/pubsub.js';
import type { ChatEventMessage } from '../../pubsub/topics.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OrderService, OrderView } from '../orders/orders.service.js';
import { readCatalogueProducts, type CatalogueProduct, type ProductMediaStore } from '../products/products.public.js';
import { User } from '../users/user.entity.js';
import { chatEmail, inquiryText } from './chat-texts.js';
import {
  bidInput,
  bidResponseInput,
  editInput,
  inquiryInput,
  listInput,
  messageIdInput,
  peerInput,
  quoteInput,
  readInput,
  sendInput,
} from './chat.inputs.js';

/** Outbox topic of every chat change (a message, an edit, a read, a quote ordered, a bid answered). */
export const CHAT_CHANGED = 'chat.changed';
/** How often a typing hint may go to the other participant (the client shows one for a few seconds). */
export const TYPING_EVERY_MS = 2000;
/** BullMQ queue of chat events: the email to a recipient who is not connected. */
export const CHAT_QUEUE = 'chat';

export const LOG_IN_TO_CHAT = 'Log in to chat';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const USER_NOT_FOUND = 'User not found';
export const TOO_FAST = 'You are sending messages too fast. Please wait a moment.';
export const DELETED_USER = 'Deleted user';
const MB = 1024 * 1024;
const ATTACHMENT_MAX_BYTES = 50 * MB;

export type MessageKind = 'text' | 'attachment' | 'inquiry' | 'quote' | 'bid' | 'system';
export type ChatEventKind = 'message' | 'edited' | 'read' | 'quote_ordered' | 'bid_changed';

export interface ChatAttachmentView {
  fileName: string;
  contentType: string;
  size: number;
  isImage: boolean;
  /** The stored key (pictures: the base key of the webp variants). Never shown: served by a checked route. */
  key: string;
}

export interface QuoteView {
  /** The seller's note: the message text when they wrote one (or edited it), else null. */
  note: string | null;
  productId: string;
  productTitle: string;
  quantity: number;
  unitPricePaise: string;
  totalPaise: string;
  validUntil: Date;
  status: 'open' | 'ordered' | 'expired';
  orderId: string | null;
  bidMessageId: string | null;
}

export interface BidView {
  productId: string;
  productTitle: string;
  quantity: number;
  unitPricePaise: string;
  totalPaise: string;
  note: string | null;
  status: 'open' | 'accepted' | 'countered' | 'declined';
  quoteMessageId: string | null;
}

export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  mine: boolean;
  kind: MessageKind;
  content: string;
  createdAt: Date;
  isEdited: boolean;
  editedAt: Date | null;
  position: string;
  changePosition: string;
  clientMessageId: string | null;
  attachment: ChatAttachmentView | null;
  inquiry: { productId: string; productTitle: string; answers: Array<{ question: string; answer: string }> } | null;
  quote: QuoteView | null;
  bid: BidView | null;
}

export interface ChatUserView {
  id: string;
  username: string;
  phoneVerified: boolean;
  deleted: boolean;
}

export interface ConversationView {
  id: string;
  otherUser: ChatUserView;
  lastMessagePreview: string | null;
  lastMessageAt: Date | null;
  unreadCount: number;
  position: string;
  otherLastReadPosition: string;
}

export interface MessageVersionView {
  version: number;
  content: string;
  at: Date;
}

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

/** What a subscriber receives for one chat event (authorised again for each subscriber). */
export interface ChatEventView {
  type: ChatEventKind;
  conversationId: string;
  otherUserId: string;
  position: string;
  message: MessageView | null;
  readerId: string | null;
  readPosition: string | null;
  unreadCount: number;
  unreadTotal: number;
}

export interface ChatServiceDeps {
  auth: AuthService;
  orders: OrderService;
  media: ProductMediaStore;
  db: SqlRunner;
  redis: Redis;
  clock: Clock;
  log: Logger;
  mail: MailSender;
  publicUrl: string;
  messagesPerMinute: number;
  emailIntervalMinutes: number;
  /** Publishes the typing hint (a direct live topic). */
  live: Pick<LivePubSub, 'publish'>;
  /** Publishes the events of a change that committed as one statement of its own (the outbox relay). */
  outbox: { publishCommitted(events: WrittenEvent[]): Promise<void> };
}

interface Conv {
  id: string;
  user_a: string;
  user_b: string;
}

/** The other participant, as read with the viewer in one round trip. */
interface Party {
  id: string;
  username: string;
  phoneVerified: boolean;
}

/** What the statement inserting a message answers (see insertMessage). */
interface InsertedRow {
  me_ok: boolean;
  other_ok: boolean;
  /** Whether the recipient has email notifications on (and a verified address). */
  notify: boolean;
  /** The sender's message already stored under the same client message id (then nothing is written). */
  prior: MessageRow | null;
  /** The conversation (null: none yet, or nothing to write). */
  id: string | null;
  user_a: string | null;
  user_b: string | null;
  /** Null when the sender's client message id was stored already (or, on its own, the read was not exact). */
  position: string | null;
  /** Whether the statement's read was exact (nothing else changed the conversation meanwhile). */
  alone: boolean | null;
  /** The payload of the event the statement wrote (a ChatChangedEvent), or null: none written. */
  event: Record<string, unknown> | null;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  kind: MessageKind;
  content: string;
  created_at: Date;
  edited_at: Date | null;
  version: number;
  position: string;
  change_position: string;
  client_message_id: string | null;
  inquiry: MessageView['inquiry'];
  attachment: ChatAttachmentView | null;
  offer_kind: 'quote' | 'bid' | null;
  product_id: string | null;
  product_title: string | null;
  quantity: number | null;
  unit_price_paise: string | null;
  note: string | null;
  valid_until: Date | null;
  offer_status: string | null;
  order_id: string | null;
  bid_message_id: string | null;
  quote_message_id: string | null;
}

const SELECT_MESSAGES = `
  select m.id, m.conversation_id, m.sender_id, m.kind, m.content, m.created_at, m.edited_at, m.version,
    m.position::text as position, m.change_position::text as change_position, m.client_message_id, m.inquiry, m.attachment,
    o.kind as offer_kind, o.product_id, o.product_title, o.quantity, o.unit_price_paise::text as unit_price_paise, o.note,
    o.valid_until, o.status as offer_status, o.order_id, o.bid_message_id, o.quote_message_id
  from chat_messages m left join chat_offers o on o.message_id = m.id`;

/**
 * How many messages of the other side a user (4 parameters: the user's id) has not read, over their
 * conversations `c2` (a caller narrows it with `and c2.id = ...`).
 */
const unreadSql = (user: string) => `select count(*) from conversations c2 join chat_messages m2 on m2.conversation_id = c2.id
  where (c2.user_a = ${user} or c2.user_b = ${user}) and m2.sender_id <> ${user}
    and m2.position > (case when c2.user_a = ${user} then c2.a_read_position else c2.b_read_position end)`;
const UNREAD_SQL = unreadSql('?');
const unreadParams = (userId: string) => [userId, userId, userId, userId];

/** The general upload check for an attachment (docs/product.md#validation): 50 MB, the allowed types. */
const ATTACHMENT_UPLOAD: UploadSpec = {
  files: {
    attachment: {
      maxCount: 1,
      tooMany: 'Attach one file per message',
      rules: [{ types: GENERAL_UPLOAD_TYPES, maxBytes: ATTACHMENT_MAX_BYTES, allowExactly: true, tooLarge: fileSizeMessage(ATTACHMENT_MAX_BYTES) }],
    },
  },
  fields: { content: 16 * 1024, client_message_id: 200 },
};

/**
 * Chat (docs/product.md#chat): one conversation per pair of users, keyed by the other user's id;
 * messages in the order the server accepted them (a per-conversation position bumped in the
 * statement that inserts the message); edits with an append-only history; read positions and
 * unread counts; inquiries, quotes that become orders, bids. Every change writes a `chat.changed`
 * outbox event in its transaction; the relay publishes both participants' live events after commit.
 * Only a conversation's two participants can see anything of it; anyone else is told it does not exist.
 */
export class ChatService {
  /** Who is connected to chat (no email then). */
  private readonly presence: ChatPresence;

  constructor(private readonly deps: ChatServiceDeps) {
    this.presence = new ChatPresence(deps.redis, deps.clock);
  }

  // ---------------------------------------------------------------- who

  private async viewer(ctx: RequestContext): Promise<User> {
    if (!ctx.viewer) throw unauthenticated(LOG_IN_TO_CHAT);
    return this.deps.auth.requireUser(ctx);
  }

  /** The logged-in viewer's id (their row is read with the other participant's, see `parties`). */
  private viewerId(ctx: RequestContext): string {
    if (!ctx.viewer) throw unauthenticated(LOG_IN_TO_CHAT);
    return ctx.viewer.userId;
  }

  /**
   * The viewer and the other participant, read in one round trip (plain SQL, no entities): the
   * viewer's account must still exist (else they are logged out); the other must exist, not be
   * deleted and not be the viewer. (A text message checks both in the statement that stores it.)
   */
  private async parties(em: EntityManager, meId: string, peerId: string): Promise<{ other: Party }> {
    if (peerId === meId) throw new AppError('FORBIDDEN', 'You cannot message yourself');
    const rows = await em.execute<Array<{ id: string; username: string; whatsapp_verified: boolean }>>(
      'select u.id, u.username, u.whatsapp_verified from users u where u.id in (?::uuid, ?::uuid) and u.deleted_at is null',
      [meId, peerId],
    );
    if (!rows.some((r) => r.id === meId)) throw unauthenticated(LOG_IN_TO_CHAT);
    const other = rows.find((r) => r.id === peerId);
    if (!other) throw notFound(USER_NOT_FOUND);
    return { other: { id: other.id, username: other.username, phoneVerified: other.whatsapp_verified } };
  }

  /**
   * Counts one message against the sender's per-minute allowance, before any work: one round trip,
   * a pipeline rather than a transaction (the count is one atomic INCR; the expiry only needs to
   * follow it).
   */
  private async throttle(userId: string): Promise<void> {
    const key = `rl:chat:${userId}:${Math.floor(this.deps.clock.now().getTime() / 60_000)}`;
    const res = await this.deps.redis.pipeline().incr(key).expire(key, 120, 'NX').exec();
    if (Number(res?.[0]?.[1] ?? 0) > this.deps.messagesPerMinute) throw new AppError('RATE_LIMITED', TOO_FAST);
  }

  private async findConversation(em: EntityManager, a: string, b: string): Promise<Conv | null> {
    const [conv] = await em.execute<Conv[]>('select id, user_a, user_b from conversations where user_a = least(?::uuid, ?::uuid) and user_b = greatest(?::uuid, ?::uuid)', [a, b, a, b]);
    return conv ?? null;
  }

  // ---------------------------------------------------------------- sending

  /** A text message to `userId` (idempotent by `clientMessageId`). */
  async send(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(sendInput, raw);
    if (input.userId === me) throw new AppError('FORBIDDEN', 'You cannot message yourself');
    // Both parties are checked in the statement that stores the message.
    return this.post(ctx, me, input.userId, { kind: 'text', content: input.content, clientMessageId: input.clientMessageId ?? null });
  }

  /** POST /chat/{userId}/messages with a file: the early checks, before the body is read. */
  async attachmentUpload(ctx: RequestContext, rawPeerId: string): Promise<UploadSpec> {
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    await this.parties(ctx.em, me, userId);
    return ATTACHMENT_UPLOAD;
  }

  /**
   * A message carrying the received upload: a file (pictures re-encoded as webp with a preview,
   * stored under the private prefix), or only the `content` text field.
   */
  async sendUpload(ctx: RequestContext, rawPeerId: string, upload: { fields: Record<string, string>; files: UploadedFile[] }): Promise<MessageView> {
    const file = upload.files[0];
    const clientMessageId = upload.fields.clientMessageId || null;
    if (!file) return this.send(ctx, { userId: rawPeerId, content: upload.fields.content ?? '', clientMessageId: clientMessageId });
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    const { other } = await this.parties(ctx.em, me, userId);
    // Stored before the message is written (a refused message removes it again); the name is random.
    const stored = await this.deps.media.storeAt(file, `${PRIVATE_PREFIX}chat/${randomUUID()}`);
    const isImage = stored.itemType === 'picture';
    const fileName = displayName(file.filename, isImage);
    const attachment: ChatAttachmentView = { fileName, contentType: stored.contentType, size: stored.sizeBytes, isImage, key: stored.storageKey };
    try {
      return await this.post(ctx, me, other.id, { kind: 'attachment', content: fileName, clientMessageId, attachment });
    } catch (err) {
      await this.deps.media.remove([stored]);
      throw err;
    }
  }

  /**
   * An inquiry to a product's seller: the buyer's answers to the seller's questions (the message
   * text composed in the buyer's language: the product, each question and answer, N/A for a missing
   * one, and the closing line), or the buyer's own question when the product has none.
   */
  async sendInquiry(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(inquiryInput, raw);
    const product = await this.visibleProduct(input.productId);
    const { other } = await this.parties(ctx.em, me, product.seller_id);
    if (!input.answers.length && !input.content) throw new AppError('BAD_USER_INPUT', 'Please answer the questions or write your question');
    const answers = input.answers.map((a) => ({ question: a.question, answer: a.answer || 'N/A' }));
    const language: Locale = input.language ?? ctx.locale;
    const content = answers.length ? inquiryText(language, product.title, answers, input.content) : input.content!;
    return this.post(ctx, me, other.id, {
      kind: 'inquiry',
      content,
      clientMessageId: input.clientMessageId ?? null,
      inquiry: { productId: product.id, productTitle: product.title, answers },
    });
  }

  /** The seller quotes one of their products to the other participant: quantity, unit price, valid for some days. */
  async sendQuote(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(quoteInput, raw);
    const { other } = await this.parties(ctx.em, me, input.userId);
    const product = await this.visibleProduct(input.productId);
    if (product.seller_id !== me) throw new AppError('FORBIDDEN', 'You can only quote your own products');
    if (input.bidMessageId) await this.openBidFor(ctx.em, input.bidMessageId, me, other.id);
    const offer = { productId: product.id, productTitle: product.title, quantity: input.quantity, unitPricePaise: input.unitPricePaise };
    return this.post(ctx, me, other.id, {
      kind: 'quote',
      content: input.note ?? offerSummary('quote', offer),
      clientMessageId: null,
      offer: { ...offer, kind: 'quote', note: input.note ?? null, validDays: input.validDays, bidMessageId: input.bidMessageId ?? null },
    });
  }

  /** A buyer's bid on a product: it arrives in the conversation with its seller. */
  async placeBid(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(bidInput, raw);
    const product = await this.visibleProduct(input.productId);
    if (product.seller_id === me) throw new AppError('FORBIDDEN', 'You cannot bid on your own product');
    const { other } = await this.parties(ctx.em, me, product.seller_id);
    const offer = { productId: product.id, productTitle: product.title, quantity: input.quantity, unitPricePaise: input.unitPricePaise };
    return this.post(ctx, me, other.id, {
      kind: 'bid',
      content: input.note ?? offerSummary('bid', offer),
      clientMessageId: input.clientMessageId ?? null,
      offer: { ...offer, kind: 'bid', note: input.note ?? null, validDays: null, bidMessageId: null },
    });
  }

  /**
   * The seller answers an open bid: accept (a quote at the bid's price), counter (a quote at another
   * price) or decline. The bid's status changes and, for accept and counter, the quote is sent, in
   * one transaction. Answers the bid as it now is.
   */
  async respondToBid(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = this.viewerId(ctx);
    const input = parseInput(bidResponseInput, raw);
    const bid = await this.messageFor(ctx.em, input.messageId, me);
    if (!bid.bid) throw new AppError('BAD_REQUEST', 'This message is not a bid');
    if (bid.mine) throw new AppError('FORBIDDEN', 'Only the seller can answer this bid');
    if (bid.bid.status !== 'open') throw new AppError('CONFLICT', 'This bid has already been answered');
    const { other } = await this.parties(ctx.em, me, bid.senderId);
    const status = input.action === 'accept' ? 'accepted' : input.action === 'counter' ? 'countered' : 'declined';
    const claim = async (tx: EntityManager, quoteId: string | null) => {
      const rows = await tx.execute(`update chat_offers set status = ?, quote_message_id = ? where message_id = ? and kind = 'bid' and status = 'open' returning 1`, [
        status,
        quoteId,
        bid.id,
      ]);
      if (!rows.length) throw new AppError('CONFLICT', 'This bid has already been answered');
      await this.changed(tx, bid.conversationId, 'bid_changed', bid.id, me);
    };
    if (input.action === 'decline') {
      await ctx.em.transactional((tx) => claim(tx, null));
    } else {
      const product = await this.visibleProduct(bid.bid.productId);
      const offer = { productId: product.id, productTitle: product.title, quantity: bid.bid.quantity, unitPricePaise: input.unitPricePaise ?? bid.bid.unitPricePaise };
      await this.post(
        ctx,
        me,
        other.id,
        {
          kind: 'quote',
          content: offerSummary('quote', offer),
          clientMessageId: null,
          offer: { ...offer, kind: 'quote', note: null, validDays: input.validDays, bidMessageId: bid.id },
        },
        claim,
      );
    }
    return this.messageFor(ctx.em, bid.id, me);
  }

  /**
   * Stores one message: the conversation's position is bumped in the statement that inserts it, so
   * the order of positions is the order the server accepted messages, the same for every reader.
   * The same statement checks both parties (the viewer's account still there, the other's not
   * deleted), and answers the sender's message already
   * stored under a repeated `clientMessageId` instead of a new one. The sender's allowance is counted
   * first (a retry counts too; one over the limit is still answered with its message).
   */
  private async post(
    ctx: RequestContext,
    me: string,
    otherId: string,
    m: {
      kind: MessageKind;
      content: string;
      clientMessageId: string | null;
      attachment?: ChatAttachmentView;
      inquiry?: MessageView['inquiry'];
      offer?: { kind: 'quote' | 'bid'; productId: string; productTitle: string; quantity: number; unitPricePaise: string; note: string | null; validDays: number | null; bidMessageId: string | null };
    },
    alsoInTx?: (tx: EntityManager, messageId: string) => Promise<void>,
  ): Promise<MessageView> {
    try {
      await this.throttle(me);
    } catch (err) {
      const prior = m.clientMessageId ? await this.byClientId(ctx.em, me, m.clientMessageId) : null;
      if (prior) return prior;
      throw err;
    }
    const now = this.deps.clock.now();
    const id = uuidv7();
    const eventId = uuidv7();
    if (!m.offer && !alsoInTx) {
      const done = await this.postAlone(ctx, id, eventId, me, otherId, now, m);
      if (done) return done;
      // Another change to the conversation committed meanwhile: the transaction below reads again.
    }
    const stored = await ctx.em.transactional(async (tx): Promise<MessageView | MessageRow | null> => {
      const row = await this.insertChecked(tx, id, eventId, me, otherId, now, m, false);
      if (row.prior) return this.view(row.prior, me);
      if (row.position === null) return null; // the same client message id committed meanwhile
      if (m.offer) {
        const validUntil = m.offer.validDays ? new Date(now.getTime() + m.offer.validDays * 24 * 3600 * 1000) : null;
        await tx.execute(
          `insert into chat_offers (message_id, kind, product_id, product_title, quantity, unit_price_paise, note, valid_until, status, bid_message_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
          [id, m.offer.kind, m.offer.productId, m.offer.productTitle, m.offer.quantity, m.offer.unitPricePaise, m.offer.note, validUntil, m.offer.bidMessageId],
        );
      }
      let message: Record<string, unknown> | null;
      if (row.event) {
        // The statement wrote the event too (its read was exact): published at commit like any other.
        addWrittenOutboxEvent(tx, { id: eventId, topic: CHAT_CHANGED, payload: row.event });
        message = (row.event as unknown as ChatChangedEvent).message;
      } else {
        // Another change to the conversation committed between the statement's start and its bump
        // (or the message has an offer row, written after it): read again now that this transaction
        // holds the conversation's position.
        const event = { type: 'message' as const, conversationId: row.id!, userA: row.user_a!, userB: row.user_b!, position: row.position, messageId: id, actorId: me, readPosition: null, notify: row.notify };
        message = (await this.outbox(tx, event)).message;
      }
      if (alsoInTx) await alsoInTx(tx, id);
      return message as unknown as MessageRow;
    });
    if (stored && 'mine' in stored) return stored;
    if (!stored && m.clientMessageId) {
      const prior = await this.byClientId(ctx.em, me, m.clientMessageId);
      if (prior) return prior;
    }
    // The answer is the message as committed (read in the transaction, not again after it).
    return stored ? this.view(stored, me) : this.messageFor(ctx.em, id, me);
  }

  /**
   * A message without an offer in one statement of its own (no transaction: the message, the
   * conversation's position and last message, and the event in the outbox commit together), whose
   * event is then published before the answer (as a transaction's are at its commit). Answers null
   * when the statement's read was not exact and it wrote nothing: the caller's transaction does it.
   */
  private async postAlone(ctx: RequestContext, id: string, eventId: string, me: string, otherId: string, now: Date, m: Parameters<ChatService['insertMessage']>[6]): Promise<MessageView | null> {
    const row = await this.insertChecked(ctx.em, id, eventId, me, otherId, now, m, true);
    if (row.prior) return this.view(row.prior, me);
    if (!row.alone) return null;
    if (!row.event) {
      // The same client message id committed meanwhile.
      const prior = m.clientMessageId ? await this.byClientId(ctx.em, me, m.clientMessageId) : null;
      if (prior) return prior;
      throw new Error('message neither stored nor found');
    }
    await this.deps.outbox.publishCommitted([{ id: eventId, topic: CHAT_CHANGED, payload: row.event }]);
    return this.view((row.event as unknown as ChatChangedEvent).message as unknown as MessageRow, me);
  }

  /**
   * insertMessage with its refusals (the viewer logged out, the other participant gone), and a pair's
   * first message creating its conversation (or finding the one a concurrent first message committed)
   * before it tries again.
   */
  private async insertChecked(...args: Parameters<ChatService['insertMessage']>): Promise<InsertedRow> {
    const [em, , , me, otherId, now] = args;
    let row = await this.insertMessage(...args);
    if (!row.me_ok) throw unauthenticated(LOG_IN_TO_CHAT);
    if (!row.other_ok) throw notFound(USER_NOT_FOUND);
    if (!row.id && !row.prior) {
      await this.createConversation(em, me, otherId, now);
      row = await this.insertMessage(...args);
      if (!row.id && !row.prior) throw new Error('conversation not found after its insert');
    }
    return row;
  }

  /**
   * One round trip: checks the parties and looks for the sender's message under the same client
   * message id; unless one is missing or the message exists, finds the pair's conversation, bumps
   * its position (the row lock orders the conversation's changes until commit), inserts the message
   * (nothing on a client message id committed meanwhile), moves the conversation's last message,
   * reads what the event shows (the message as inserted and both participants' unread counts, the
   * new message counted for its recipient: the statement's snapshot does not see its own insert),
   * and writes the event into the outbox when that read is exact: the position bumped is the one
   * after the position the snapshot saw, so no change to the conversation committed between the
   * snapshot and the bump (and the message has no offer, whose row comes after). Answers the event's
   * payload if it wrote it. No conversation (`id` null): none yet. `standalone`: the statement runs on
   * its own (no transaction), so it writes the message only with its event: when its read is not
   * exact it leaves a position unused and writes nothing else (`alone` false in the answer).
   */
  private async insertMessage(
    tx: EntityManager,
    id: string,
    eventId: string,
    me: string,
    otherId: string,
    now: Date,
    m: { kind: MessageKind; content: string; clientMessageId: string | null; attachment?: ChatAttachmentView; inquiry?: MessageView['inquiry']; offer?: unknown },
    standalone: boolean,
  ): Promise<InsertedRow> {
    const unread = (user: string, recipient: string) =>
      `(${unreadSql(user)} and c2.id = c.id)::int + (case when ${user} = ${recipient} then 1 else 0 end) as`;
    const total = (user: string, recipient: string) => `(${unreadSql(user)})::int + (case when ${user} = ${recipient} then 1 else 0 end) as`;
    const [row] = await tx.execute<InsertedRow[]>(
      `with p as (
         select coalesce(bool_or(u.id = ?::uuid), false) as me_ok, coalesce(bool_or(u.id = ?::uuid), false) as other_ok,
           coalesce(bool_or(u.id = ?::uuid and u.email_notifications and u.email_verified), false) as notify
         from users u where u.id in (?::uuid, ?::uuid) and u.deleted_at is null),
       prior as (select row_to_json(x) as message from (${SELECT_MESSAGES} where m.sender_id = ?::uuid and m.client_message_id = ?) x),
       c as (
         select cv.id, cv.user_a, cv.user_b, cv.a_read_position, cv.b_read_position from conversations cv, p
         where cv.user_a = least(?::uuid, ?::uuid) and cv.user_b = greatest(?::uuid, ?::uuid) and p.me_ok and p.other_ok and not exists (select 1 from prior)),
       seen as (select lp.position from live_positions lp, c where lp.scope = 'conversation' and lp.key = c.id),
       bump as (${bumpPositionsSql('conversation', 'select id from c')}),
       fresh as (select coalesce((select position from seen), 0) + 1 = bump.position::bigint as alone from bump),
       ins as (
         insert into chat_messages (id, conversation_id, sender_id, kind, content, created_at, position, change_position, client_message_id, inquiry, attachment)
         select ?, bump.key, ?, ?, ?, ?, bump.position::bigint, bump.position::bigint, ?, ?::jsonb, ?::jsonb from bump, fresh
         where fresh.alone or not ?::boolean
         on conflict (sender_id, client_message_id) do nothing
         returning id, conversation_id, sender_id, kind, content, created_at, edited_at, version, position::text as position,
           change_position::text as change_position, client_message_id, inquiry, attachment),
       upd as (update conversations set last_message_id = ?, last_message_at = ? where id = (select id from c) and exists (select 1 from ins)),
       snap as (
         select c.id, c.user_a, c.user_b, ins.position,
           (select row_to_json(x) from (select ins.*, null::text as offer_kind, null::uuid as product_id, null::text as product_title, null::int as quantity,
              null::text as unit_price_paise, null::text as note, null::timestamptz as valid_until, null::text as offer_status, null::uuid as order_id,
              null::uuid as bid_message_id, null::uuid as quote_message_id) x) as message,
           ${unread('c.user_a', '?::uuid')} a_unread, ${total('c.user_a', '?::uuid')} a_total,
           ${unread('c.user_b', '?::uuid')} b_unread, ${total('c.user_b', '?::uuid')} b_total
         from c, ins
         where ?::boolean and (select alone from fresh)),
       ev as (
         insert into outbox_events (id, topic, payload, created_at)
         select ?, ?, jsonb_build_object('type', 'message', 'conversationId', s.id, 'userA', s.user_a, 'userB', s.user_b, 'position', s.position,
             'messageId', ?::uuid, 'actorId', ?::uuid, 'readPosition', null, 'message', s.message,
             'unread', jsonb_build_object(s.user_a, jsonb_build_array(s.a_unread, s.a_total), s.user_b, jsonb_build_array(s.b_unread, s.b_total)),
             'notify', p.notify), ?
         from snap s, p
         returning payload)
       select p.me_ok, p.other_ok, p.notify, (select message from prior) as prior, c.id, c.user_a, c.user_b, (select position from ins) as position,
         (select alone from fresh) as alone, (select payload from ev) as event
       from p left join c on true`,
      [
        me,
        otherId,
        otherId,
        me,
        otherId,
        me,
        m.clientMessageId,
        me,
        otherId,
        me,
        otherId,
        id,
        me,
        m.kind,
        m.content,
        now,
        m.clientMessageId,
        m.inquiry ? JSON.stringify(m.inquiry) : null,
        m.attachment ? JSON.stringify(m.attachment) : null,
        standalone,
        id,
        now,
        otherId,
        otherId,
        otherId,
        otherId,
        !m.offer,
        eventId,
        CHAT_CHANGED,
        id,
        me,
        now,
      ],
    );
    return row;
  }

  private async createConversation(tx: EntityManager, a: string, b: string, now: Date): Promise<void> {
    await tx.execute(
      `insert into conversations (id, user_a, user_b, created_at) values (?, least(?::uuid, ?::uuid), greatest(?::uuid, ?::uuid), ?)
       on conflict (user_a, user_b) do nothing`,
      [uuidv7(), a, b, a, b, now],
    );
  }

  private async byClientId(em: EntityManager, senderId: string, clientMessageId: string): Promise<MessageView | null> {
    const [row] = await em.fork().execute<MessageRow[]>(`${SELECT_MESSAGES} where m.sender_id = ? and m.client_message_id = ?`, [senderId, clientMessageId]);
    return row ? this.view(row, senderId) : null;
  }

  /** Bumps the conversation's position for a change of an existing message (or a read) and writes the event. */
  private async changed(tx: EntityManager, conversationId: string, type: ChatEventKind, messageId: string | null, actorId: string, readPosition: string | null = null): Promise<string> {
    const [row] = await tx.execute<Array<{ position: string; user_a: string; user_b: string }>>(
      `with bump as (${bumpPositionsSql('conversation', 'select ?::uuid')}),
       touched as (update chat_messages set change_position = (select position::bigint from bump) where id = ?::uuid returning 1)
       select bump.position, c.user_a, c.user_b from bump, conversations c where c.id = ?`,
      [conversationId, messageId, conversationId],
    );
    await this.outbox(tx, { type, conversationId, userA: row.user_a, userB: row.user_b, position: row.position, messageId, actorId, readPosition });
    return row.position;
  }

  /**
   * Writes the event with the change (the relay publishes both participants' live events after
   * commit), carrying what its subscribers are shown: the message as it now is and both
   * participants' unread counts, read here in one round trip (a delivery then reads nothing).
   */
  private async outbox(tx: EntityManager, event: Omit<ChatChangedEvent, 'message' | 'unread'>): Promise<ChatChangedEvent> {
    const [snap] = await tx.execute<Array<{ message: Record<string, unknown> | null; a_unread: number; a_total: number; b_unread: number; b_total: number }>>(
      `select (select row_to_json(x) from (${SELECT_MESSAGES} where m.id = ?::uuid) x) as message,
         (${UNREAD_SQL} and c2.id = ?)::int as a_unread, (${UNREAD_SQL})::int as a_total,
         (${UNREAD_SQL} and c2.id = ?)::int as b_unread, (${UNREAD_SQL})::int as b_total`,
      [event.messageId, ...unreadParams(event.userA), event.conversationId, ...unreadParams(event.userA), ...unreadParams(event.userB), event.conversationId, ...unreadParams(event.userB)],
    );
    return this.addEvent(tx, {
      ...event,
      message: snap.message,
      unread: { [event.userA]: [snap.a_unread, snap.a_total], [event.userB]: [snap.b_unread, snap.b_total] },
    });
  }

  /** Writes a `chat.changed` event carrying its snapshot into the transaction's outbox. */
  private addEvent(tx: EntityManager, full: ChatChangedEvent): ChatChangedEvent {
    addOutboxEvent(tx, CHAT_CHANGED, { ...full });
    return full;
  }

  // ---------------------------------------------------------------- editing

  /** Edits the author's text message (or the note of an open quote); the earlier version is kept. */
  async edit(ctx: RequestContext, raw: unknown): Promise<MessageView> {
    const me = await this.viewer(ctx);
    const input = parseInput(editInput, raw);
    const message = await this.messageFor(ctx.em, input.messageId, me.id);
    if (!message.mine) throw new AppError('FORBIDDEN', 'Only the author can edit this message');
    if (message.kind !== 'text' && message.kind !== 'quote') throw new AppError('BAD_USER_INPUT', 'Only text messages and quotes can be edited');
    if (message.content === input.content) return message;
    const now = this.deps.clock.now();
    await ctx.em.transactional(async (tx) => {
      // The row lock orders concurrent edits; an ordered quote is refused in the same statement.
      const [old] = await tx.execute<Array<{ content: string; version: number; at: Date }>>(
        `select m.content, m.version, coalesce(m.edited_at, m.created_at) as at from chat_messages m
          where m.id = ? and m.sender_id = ? and not exists (select 1 from chat_offers o where o.message_id = m.id and o.status = 'ordered')
          for update`,
        [message.id, me.id],
      );
      if (!old) throw new AppError('CONFLICT', 'An ordered quote cannot be edited');
      await tx.execute('insert into chat_message_versions (message_id, version, content, created_at) values (?, ?, ?, ?)', [message.id, old.version, old.content, old.at]);
      await tx.execute('update chat_messages set content = ?, version = version + 1, edited_at = ? where id = ?', [input.content, now, message.id]);
      await this.changed(tx, message.conversationId, 'edited', message.id, me.id);
    });
    return this.messageFor(ctx.em, message.id, me.id);
  }

  /** Every version of a message, oldest first, the current one last. */
  async history(ctx: RequestContext, rawId: string): Promise<MessageVersionView[]> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    const message = await this.messageFor(ctx.em, messageId, me.id);
    const rows = await ctx.em
      .fork()
      .execute<Array<{ version: number; content: string; created_at: Date }>>('select version, content, created_at from chat_message_versions where message_id = ? order by version', [message.id]);
    return [...rows.map((r) => ({ version: r.version, content: r.content, at: asDate(r.created_at) })), { version: rows.length + 1, content: message.content, at: message.editedAt ?? message.createdAt }];
  }

  // ---------------------------------------------------------------- quotes become orders

  /**
   * The buyer accepts a quote: an order at the quoted price through the orders service (the same
   * stock and idempotency rules), and the quote marked ordered in the same transaction (one order
   * per quote: a second accept is refused). Expired, changed or someone else's quotes are refused.
   */
  async orderQuote(ctx: RequestContext, raw: unknown, idempotencyKey: string | null | undefined): Promise<OrderView> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, raw);
    const message = await this.messageFor(ctx.em, messageId, me.id);
    const quote = message.quote;
    if (!quote) throw new AppError('BAD_REQUEST', 'This message is not a quote');
    if (message.mine) throw new AppError('FORBIDDEN', 'Only the buyer can accept this quote');
    if (quote.status === 'ordered') {
      // A retry of the same acceptance answers its order.
      if (idempotencyKey && quote.orderId) return this.deps.orders.getOrder(ctx, quote.orderId);
      throw new AppError('CONFLICT', 'This quote has already been ordered');
    }
    if (quote.status === 'expired') throw new AppError('CONFLICT', 'This quote has expired');
    if (message.isEdited) throw new AppError('CONFLICT', 'This quote was changed by the seller; ask for a new one');
    return this.deps.orders.buyQuoted(
      ctx,
      { productId: quote.productId, quantity: quote.quantity, idempotencyKey },
      { unitPricePaise: quote.unitPricePaise, sellerId: message.senderId, reference: message.id },
      async (tx, orderId) => {
        const rows = await tx.execute(
          `update chat_offers set status = 'ordered', order_id = ? where message_id = ? and kind = 'quote' and status = 'open' and valid_until > ? returning 1`,
          [orderId, message.id, this.deps.clock.now()],
        );
        if (!rows.length) throw new AppError('CONFLICT', 'This quote has already been ordered');
        await this.changed(tx, message.conversationId, 'quote_ordered', message.id, me.id);
      },
    );
  }

  // ---------------------------------------------------------------- reading

  /** The viewer's conversations, the latest activity first. */
  async conversations(ctx: RequestContext): Promise<ConversationView[]> {
    const me = await this.viewer(ctx);
    return this.readConversations(ctx.em, me.id, null);
  }

  /** The viewer's unread messages in all conversations. */
  async unreadTotal(ctx: RequestContext): Promise<number> {
    const me = await this.viewer(ctx);
    return this.countUnread(ctx.em, me.id, null);
  }

  /** Who a conversation key is (a new conversation shows their name before any message). */
  async partner(ctx: RequestContext, rawPeerId: string): Promise<ChatUserView> {
    const me = this.viewerId(ctx);
    const { userId } = parseInput(peerInput, { userId: rawPeerId });
    const { other } = await this.parties(ctx.em, me, userId);
    return { id: other.id, username: other.username, phoneVerified: other.phoneVerified, deleted: false };
  }

  /**
   * Messages with `user_id`: the newest `limit`, or those before a position (paging up), or every
   * one created or changed after a position (the refetch after a reconnect); oldest first.
   */
  async messages(ctx: RequestContext, raw: unknown): Promise<{ items: MessageView[]; hasMore: boolean }> {
    const me = await this.viewer(ctx);
    const input = parseInput(listInput, raw);
    const conv = await this.findConversation(ctx.em.fork(), me.id, input.userId);
    if (!conv) {
      if (input.userId === me.id) throw new AppError('FORBIDDEN', 'You cannot message yourself');
      return { items: [], hasMore: false };
    }
    const em = ctx.em.fork();
    let rows: MessageRow[];
    if (input.after !== undefined) {
      rows = await em.execute<MessageRow[]>(`${SELECT_MESSAGES} where m.conversation_id = ? and m.change_position > ? order by m.change_position limit ?`, [conv.id, input.after, 501]);
      const hasMore = rows.length > 500;
      const items = rows.slice(0, 500).map((r) => this.view(r, me.id));
      return { items: items.sort((a, b) => Number(BigInt(a.position) - BigInt(b.position))), hasMore };
    }
    rows = await em.execute<MessageRow[]>(
      `${SELECT_MESSAGES} where m.conversation_id = ? ${input.before !== undefined ? 'and m.position < ?' : ''} order by m.position desc limit ?`,
      input.before !== undefined ? [conv.id, input.before, input.limit + 1] : [conv.id, input.limit + 1],
    );
    const hasMore = rows.length > input.limit;
    return { items: rows.slice(0, input.limit).reverse().map((r) => this.view(r, me.id)), hasMore };
  }

  /** One message, for one of its conversation's participants; anyone else is told it does not exist. */
  async message(ctx: RequestContext, rawId: string): Promise<MessageView> {
    const me = await this.viewer(ctx);
    const { messageId } = parseInput(messageIdInput, { messageId: rawId });
    return this.messageFor(ctx.em, messageId, me.id);
  }

  private async messageFor(em: EntityManager, id: string, viewerId: string): Promise<MessageView> {
    const [row] = await em
      .fork()
      .execute<MessageRow[]>(`${SELECT_MESSAGES} join conversations c on c.id = m.conversation_id where m.id = ? and (c.user_a = ? or c.user_b = ?)`, [id, viewerId, viewerId]);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    return this.view(row, viewerId);
  }

  private async openBidFor(em: EntityManager, bidId: string, sellerId: string, buyerId: string): Promise<void> {
    const bid = await this.messageFor(em, bidId, sellerId);
    if (!bid.bid || bid.senderId !== buyerId) throw notFound(MESSAGE_NOT_FOUND);
    if (bid.bid.status !== 'open') throw new AppError('CONFLICT', 'This bid has already been answered');
  }

  /** Marks the conversation with `user_id` read up to `position` (never backwards). */
  async markRead(ctx: RequestContext, raw: unknown): Promise<ConversationView> {
    const me = await this.viewer(ctx);
    const input = parseInput(readInput, raw);
    const conv = await this.findConversation(ctx.em.fork(), me.id, input.userId);
    if (!conv) throw notFound('Conversation not found');
    const mine = conv.user_a === me.id ? 'a_read_position' : 'b_read_position';
    await ctx.em.transactional(async (tx) => {
      const [moved] = await tx.execute<Array<{ read: string }>>(
        `update conversations c set ${mine} = least(?::bigint, coalesce((select max(position) from chat_messages m where m.conversation_id = c.id), 0))
          where c.id = ? and ${mine} < least(?::bigint, coalesce((select max(position) from chat_messages m where m.conversation_id = c.id), 0))
          returning ${mine}::text as read`,
        [input.position, conv.id, input.position],
      );
      if (moved) await this.changed(tx, conv.id, 'read', null, me.id, moved.read);
    });
    const [view] = await this.readConversations(ctx.em, me.id, conv.id);
    return view;
  }

  private async readConversations(em: EntityManager, me: string, onlyId: string | null): Promise<ConversationView[]> {
    const rows = await em.fork().execute<
      Array<{
        id: string;
        last_message_at: Date | null;
        preview: string | null;
        preview_kind: MessageKind | null;
        other_read: string;
        unread: string;
        position: string;
        other_id: string;
        other_name: string;
        other_verified: boolean;
        other_deleted: boolean;
      }>
    >(
      `select c.id, c.last_message_at, lm.content as preview, lm.kind as preview_kind,
         (case when c.user_a = ? then c.b_read_position else c.a_read_position end)::text as other_read,
         (select count(*) from chat_messages m where m.conversation_id = c.id and m.sender_id <> ?
            and m.position > (case when c.user_a = ? then c.a_read_position else c.b_read_position end))::text as unread,
         coalesce(lp.position, 0)::text as position,
         u.id as other_id, u.username as other_name, u.whatsapp_verified as other_verified, (u.deleted_at is not null) as other_deleted
       from conversations c
       join users u on u.id = (case when c.user_a = ? then c.user_b else c.user_a end)
       left join chat_messages lm on lm.id = c.last_message_id
       left join live_positions lp on lp.scope = 'conversation' and lp.key = c.id
       where (c.user_a = ? or c.user_b = ?) and c.last_message_id is not null ${onlyId ? 'and c.id = ?' : ''}
       order by c.last_message_at desc, c.id desc
       limit 200`,
      [me, me, me, me, me, me, ...(onlyId ? [onlyId] : [])],
    );
    return rows.map((r) => ({
      id: r.id,
      otherUser: { id: r.other_id, username: r.other_deleted ? DELETED_USER : r.other_name, phoneVerified: !r.other_deleted && r.other_verified, deleted: r.other_deleted },
      lastMessagePreview: r.preview === null ? null : preview(r.preview, r.preview_kind),
      lastMessageAt: r.last_message_at === null ? null : asDate(r.last_message_at),
      unreadCount: Number(r.unread),
      position: r.position,
      otherLastReadPosition: r.other_read,
    }));
  }

  /** Unread messages of `me` in one conversation, or in all of them. */
  private async countUnread(em: EntityManager, me: string, conversationId: string | null): Promise<number> {
    const [row] = await em
      .fork()
      .execute<Array<{ n: string }>>(`select (${UNREAD_SQL} ${conversationId ? 'and c2.id = ?' : ''})::text as n`, [me, me, me, me, ...(conversationId ? [conversationId] : [])]);
    return Number(row?.n ?? 0);
  }

  private view(r: MessageRow, viewerId: string): MessageView {
    const now = this.deps.clock.now().getTime();
    const total = (qty: number | null, unit: string | null) => (BigInt(unit ?? '0') * BigInt(qty ?? 0)).toString();
    return {
      id: r.id,
      conversationId: r.conversation_id,
      senderId: r.sender_id,
      mine: r.sender_id === viewerId,
      kind: r.kind,
      content: r.content,
      createdAt: asDate(r.created_at),
      isEdited: r.edited_at !== null,
      editedAt: r.edited_at === null ? null : asDate(r.edited_at),
      position: String(r.position),
      changePosition: String(r.change_position),
      clientMessageId: r.sender_id === viewerId ? r.client_message_id : null,
      attachment: r.attachment,
      inquiry: r.inquiry,
      quote:
        r.offer_kind === 'quote'
          ? {
              note: r.note !== null || r.edited_at !== null ? r.content : null,
              productId: r.product_id!,
              productTitle: r.product_title!,
              quantity: r.quantity!,
              unitPricePaise: r.unit_price_paise!,
              totalPaise: total(r.quantity, r.unit_price_paise),
              validUntil: asDate(r.valid_until!),
              status: r.offer_status === 'ordered' ? 'ordered' : new Date(r.valid_until!).getTime() <= now ? 'expired' : 'open',
              orderId: r.order_id,
              bidMessageId: r.bid_message_id,
            }
          : null,
      bid:
        r.offer_kind === 'bid'
          ? {
              productId: r.product_id!,
              productTitle: r.product_title!,
              quantity: r.quantity!,
              unitPricePaise: r.unit_price_paise!,
              totalPaise: total(r.quantity, r.unit_price_paise),
              note: r.note,
              status: r.offer_status as BidView['status'],
              quoteMessageId: r.quote_message_id,
            }
          : null,
    };
  }

  /** A product buyers can see (for an inquiry, a bid or a quote). */
  private async visibleProduct(productId: string): Promise<CatalogueProduct> {
    const [product] = await readCatalogueProducts(this.deps.db, [productId]);
    if (!product || product.deleted || !product.enabled || product.seller_deleted) throw notFound('Product not found');
    return product;
  }

  // ---------------------------------------------------------------- attachments

  /** The stored file of an attachment (its preview for pictures), for a participant only. */
  async attachmentFile(ctx: RequestContext, rawId: string, preview: boolean): Promise<{ key: string; downloadName?: string } | null> {
    if (!ctx.viewer) return null;
    const parsed = messageIdInput.safeParse({ messageId: rawId });
    if (!parsed.success) return null;
    const message = await this.messageFor(ctx.em, parsed.data.messageId, ctx.viewer.userId).catch(() => null);
    const a = message?.attachment;
    if (!a) return null;
    if (a.isImage) return { key: `${a.key}-${preview ? 'sm' : 'lg'}.webp` };
    if (preview) return null;
    return { key: a.key, downloadName: a.fileName };
  }

  // ---------------------------------------------------------------- live

  /**
   * One chat event as `userId` sees it, from what the event carries (read when the change
   * committed): the subscription has checked the session again and the event was addressed to
   * this participant only, so nothing is read per delivery.
   */
  liveView(userId: string, e: ChatEventMessage): ChatEventView {
    return {
      type: e.type,
      conversationId: e.conversationId,
      otherUserId: e.otherUserId,
      position: e.position,
      message: e.message ? this.view(e.message as unknown as MessageRow, userId) : null,
      readerId: e.type === 'read' ? e.actorId : null,
      readPosition: e.readPosition,
      unreadCount: e.unread[0],
      unreadTotal: e.unread[1],
    };
  }

  /**
   * Tells the other participant of an existing conversation that the viewer is typing: at most one
   * hint per TYPING_EVERY_MS per conversation and sender (more are answered but not sent), on the
   * direct path (a lost hint is harmless). Answers whether one was sent.
   */
  async typing(ctx: RequestContext, raw: unknown): Promise<boolean> {
    const me = await this.viewer(ctx);
    const { userId } = parseInput(peerInput, raw);
    const conv = await this.findConversation(ctx.em.fork(), me.id, userId);
    if (!conv || userId === me.id) throw notFound('Conversation not found');
    const fresh = await this.deps.redis.set(`chat:typing:${conv.id}:${me.id}`, '1', 'PX', TYPING_EVERY_MS, 'NX');
    if (fresh !== 'OK') return false;
    await this.deps.live.publish('chatTyping', userId, { conversationId: conv.id, userId: me.id, at: this.deps.clock.now().toISOString() });
    return true;
  }

  /** Marks `userId` connected to chat (an open subscription) until `leavePresence`; answers the entry's id. */
  enterPresence(userId: string): Promise<string> {
    return this.presence.enter(userId);
  }

  leavePresence(id: string): Promise<void> {
    return this.presence.leave(id);
  }

  // ---------------------------------------------------------------- after commit (worker)

  /**
   * Handles one committed `chat.changed` event: the recipient of a new message who is not connected
   * gets an email, at most one per conversation every CHAT_EMAIL_INTERVAL_MINUTES, in their
   * language, only with email notifications on (idempotent: the email is deduplicated by event).
   */
  async afterChange(em: EntityManager, eventId: string, event: Pick<ChatChangedEvent, 'type' | 'conversationId' | 'userA' | 'userB' | 'actorId' | 'messageId'>): Promise<void> {
    if (event.type !== 'message') return;
    const recipientId = event.actorId === event.userA ? event.userB : event.userA;
    const fresh = em.fork();
    const [recipient, sender] = await Promise.all([fresh.findOne(User, { id: recipientId, deletedAt: null }), fresh.findOne(User, { id: event.actorId })]);
    if (!recipient || !sender || !recipient.emailNotifications || !recipient.emailVerified) return;
    if (await this.presence.isOnline(recipientId)) return;
    const now = this.deps.clock.now();
    const claimed = await fresh.execute(
      `insert into chat_email_notices (conversation_id, user_id, sent_at) values (?, ?, ?)
       on conflict (conversation_id, user_id) do update set sent_at = excluded.sent_at where chat_email_notices.sent_at <= ?
       returning 1`,
      [event.conversationId, recipientId, now, new Date(now.getTime() - this.deps.emailIntervalMinutes * 60_000)],
    );
    if (!claimed.length) return;
    const [m] = await fresh.execute<Array<{ content: string; kind: MessageKind }>>('select content, kind from chat_messages where id = ?', [event.messageId]);
    const mail = chatEmail(recipient.language, { sender: sender.username, preview: preview(m?.content ?? '', m?.kind ?? 'text'), url: `${this.deps.publicUrl}/chat?with=${sender.id}` });
    await this.deps.mail.send({ to: recipient.email, ...mail, idempotencyKey: `chat-${eventId}` });
  }
}

/** A timestamp as the driver returns it in raw rows (a Date or its text). */
const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** A conversation list's one-line preview of a message. */
function preview(content: string, kind: MessageKind | null): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const short = [...line].length > 120 ? `${[...line].slice(0, 119).join('')}…` : line;
  return kind === 'attachment' ? `📎 ${short}` : short;
}

/** The text of a quote or bid without a note: '10 x Steel pipes at ₹500 each'. */
function offerSummary(kind: 'quote' | 'bid', o: { productTitle: string; quantity: number; unitPricePaise: string }): string {
  return `${kind === 'quote' ? 'Quote' : 'Offer'}: ${o.quantity} x ${o.productTitle} at ${formatPaise(o.unitPricePaise)} each`;
}

/** The name an attachment is shown and downloaded with (a picture is stored as webp). */
function displayName(given: string, isImage: boolean): string {
  const base = given.replace(/[\\/\p{Cc}]/gu, '_').trim().slice(0, 200) || 'file';
  return isImage ? `${base.replace(/\.[^.]+$/, '')}.webp` : base;
}
