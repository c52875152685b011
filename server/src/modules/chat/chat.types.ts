import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { ChatAttachmentView, ChatEventView, ChatUserView, ConversationView, MessageVersionView, MessageView } from './chat-views.js';
import type { Unit } from '../products/products.public.js';

@ObjectType('ChatUser', { description: 'The other participant of a conversation' })
export class ChatUserType {
  @Field(() => ID) id!: string;
  @Field({ description: "'Deleted user' when the account was deleted" }) username!: string;
  @Field({ description: 'Their WhatsApp number is verified' }) whatsappVerified!: boolean;
  @Field() deleted!: boolean;
  @Field({ description: 'The viewer blocked them: the conversation is closed until the viewer unblocks them' }) blockedByMe!: boolean;
  @Field({ description: 'The viewer can write to them (not after a block either way, or when their account was deleted)' }) canMessage!: boolean;
}

@ObjectType('ChatAttachment', { description: 'A file sent in a conversation: only its two participants can download it' })
export class ChatAttachmentType {
  @Field() fileName!: string;
  @Field() contentType!: string;
  @Field(() => Int) size!: number;
  @Field() isImage!: boolean;
  @Field({ description: 'The download (the session cookie decides who may): /chat/attachments/{messageId}' }) url!: string;
  @Field(() => String, { nullable: true, description: 'A small picture, for pictures only' }) previewUrl!: string | null;
}

@ObjectType('ChatVoiceNote', { description: 'A voice note: play it from its url (the session cookie decides who may); the receiver marks it played' })
export class ChatVoiceNoteType {
  @Field(() => Int, { description: 'Its length, read from the audio itself (2 minutes at most)' }) durationMs!: number;
  @Field(() => [Int], { description: '48 bars from 0 to 100, the loudest 100: a small waveform' }) peaks!: number[];
  @Field({ description: 'audio/webm, audio/ogg or audio/mp4' }) contentType!: string;
  @Field({ description: 'The audio: /chat/attachments/{messageId}' }) url!: string;
  @Field({ description: 'Its receiver has played it (the sender sees this too)' }) played!: boolean;
  @Field(() => String, { nullable: true, description: 'What was said, when speech-to-text is on and has answered (it arrives later, as an edited event)' }) transcript!: string | null;
}

@ObjectType('ChatTranslation', { description: 'A message in the other language' })
export class ChatTranslationType {
  @Field() text!: string;
  @Field({ description: 'It was kept from an earlier tap (no new translation asked)' }) cached!: boolean;
}

@ObjectType('ChatInquiryAnswer')
export class ChatInquiryAnswerType {
  @Field() question!: string;
  @Field({ description: "'N/A' when not answered" }) answer!: string;
}

@ObjectType('ChatInquiry', { description: "A buyer's answers to the seller's questions about a product" })
export class ChatInquiryType {
  @Field(() => ID) productId!: string;
  @Field() productTitle!: string;
  @Field(() => [ChatInquiryAnswerType]) answers!: ChatInquiryAnswerType[];
}

@ObjectType('ChatQuote', { description: "A seller's offer: the buyer orders at this price with createOrderFromQuote" })
export class ChatQuoteType {
  @Field(() => String, { nullable: true, description: "The seller's note, when they wrote one" }) note!: string | null;
  @Field(() => ID) productId!: string;
  @Field() productTitle!: string;
  @Field(() => String, { description: 'What the quantity counts and the price is per: piece, kg, box, … (the product\'s unit when it was made)' }) unit!: Unit;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'Integer paise as text' }) unitPricePaise!: string;
  @Field({ description: 'Integer paise as text' }) totalPaise!: string;
  @Field() validUntil!: Date;
  @Field({ description: 'open, ordered or expired' }) status!: string;
  @Field(() => ID, { nullable: true }) orderId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The bid this quote answers' }) bidMessageId!: string | null;
}

