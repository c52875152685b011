import { PermanentDeliveryError } from '../delivery-error.js';
import type { WhatsAppMessage, WhatsAppSender } from './whatsapp-sender.js';

export interface TwilioSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sender number, E.164 (the sandbox number while testing). */
  from: string;
  timeoutMs?: number;
}

/**
 * WHATSAPP_DRIVER=twilio: the Messages API of Twilio or anything that speaks it
 * (`POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json`, basic auth, form-encoded
 * `To=whatsapp:+91...&From=whatsapp:+1...&Body=...`). 4xx answers other than 408/429 are
 * permanent (a bad number, a recipient outside the sandbox); 5xx, 408, 429 and network errors
 * are temporary.
 */
export class TwilioWhatsAppSender implements WhatsAppSender {
  constructor(private readonly s: TwilioSettings) {}

  async send(m: WhatsAppMessage): Promise<void> {
    const url = `${this.s.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.s.accountSid)}/Messages.json`;
    const body = new URLSearchParams({ To: `whatsapp:${m.to}`, From: `whatsapp:${this.s.from}`, Body: m.body });
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.s.accountSid}:${this.s.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(this.s.timeoutMs ?? 15_000),
    });
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    const detail = await res.text().catch(() => '');
    const problem = `WhatsApp provider answered ${res.status}: ${detail.slice(0, 300)}`;
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new PermanentDeliveryError(problem);
    throw new Error(problem);
  }
}
