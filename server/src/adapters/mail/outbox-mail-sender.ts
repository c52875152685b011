import type { DevOutbox } from '../dev-outbox/dev-outbox.js';
import type { MailMessage, MailSender } from './mail-sender.js';

/** MAIL_DRIVER=outbox: stores the email in the development outbox. */
export class OutboxMailSender implements MailSender {
  constructor(private readonly outbox: DevOutbox) {}

  send(m: MailMessage): Promise<void> {
    return this.outbox.store({ channel: 'email', to: m.to, subject: m.subject, body: m.text, dedupeKey: m.idempotencyKey });
  }
}