@ObjectType('ChatBid', { description: "A buyer's offer on a product: the seller accepts, counters or declines" })
export class ChatBidType {
  @Field(() => ID) productId!: string;
  @Field() productTitle!: string;
  @Field(() => String, { description: 'What the quantity counts and the price is per: piece, kg, box, … (the product\'s unit when it was made)' }) unit!: Unit;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'Integer paise as text' }) unitPricePaise!: string;
  @Field({ description: 'Integer paise as text' }) totalPaise!: string;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field({ description: 'open, accepted, countered or declined' }) status!: string;
  @Field(() => ID, { nullable: true, description: 'The quote sent when accepted or countered' }) quoteMessageId!: string | null;
}

@ObjectType('ChatMessage')
export class ChatMessageType {
  @Field(() => ID) id!: string;
  @Field(() => ID) conversationId!: string;
  @Field(() => ID) senderId!: string;
  @Field({ description: 'The viewer sent it' }) mine!: boolean;
  @Field({ description: 'text, attachment, voice, inquiry, quote, bid or system' }) kind!: string;
  @Field() content!: string;
  @Field() createdAt!: Date;
  @Field() isEdited!: boolean;
  @Field(() => Date, { nullable: true }) editedAt!: Date | null;
  @Field({ description: 'Its place in the conversation: the order every reader sees' }) position!: string;
  @Field(() => String, { nullable: true, description: "The sender's own id of the send attempt (shown to the sender only)" }) clientMessageId!: string | null;
  @Field(() => ChatAttachmentType, { nullable: true }) attachment!: ChatAttachmentType | null;
  @Field(() => ChatVoiceNoteType, { nullable: true, description: 'A voice message (kind voice)' }) voiceNote!: ChatVoiceNoteType | null;
  @Field(() => ChatInquiryType, { nullable: true }) inquiry!: ChatInquiryType | null;
  @Field(() => ChatQuoteType, { nullable: true }) quote!: ChatQuoteType | null;
  @Field(() => ChatBidType, { nullable: true }) bid!: ChatBidType | null;
}

@ObjectType('ChatMessagePage')
export class ChatMessagePageType {
  @Field(() => [ChatMessageType], { description: 'Oldest first' }) items!: ChatMessageType[];
  @Field() hasMore!: boolean;
}

@ObjectType('ChatMessageVersion')
export class ChatMessageVersionType {
  @Field(() => Int) version!: number;
  @Field() content!: string;
  @Field({ description: 'When this version was written' }) at!: Date;
}

@ObjectType('Conversation')
export class ConversationType {
  @Field(() => ID) id!: string;
  @Field(() => ChatUserType) otherUser!: ChatUserType;
  @Field(() => String, { nullable: true }) lastMessagePreview!: string | null;
  @Field(() => Date, { nullable: true }) lastMessageAt!: Date | null;
  @Field(() => Int) unreadCount!: number;
  @Field({ description: "The conversation's latest live position" }) position!: string;
  @Field({ description: "How far the other participant has read ('0': nothing yet)" }) otherLastReadPosition!: string;
}

@ObjectType('ChatEvent', { description: "Something happened in one of the viewer's conversations" })
export class ChatEventType {
  @Field({ description: 'message, edited, read, quote_ordered, quote_withdrawn, bid_changed or played (a voice note)' }) type!: string;
  @Field(() => ID) conversationId!: string;
  @Field(() => ID, { description: 'The conversation key from the viewer’s side: the other participant' }) otherUserId!: string;
  @Field({ description: "The conversation's position at this event; refetch chatMessages(userId, after: position) after a reconnect" })
  position!: string;
  @Field(() => ChatMessageType, { nullable: true }) message!: ChatMessageType | null;
  @Field(() => ID, { nullable: true }) readerId!: string | null;
  @Field(() => String, { nullable: true }) readPosition!: string | null;
  @Field(() => Int, { description: "The viewer's unread messages in this conversation" }) unreadCount!: number;
  @Field(() => Int, { description: "The viewer's unread messages in all conversations" }) unreadTotal!: number;
}

@ObjectType('ChatTyping', { description: 'The other participant of a conversation is typing (show it for a few seconds)' })
export class ChatTypingType {
  @Field(() => ID) conversationId!: string;
  @Field(() => ID, { description: 'Who is typing: the conversation key from the viewer’s side' }) userId!: string;
  @Field({ description: 'When the hint was sent (ISO time)' }) at!: string;
}

@InputType('ChatInquiryAnswerInput')
export class ChatInquiryAnswerInput {
  @Field() question!: string;
  @Field() answer!: string;
}

