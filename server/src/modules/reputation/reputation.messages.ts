import { defineMessages } from '../../common/message.js';

/** What seller profiles and reviews answer (docs/product.md#seller-profiles, docs/product.md#reviews). */
export const reputationMessages = defineMessages('reputation', {
  sellerNotFound: { en: 'Seller not found', hi: 'यह सेलर नहीं मिला' },
  orderNotFound: { en: 'Order not found', hi: 'यह ऑर्डर नहीं मिला' },
  reviewNotFound: { en: 'Review not found', hi: 'यह रिव्यू नहीं मिला' },
  onlyTheBuyerReviews: { en: 'Only the buyer of this order can review it', hi: 'इस ऑर्डर का रिव्यू सिर्फ़ इसका ख़रीदार लिख सकता है' },
  notDeliveredYet: { en: 'You can review this order once it is delivered', hi: 'ऑर्डर डिलीवर होने के बाद ही आप इसका रिव्यू लिख सकते हैं' },
  reviewWindowOver: {
    en: 'Reviews can be written within 60 days of delivery',
    hi: 'रिव्यू डिलीवरी के 60 दिनों के अंदर ही लिखा जा सकता है',
  },
  alreadyReviewed: { en: 'You have already reviewed this order', hi: 'आप इस ऑर्डर का रिव्यू पहले ही लिख चुके हैं' },
  onlyTheAuthorEdits: { en: 'Only its author can change this review', hi: 'यह रिव्यू सिर्फ़ इसे लिखने वाला बदल सकता है' },
  editWindowOver: {
    en: 'A review can be changed for 48 hours after it is written',
    hi: 'रिव्यू लिखने के 48 घंटे तक ही बदला जा सकता है',
  },
  onlyTheSellerReplies: { en: 'Only the seller can answer this review', hi: 'इस रिव्यू का जवाब सिर्फ़ सेलर दे सकता है' },
  alreadyReplied: { en: 'You have already answered this review', hi: 'आप इस रिव्यू का जवाब पहले ही दे चुके हैं' },
  chooseRating: { en: 'Please choose a rating from 1 to 5 stars', hi: 'कृपया 1 से 5 स्टार के बीच रेटिंग चुनें' },
  reviewMustBeText: { en: 'The review must be text', hi: 'रिव्यू शब्दों में लिखें' },
  reviewTooLong: { en: 'A review can be at most {max} characters', hi: 'रिव्यू ज़्यादा से ज़्यादा {max} अक्षर का हो सकता है' },
  writeReply: { en: 'Please write your answer', hi: 'कृपया अपना जवाब लिखें' },
  replyTooLong: { en: 'An answer can be at most {max} characters', hi: 'जवाब ज़्यादा से ज़्यादा {max} अक्षर का हो सकता है' },
  validReview: { en: 'Please choose a valid review', hi: 'कृपया सही रिव्यू चुनें' },
  validOrder: { en: 'Please choose a valid order', hi: 'कृपया सही ऑर्डर चुनें' },
  limitRange: { en: 'limit must be a number from 1 to 50', hi: 'गिनती 1 से 50 तक की कोई संख्या होनी चाहिए' },
  offsetRange: { en: 'offset must be a whole number of at least 0', hi: 'पेज की जगह सही नहीं है' },
});
