import { formatPaise } from '../../common/money.js';
import { DEFAULT_UNIT, isUnit, perUnit, quantityWithUnit, type Unit } from '../products/products.public.js';
import type { ChatEventMessage } from '../../pubsub/topics.js';
import { messageRowSchema, type ChatEventKind, type MESSAGE_KINDS, type MessageRow } from './chat-events.js';

// What a participant is shown of chat, built from the rows the conversation store reads (pure: no
// database, no clock of its own). docs/product.md#chat.

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface ChatAttachmentView {
  fileName: string;
  contentType: string;
  size: number;
  isImage: boolean;
  /** The stored key (pictures: the base key of the webp variants). Never shown: served by a checked route. */
  key: string;
  /** A voice note's facts: its duration, waveform, its receiver's first play and its transcript (when speech is on). */
  voice?: VoiceFacts;
}

export interface VoiceFacts {
  durationMs: number;
  peaks: number[];
  /** When its receiver first played it (ISO time), or null: unplayed. */
  playedAt?: string | null;
  transcript?: string | null;
}

export interface QuoteView {
  /** The seller's note: the message text when they wrote one (or edited it), else null. */
  note: string | null;
  productId: string;
  productTitle: string;
  /** What the quantity counts and the price is per (the product's unit when the quote was made). */
  unit: Unit;
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
  /** What the quantity counts and the price is per (the product's unit when the offer was made). */
  unit: Unit;
  quantity: number;
  unitPricePaise: string;
  totalPaise: string;
  note: string | null;
  status: 'open' | 'accepted' | 'countered' | 'declined';
  quoteMessageId: string | null;
}

export interface InquiryView {
  productId: string;
  productTitle: string;
  answers: Array<{ question: string; answer: string }>;
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
  inquiry: InquiryView | null;
  quote: QuoteView | null;
  bid: BidView | null;
}

export interface ChatUserView {
  id: string;
  username: string;
  whatsappVerified: boolean;
  deleted: boolean;
  /** The viewer blocked them (docs/product.md#blocking): the conversation is closed until they unblock. */
  blockedByMe: boolean;
  /**
   * Whether the viewer can write to them: not when their account was deleted, or either blocked the
   * other (who blocked whom is told only to the one who did).
   */
  canMessage: boolean;
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

const totalOf = (qty: number | null, unit: string | null) => (BigInt(unit ?? '0') * BigInt(qty ?? 0)).toString();

/**
 * A message as `viewerId` sees it at `nowMs`: `mine` and the client message id are the sender's
 * alone; a quote is `expired` once its validity has passed (unless ordered), and shows a note only
 * when the seller wrote one or edited the text.
 */
export function messageView(r: MessageRow, viewerId: string, nowMs: number): MessageView {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    mine: r.sender_id === viewerId,
    kind: r.kind,
    content: r.content,
    createdAt: r.created_at,
    isEdited: r.edited_at !== null,
    editedAt: r.edited_at,
    position: r.position,
    changePosition: r.change_position,
    clientMessageId: r.sender_id === viewerId ? r.client_message_id : null,
    attachment: r.attachment,
    inquiry: r.inquiry,
    quote:
      r.offer_kind === 'quote'
        ? {
            note: r.note !== null || r.edited_at !== null ? r.content : null,
            productId: r.product_id!,
            productTitle: r.product_title!,
            unit: unitOf(r.unit),
            quantity: r.quantity!,
            unitPricePaise: r.unit_price_paise!,
            totalPaise: totalOf(r.quantity, r.unit_price_paise),
            validUntil: r.valid_until!,
            status: r.offer_status === 'ordered' ? 'ordered' : r.valid_until!.getTime() <= nowMs ? 'expired' : 'open',
            orderId: r.order_id,
            bidMessageId: r.bid_message_id,
          }
        : null,
    bid:
      r.offer_kind === 'bid'
        ? {
            productId: r.product_id!,
            productTitle: r.product_title!,
            unit: unitOf(r.unit),
            quantity: r.quantity!,
            unitPricePaise: r.unit_price_paise!,
            totalPaise: totalOf(r.quantity, r.unit_price_paise),
            note: r.note,
            status: r.offer_status as BidView['status'],
            quoteMessageId: r.quote_message_id,
          }
        : null,
  };
}

/**
 * One chat event as `userId` sees it, from what the event carries (read when the change
 * committed; its message parsed by the one message schema): the subscription has checked the session
 * again and the event was addressed to this participant only, so nothing is read per delivery.
 */
export function chatEventView(userId: string, e: ChatEventMessage, nowMs: number): ChatEventView {
  return {
    type: e.type,
    conversationId: e.conversationId,
    otherUserId: e.otherUserId,
    position: e.position,
    message: e.message ? messageView(messageRowSchema.parse(e.message), userId, nowMs) : null,
    readerId: e.type === 'read' ? e.actorId : null,
    readPosition: e.readPosition,
    unreadCount: e.unread[0],
    unreadTotal: e.unread[1],
  };
}

/** A conversation list's one-line preview of a message: one line, at most 120 characters, a clip for a file. */
export function preview(content: string, kind: MessageKind | null): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const short = [...line].length > 120 ? `${[...line].slice(0, 119).join('')}…` : line;
  return kind === 'attachment' ? `📎 ${short}` : kind === 'voice' ? `🎤 ${short}` : short;
}

/** An offer row's unit (a row of an event written before offers kept one: a piece). */
const unitOf = (unit: string | null | undefined): Unit => (unit && isUnit(unit) ? unit : DEFAULT_UNIT);

/** The text of a quote or bid without a note, in its unit: 'Quote: 10 pcs x Steel pipes at ₹500 / pc', 'Offer: 50 kg x Basmati rice at ₹95 / kg'. */
export function offerSummary(kind: 'quote' | 'bid', o: { productTitle: string; quantity: number; unitPricePaise: string; unit: Unit }): string {
  return `${kind === 'quote' ? 'Quote' : 'Offer'}: ${quantityWithUnit(o.quantity, o.unit, 'en')} x ${o.productTitle} at ${formatPaise(o.unitPricePaise)} / ${perUnit(o.unit, 'en')}`;
}
