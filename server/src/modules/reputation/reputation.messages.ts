import { defineMessages } from '../../common/message.js';

/** What seller profiles and reviews answer (docs/product.md#seller-profiles, docs/product.md#reviews). */
export const reputationMessages = defineMessages('reputation', {
  sellerNotFound: { en: 'Seller not found', hi: 'यह सेलर नहीं मिला' },
});
