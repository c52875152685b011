import { defineMessages } from '../../common/message.js';

/** What downloading an invoice answers. */
export const invoiceMessages = defineMessages('invoices', {
  invoiceNotReady: { en: 'The invoice is not ready yet. Please try again in a minute.', hi: 'इनवॉइस अभी तैयार नहीं है। कृपया एक मिनट बाद फिर कोशिश करें।' },
  pleaseChooseAValidOrder: { en: 'Please choose a valid order', hi: 'कृपया सही ऑर्डर चुनें' },
});
