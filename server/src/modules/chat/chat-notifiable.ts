import { notifiableOf, type NoticeClear, type NoticeDraft } from '../../outbox/notifiable.js';
import { chatChanged, type ChatChanged } from './chat-events.js';
import { chatNoticeMessages as m } from './chat.messages.js';
import { durationText } from './voice-duration.js';

const PREVIEW = 120;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/**
 * Who hears of a chat change away from the page (docs/product.md#notifications): the recipient of a new message
 * (a quote or a bid is a 'quote' notice, anything else a 'message'), and the bidder of the seller's answer to a bid.
 * A read clears the reader's notices of that conversation up to the read position, so what was read in the app
 * is not pushed.
 */
export const chatNotifiable = notifiableOf(chatChanged, {
  notices(e: ChatChanged): NoticeDraft[] {
    const message = e.message;
    if (!message || (e.type !== 'message' && e.type !== 'bid_changed') || message.kind === 'system') return [];
    const userId = e.actorId === e.userA ? e.userB : e.userA;
    const offer = message.kind === 'quote' || message.kind === 'bid' || e.type === 'bid_changed';
    const title = e.type === 'bid_changed' ? m.yourOfferAnswered : message.kind === 'quote' ? m.newQuote : message.kind === 'bid' ? m.newOffer : m.newMessage;
    const voice = message.attachment?.voice;
    const body = voice ? m.voiceNote({ duration: durationText(voice.durationMs) }) : message.attachment ? m.attachment({ fileName: message.attachment.fileName }) : preview(message.product_title && offer ? `${message.product_title}: ${message.content}` : message.content);
    return [{
      userId,
      kind: offer ? 'quote' : 'message',
      urgent: false,
      scope: `chat:${e.conversationId}`,
      scopePosition: e.position,
      actorId: e.actorId,
      title,
      body,
      url: `/chat?with=${e.actorId}`,
      ref: `chat:${e.conversationId}:${e.position}`,
    }];
  },
  clears(e: ChatChanged): NoticeClear[] {
    return e.type === 'read' && e.readPosition ? [{ userId: e.actorId, scope: `chat:${e.conversationId}`, upTo: e.readPosition }] : [];
  },
});
