import { defineMessages } from '../../common/message.js';

/** What buying and following orders answer. */
export const orderMessages = defineMessages('orders', {
  orderNotFound: { en: 'Order not found', hi: 'ऑर्डर नहीं मिला' },
  thisOrderCanNoLongerBe: { en: 'This order can no longer be changed', hi: 'इस ऑर्डर को अब बदला नहीं जा सकता' },
  onlyTheBuyerCanConfirmPayment: { en: 'Only the buyer can confirm payment', hi: 'पेमेंट सिर्फ़ ख़रीदार कन्फ़र्म कर सकता है' },
  onlyTheSellerCanConfirmDelivery: { en: 'Only the seller can confirm delivery', hi: 'डिलीवरी सिर्फ़ सेलर कन्फ़र्म कर सकता है' },
  onlyTheBuyerCanCancelAn: { en: 'Only the buyer can cancel an order; sellers decline it', hi: 'ऑर्डर सिर्फ़ ख़रीदार रद्द कर सकता है; सेलर उसके लिए मना करता है' },
  onlyTheSellerCanDeclineAn: { en: 'Only the seller can decline an order', hi: 'ऑर्डर के लिए सिर्फ़ सेलर मना कर सकता है' },
  thisIdempotencyKeyWasAlreadyUsed: { en: 'This Idempotency-Key was already used for a different purchase', hi: 'यह ख़रीद पहले किसी दूसरे ऑर्डर के साथ भेजी जा चुकी है' },
  quantityMustBeAWholeNumber: { en: 'Quantity must be a whole number of at least 1', hi: 'मात्रा कम से कम 1 की पूरी संख्या होनी चाहिए' },
  pleaseChooseAValidProduct: { en: 'Please choose a valid product', hi: 'कृपया सही प्रोडक्ट चुनें' },
  pleaseChooseAValidOrder: { en: 'Please choose a valid order', hi: 'कृपया सही ऑर्डर चुनें' },
  idempotencyKeyMustBeText: { en: 'Idempotency-Key must be text', hi: 'ख़रीद की पहचान सही नहीं है' },
  idempotencyKeyMustBe1To: { en: 'Idempotency-Key must be 1 to 100 printable characters', hi: 'ख़रीद की पहचान 1 से 100 अक्षरों की होनी चाहिए' },
  limitMustBeAWholeNumber: { en: 'limit must be a whole number from 1 to 100', hi: 'एक बार में 1 से 100 तक ही दिखा सकते हैं' },
  offsetMustBeAWholeNumber: { en: 'offset must be a whole number from 0 to 1000000', hi: 'इससे आगे के ऑर्डर नहीं दिखा सकते' },
  afterMustBeAPosition: { en: 'after must be a position', hi: 'कहाँ से आगे दिखाना है, यह सही नहीं है' },
  logInToFollowYourOrders: { en: 'Log in to follow your orders', hi: 'अपने ऑर्डर देखते रहने के लिए लॉग इन करें' },
  pleaseVerifyYourEmailBeforeBuying: { en: 'Please verify your email before buying', hi: 'ख़रीदने से पहले कृपया अपना ईमेल वेरिफ़ाई करें' },
  quantityAtMost: { en: 'Quantity must be at most {max}', hi: 'मात्रा ज़्यादा से ज़्यादा {max} हो सकती है' },
  paymentReceivedSellerOnly: { en: 'Only the seller can say the payment was received', hi: 'पेमेंट मिलने की बात सिर्फ़ सेलर बता सकता है' },
  paymentNotReceivedSellerOnly: { en: 'Only the seller can say the payment was not received', hi: 'पेमेंट न मिलने की बात सिर्फ़ सेलर बता सकता है' },
  theUtrMustBeThe12: { en: 'The UTR must be the 12 digits of the UPI transaction reference', hi: 'UTR में UPI ट्रांज़ैक्शन रेफ़रेंस के 12 अंक होने चाहिए' },
  onlyTheBuyerPaysAnOrder: { en: 'Only the buyer pays an order', hi: 'ऑर्डर का पेमेंट सिर्फ़ ख़रीदार करता है' },
  utrOrScreenshot: { en: 'Give the UTR or a screenshot of the payment', hi: 'पेमेंट का UTR या स्क्रीनशॉट दें' },
  screenshotIsAPicture: { en: 'The payment screenshot must be a JPEG, PNG, GIF or WebP picture', hi: 'पेमेंट का स्क्रीनशॉट JPEG, PNG, GIF या WebP फ़ोटो होना चाहिए' },
  screenshotUnder5Mb: { en: 'The payment screenshot must be smaller than 5 MB', hi: 'पेमेंट का स्क्रीनशॉट 5 MB से छोटा होना चाहिए' },
  oneScreenshotPerPayment: { en: 'Send one screenshot of the payment', hi: 'पेमेंट का एक ही स्क्रीनशॉट भेजें' },
  noPaymentScreenshot: { en: 'This order has no payment screenshot', hi: 'इस ऑर्डर के साथ पेमेंट का कोई स्क्रीनशॉट नहीं है' },
});

/** What a notification of an order change says (order-notifiable.ts), in the recipient's language. */
export const orderNoticeMessages = defineMessages('orderNotices', {
  newOrder: { en: 'New order {displayId}', hi: 'नया ऑर्डर {displayId}' },
  orderLine: { en: 'Quantity {quantity}: {title}', hi: 'मात्रा {quantity}: {title}' },
  buyerPaid: { en: 'Order {displayId}: the buyer says they paid', hi: 'ऑर्डर {displayId}: ख़रीदार ने पेमेंट भेजा है' },
  checkThePayment: { en: '{title}: check the payment and confirm it', hi: '{title}: पेमेंट जाँचकर कन्फ़र्म करें' },
  paymentNotReceived: { en: 'Order {displayId}: payment not received', hi: 'ऑर्डर {displayId}: पेमेंट नहीं मिला' },
  confirmed: { en: 'Order {displayId} confirmed', hi: 'ऑर्डर {displayId} कन्फ़र्म हो गया' },
  delivered: { en: 'Order {displayId} delivered', hi: 'ऑर्डर {displayId} डिलीवर हो गया' },
  cancelled: { en: 'Order {displayId} cancelled', hi: 'ऑर्डर {displayId} रद्द हो गया' },
});
