import { PermanentDeliveryError } from '../delivery-error.js';
import type { WhatsAppMessage, WhatsAppSender } from './whatsapp-sender.js';

/**
 * WHATSAPP_DRIVER=off: there is no WhatsApp provider. The verification service refuses to issue
 * WhatsApp codes before anything is written; a code queued while another driver was configured
 * fails here for good instead of being retried.
 */
export class DisabledWhatsAppSender implements WhatsAppSender {
  send(_m: WhatsAppMessage): Promise<void> {
    return Promise.reject(new PermanentDeliveryError('WhatsApp sending is off (WHATSAPP_DRIVER=off)'));
  }
}
