import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { Clock } from '../../common/clock.js';
import { User } from '../users/user.entity.js';
import type { ChatChanged } from './chat-events.js';
import { chatEmail } from './chat-texts.js';
import { preview } from './chat-views.js';
import { defangLinks } from './new-accounts.js';
import type { ChatPresence } from './chat.presence.js';
import type { ConversationStore } from './conversation-store.js';

export interface ChatEmailsDeps {
  store: ConversationStore;
  presence: Pick<ChatPresence, 'isOnline'>;
  mail: MailSender;
  clock: Clock;
  publicUrl: string;
  /** At most one email per conversation and recipient in this many minutes (CHAT_EMAIL_INTERVAL_MINUTES). */
  intervalMinutes: number;
  /** Whether a sender's account is new (its links are not made clickable in the email). */
  isNewAccount: (userId: string) => boolean;
}

/** The event fields the email needs. */
export type ChatEmailEvent = Pick<ChatChanged, 'type' | 'conversationId' | 'userA' | 'userB' | 'actorId' | 'messageId'>;

/**
 * Emails for absent recipients (worker side, after commit): the recipient of a new message who is
 * not connected to chat gets an email, at most one per conversation every `intervalMinutes`, in
 * their language, only with email notifications on and a verified address.
 */
export class ChatEmails {
  constructor(private readonly deps: ChatEmailsDeps) {}

  /** Handles one committed event (idempotent: the email is deduplicated by the event's id). */
  async afterChange(em: EntityManager, eventId: string, event: ChatEmailEvent): Promise<void> {
    if (event.type !== 'message') return;
    const recipientId = event.actorId === event.userA ? event.userB : event.userA;
    const fresh = em.fork();
    const [recipient, sender] = await Promise.all([fresh.findOne(User, { id: recipientId, deletedAt: null }), fresh.findOne(User, { id: event.actorId })]);
    if (!recipient || !sender || !recipient.emailNotifications || !recipient.emailVerified) return;
    if (await this.deps.presence.isOnline(recipientId)) return;
    if (!(await this.claim(fresh, event.conversationId, recipientId))) return;
    const m = await this.deps.store.summary(fresh, event.messageId);
    const mail = chatEmail(recipient.language, {
      sender: sender.username,
      // A new account's links are not made clickable (a mail program links what looks like one).
      preview: this.deps.isNewAccount(sender.id) ? defangLinks(preview(m?.content ?? '', m?.kind ?? 'text')) : preview(m?.content ?? '', m?.kind ?? 'text'),
      url: `${this.deps.publicUrl}/chat?with=${sender.id}`,
    });
    await this.deps.mail.send({ to: recipient.email, ...mail, idempotencyKey: `chat-${eventId}` });
  }

  /** Takes the conversation's email turn for the recipient: false when one went within the interval. */
  private async claim(em: EntityManager, conversationId: string, recipientId: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const claimed = await em.execute(
      `insert into chat_email_notices (conversation_id, user_id, sent_at) values (?, ?, ?)
       on conflict (conversation_id, user_id) do update set sent_at = excluded.sent_at where chat_email_notices.sent_at <= ?
       returning 1`,
      [conversationId, recipientId, now, new Date(now.getTime() - this.deps.intervalMinutes * 60_000)],
    );
    return claimed.length > 0;
  }
}
