import { createTransport, type Mail } from 'nodemailer';
import { PermanentDeliveryError } from '../delivery-error.js';
import type { MailMessage, MailSender } from './mail-sender.js';

interface SmtpFailure {
  message?: string;
  responseCode?: number;
  permanent?: boolean;
}

/**
 * MAIL_DRIVER=smtp: sends through any SMTP server (SMTP_URL) with nodemailer. A reply the server
 * gives for good (5xx) is a PermanentDeliveryError; everything else (4xx, connection trouble) is
 * temporary, so the job retries. The Message-ID is derived from the idempotency key, so a message
 * sent again after a lost acknowledgement can be recognised as the same one.
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Mail;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async send(m: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: `<${m.idempotencyKey}@bolbazaar>`,
      });
    } catch (err) {
      const e = err as SmtpFailure;
      if (e.permanent) throw new PermanentDeliveryError(`SMTP refused the message (${e.responseCode}): ${e.message ?? ''}`);
      throw err;
    }
  }
}
