/** An email to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per logical message: a retried send carries the same key (SMTP Message-ID, outbox row). */
  idempotencyKey: string;
}

/** The mail port: SMTP in production, the development outbox otherwise (MAIL_DRIVER). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
