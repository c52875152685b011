import type { Locale } from '../../common/request-context.js';
import { chatMessages } from './chat.messages.js';

// Refusals that more than one part of chat gives (docs/product.md#chat).
export const LOG_IN_TO_CHAT = chatMessages.logInToChat;
export const MESSAGE_NOT_FOUND = chatMessages.messageNotFound;
export const USER_NOT_FOUND = chatMessages.userNotFound;
export const CONVERSATION_NOT_FOUND = chatMessages.conversationNotFound;
export const NOT_YOURSELF = chatMessages.youCannotMessageYourself;
export const BID_ANSWERED = chatMessages.thisBidHasAlreadyBeenAnswered;
/** Shown for the other participant of a conversation whose account was deleted. */
export const DELETED_USER = 'Deleted user';

// The texts chat writes itself (docs/product.md#chat), in the language of whoever reads them first:
// an inquiry in the buyer's language (as they answered), an email in the recipient's.

const INQUIRY = {
  en: { about: 'Inquiry about', q: 'Q', a: 'A', note: 'Note', closing: 'Please share details about availability and pricing.' },
  hi: { about: 'इस प्रोडक्ट के बारे में पूछताछ', q: 'सवाल', a: 'जवाब', note: 'नोट', closing: 'कृपया बताइए कि यह माल उपलब्ध है या नहीं, और इसका दाम क्या होगा।' },
} as const;

/** The inquiry message: the product, each question with its answer (N/A when missing), the closing line. */
export function inquiryText(language: Locale, productTitle: string, answers: Array<{ question: string; answer: string }>, note?: string): string {
  const t = INQUIRY[language];
  const pairs = answers.map((a) => `${t.q}: ${a.question}\n${t.a}: ${a.answer || 'N/A'}`);
  return [`${t.about}: ${productTitle}`, ...pairs, ...(note ? [`${t.note}: ${note}`] : []), t.closing].join('\n\n');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email to a recipient who was not connected when a message arrived. */
export function chatEmail(language: Locale, f: { sender: string; preview: string; url: string }): { subject: string; text: string; html: string } {
  const lines =
    language === 'hi'
      ? { subject: `${f.sender} ने आपको मैसेज भेजा है`, body: [`${f.sender}: "${f.preview}"`, `जवाब देने के लिए चैट खोलें: ${f.url}`] }
      : { subject: `New message from ${f.sender}`, body: [`${f.sender}: "${f.preview}"`, `Reply in your chat: ${f.url}`] };
  return { subject: lines.subject, text: lines.body.join('\n'), html: lines.body.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}
