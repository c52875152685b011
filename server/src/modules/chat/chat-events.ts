import { z } from 'zod';
import { isoTime, outboxTopic, type Payload, type PayloadIn } from '../../outbox/outbox.js';

/** BullMQ queue of voice notes to transcribe (the speech port, when it is on). */
export const VOICE_TRANSCRIPT_QUEUE = 'chat-voice-transcripts';

export const CHAT_EVENT_KINDS = ['message', 'edited', 'read', 'quote_ordered', 'quote_withdrawn', 'bid_changed', 'played'] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];

export const MESSAGE_KINDS = ['text', 'attachment', 'inquiry', 'quote', 'bid', 'system', 'voice'] as const;

/** A voice note's facts (voice-notes.ts), its receiver's first play and its transcript (speech port), kept with its file. */
const voice = z.object({
  durationMs: z.number(),
  peaks: z.array(z.number()),
  playedAt: z.string().nullable().optional(),
  transcript: z.string().nullable().optional(),
});
const attachment = z.object({ fileName: z.string(), contentType: z.string(), size: z.number(), isImage: z.boolean(), key: z.string(), voice: voice.optional() });
const inquiry = z.object({ productId: z.string(), productTitle: z.string(), answers: z.array(z.object({ question: z.string(), answer: z.string() })) });

/**
 * A message as the conversation store reads it: the message row with its offer's columns
 * (conversation-store.ts SELECT_MESSAGES), as the driver answers it or as it travels in JSON (an
 * event, a live message), where its times are text until this schema parses them.
 */
export const messageRowSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  content: z.string(),
  created_at: isoTime,
  edited_at: isoTime.nullable(),
  version: z.number(),
  position: z.string(),
  change_position: z.string(),
  client_message_id: z.string().nullable(),
  inquiry: inquiry.nullable(),
  attachment: attachment.nullable(),
  offer_kind: z.enum(['quote', 'bid']).nullable(),
  product_id: z.string().nullable(),
  product_title: z.string().nullable(),
  /** An offer's unit (absent from events written before offers kept one). */
  unit: z.string().nullish(),
  quantity: z.number().nullable(),
  unit_price_paise: z.string().nullable(),
  note: z.string().nullable(),
  valid_until: isoTime.nullable(),
  offer_status: z.string().nullable(),
  order_id: z.string().nullable(),
  bid_message_id: z.string().nullable(),
  quote_message_id: z.string().nullable(),
});
export type MessageRow = z.output<typeof messageRowSchema>;

/**
 * `chat.changed`: every chat change (a message, an edit, a read, a quote ordered, a bid answered),
 * written with the change. It carries what its subscribers are shown, read in the change's
 * transaction, so a delivery reads nothing: the message as it is after the change, and each
 * participant's unread counts [this conversation, total]. The relay sends each participant their own
 * part (chat.live.ts); a new message also gets the worker's email job (chat.jobs.ts).
 */
export const chatChanged = outboxTopic(
  'chat.changed',
  z.object({
    type: z.enum(CHAT_EVENT_KINDS),
    conversationId: z.uuid(),
    userA: z.uuid(),
    userB: z.uuid(),
    /** The conversation's position at this change. */
    position: z.string(),
    messageId: z.uuid().nullable(),
    /** Who sent (message), edited, read or answered. */
    actorId: z.uuid(),
    readPosition: z.string().nullable(),
    message: messageRowSchema.nullable(),
    unread: z.record(z.string(), z.tuple([z.number(), z.number()])),
  }),
);
/** A `chat.changed` event as written. */
export type ChatChangedEvent = PayloadIn<typeof chatChanged>;
/** A committed `chat.changed` event, parsed. */
export type ChatChanged = Payload<typeof chatChanged>;
