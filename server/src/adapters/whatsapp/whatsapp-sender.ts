/** A WhatsApp text message. */
export interface WhatsAppMessage {
  /** E.164, for example +919876543210. */
  to: string;
  body: string;
  /** Stable per logical message: a retried send carries the same key. */
  idempotencyKey: string;
}

/** The WhatsApp port: a Twilio-compatible HTTP API, or the development outbox (WHATSAPP_DRIVER). */
export interface WhatsAppSender {
  send(message: WhatsAppMessage): Promise<void>;
}
