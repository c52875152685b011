import type { DevOutbox } from '../dev-outbox/dev-outbox.js';
import type { WhatsAppMessage, WhatsAppSender } from './whatsapp-sender.js';

/** WHATSAPP_DRIVER=outbox: stores the message in the development outbox. */
export class OutboxWhatsAppSender implements WhatsAppSender {
  constructor(private readonly outbox: DevOutbox) {}

  send(m: WhatsAppMessage): Promise<void> {
    return this.outbox.store({ channel: 'whatsapp', to: m.to, subject: null, body: m.body, dedupeKey: m.idempotencyKey });
  }
}