/** Where a participant downloads an attachment (the route checks who asks). */
export const attachmentUrl = (messageId: string, preview = false) => `/chat/attachments/${messageId}${preview ? '/preview' : ''}`;

function toAttachment(messageId: string, a: ChatAttachmentView | null): ChatAttachmentType | null {
  if (!a) return null;
  return { fileName: a.fileName, contentType: a.contentType, size: a.size, isImage: a.isImage, url: attachmentUrl(messageId), previewUrl: a.isImage ? attachmentUrl(messageId, true) : null };
}

function toVoiceNote(messageId: string, a: ChatAttachmentView | null): ChatVoiceNoteType | null {
  if (!a?.voice) return null;
  const v = a.voice;
  return { durationMs: v.durationMs, peaks: v.peaks, contentType: a.contentType, url: attachmentUrl(messageId), played: !!v.playedAt, transcript: v.transcript ?? null };
}

export function toChatMessageType(m: MessageView): ChatMessageType {
  return { ...m, attachment: toAttachment(m.id, m.attachment), voiceNote: toVoiceNote(m.id, m.attachment) };
}

export const toChatUserType = (u: ChatUserView): ChatUserType => u;
export const toConversationType = (c: ConversationView): ConversationType => c;
export const toVersionType = (v: MessageVersionView): ChatMessageVersionType => v;

export function toChatEventType(e: ChatEventView): ChatEventType {
  return { ...e, message: e.message && toChatMessageType(e.message) };
}

const secs = (d: Date | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);

/** The REST shim's message (snake_case; times in seconds). */
export function toRestMessage(m: MessageView) {
  const a = toAttachment(m.id, m.attachment);
  const v = toVoiceNote(m.id, m.attachment);
  return {
    message_id: m.id,
    conversation_id: m.conversationId,
    sender_id: m.senderId,
    mine: m.mine,
    kind: m.kind,
    content: m.content,
    created_at: secs(m.createdAt),
    is_edited: m.isEdited,
    edited_at: secs(m.editedAt),
    position: m.position,
    client_message_id: m.clientMessageId,
    attachment: a && { file_name: a.fileName, content_type: a.contentType, size: a.size, is_image: a.isImage, url: a.url, preview_url: a.previewUrl },
    voice_note: v && { duration_ms: v.durationMs, peaks: v.peaks, content_type: v.contentType, url: v.url, played: v.played, transcript: v.transcript },
    inquiry: m.inquiry && { product_id: m.inquiry.productId, product_title: m.inquiry.productTitle, answers: m.inquiry.answers },
    quote: m.quote && {
      note: m.quote.note,
      product_id: m.quote.productId,
      product_title: m.quote.productTitle,
      unit: m.quote.unit,
      quantity: m.quote.quantity,
      unit_price_paise: m.quote.unitPricePaise,
      total_paise: m.quote.totalPaise,
      valid_until: secs(m.quote.validUntil),
      status: m.quote.status,
      order_id: m.quote.orderId,
      bid_message_id: m.quote.bidMessageId,
    },
    bid: m.bid && {
      product_id: m.bid.productId,
      product_title: m.bid.productTitle,
      unit: m.bid.unit,
      quantity: m.bid.quantity,
      unit_price_paise: m.bid.unitPricePaise,
      total_paise: m.bid.totalPaise,
      note: m.bid.note,
      status: m.bid.status,
      quote_message_id: m.bid.quoteMessageId,
    },
  };
}

/** The REST shim's conversation. */
export function toRestConversation(c: ConversationView) {
  return {
    conversation_id: c.id,
    other_participant_id: c.otherUser.id,
    other_participant: {
      id: c.otherUser.id,
      username: c.otherUser.username,
      whatsapp_verified: c.otherUser.whatsappVerified,
      deleted: c.otherUser.deleted,
      blocked_by_me: c.otherUser.blockedByMe,
      can_message: c.otherUser.canMessage,
    },
    last_message_at: secs(c.lastMessageAt),
    last_message_preview: c.lastMessagePreview,
    unread_count: c.unreadCount,
    position: c.position,
    other_last_read_position: c.otherLastReadPosition,
  };
}
