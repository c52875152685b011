import type { Config } from '../../config/env.js';
import type { DevOutbox } from '../dev-outbox/dev-outbox.js';
import { DisabledWhatsAppSender } from './disabled-whatsapp-sender.js';
import { OutboxWhatsAppSender } from './outbox-whatsapp-sender.js';
import { TwilioWhatsAppSender } from './twilio-whatsapp-sender.js';
import type { WhatsAppSender } from './whatsapp-sender.js';

/** The WhatsApp sender WHATSAPP_DRIVER names. */
export function createWhatsAppSender(
  config: Pick<Config, 'WHATSAPP_DRIVER' | 'TWILIO_API_URL' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_WHATSAPP_FROM'>,
  outbox: DevOutbox,
): WhatsAppSender {
  if (config.WHATSAPP_DRIVER === 'twilio') {
    return new TwilioWhatsAppSender({
      apiUrl: config.TWILIO_API_URL,
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_WHATSAPP_FROM,
    });
  }
  if (config.WHATSAPP_DRIVER === 'off') return new DisabledWhatsAppSender();
  return new OutboxWhatsAppSender(outbox);
}
