import { defineMessages } from '../../common/message.js';

/** What buy requirements answer (docs/product.md#buy-requirements). */
export const rfqMessages = defineMessages('rfqs', {
  logInToPostARequirement: { en: 'Log in to post a requirement', hi: 'ज़रूरत पोस्ट करने के लिए लॉग इन करें' },
  logInToSeeRequirements: { en: 'Log in to see requirements', hi: 'ज़रूरतें देखने के लिए लॉग इन करें' },
  verifyYourEmailToPost: { en: 'Please verify your email before posting a requirement', hi: 'ज़रूरत पोस्ट करने से पहले कृपया अपना ईमेल वेरिफ़ाई करें' },
  requirementNotFound: { en: 'Requirement not found', hi: 'यह ज़रूरत नहीं मिली' },
  quoteNotFound: { en: 'Quote not found', hi: 'यह कोटेशन नहीं मिला' },
  pleaseChooseAValidRequirement: { en: 'Please choose a valid requirement', hi: 'कृपया सही ज़रूरत चुनें' },
  pleaseChooseAValidQuote: { en: 'Please choose a valid quote', hi: 'कृपया सही कोटेशन चुनें' },
  sayWhatYouNeed: { en: 'Please say what you need (1 to 500 characters)', hi: 'कृपया बताएँ कि आपको क्या चाहिए (1 से 500 अक्षर)' },
  quantityMustBeAWholeNumber: { en: 'Quantity must be a whole number from 1 to 1000000', hi: 'मात्रा 1 से 1000000 तक की पूरी संख्या होनी चाहिए' },
  pleaseChooseAValidUnit: { en: 'Please choose a valid unit', hi: 'कृपया सही इकाई चुनें' },
  pleaseChooseAValidCategory: { en: 'Please choose a valid category', hi: 'कृपया सही कैटेगरी चुनें' },
  pleaseEnterAValidPrice: { en: 'Please enter a valid price in paise (a whole number)', hi: 'कृपया पैसे में सही दाम लिखें (पूरी संख्या)' },
  placeIsAtMost60: { en: 'A city or state is at most 60 characters', hi: 'शहर या राज्य ज़्यादा से ज़्यादा 60 अक्षर का हो' },
  neededByMustBeADate: { en: 'Needed by must be a date (YYYY-MM-DD) from today on', hi: '"कब तक चाहिए" आज या उसके बाद की तारीख़ (YYYY-MM-DD) हो' },
  conditionMustBeNewOrUsed: { en: 'Condition must be new or used', hi: 'हालत नई या पुरानी होनी चाहिए' },
  notesAreAtMost1000: { en: 'Notes are at most 1000 characters', hi: 'नोट ज़्यादा से ज़्यादा 1000 अक्षर के हों' },
  openFor1To14Days: { en: 'A requirement is open for 1 to 14 days', hi: 'ज़रूरत 1 से 14 दिन तक खुली रह सकती है' },
  atMostOpenRequirements: { en: 'You have {max} open requirements. Close one before posting another.', hi: 'आपकी {max} ज़रूरतें खुली हैं। नई पोस्ट करने से पहले एक बंद करें।' },
  atMostRequirementsADay: { en: 'You can post at most {max} requirements a day. Please try again tomorrow.', hi: 'आप एक दिन में ज़्यादा से ज़्यादा {max} ज़रूरतें पोस्ट कर सकते हैं। कृपया कल फिर कोशिश करें।' },
  thisRequirementHasExpired: { en: 'This requirement has expired', hi: 'इस ज़रूरत का समय ख़त्म हो गया है' },
  thisRequirementIsClosed: { en: 'This requirement is closed', hi: 'यह ज़रूरत बंद है' },
  thisRequirementIsFulfilled: { en: 'This requirement has already been fulfilled', hi: 'यह ज़रूरत पहले ही पूरी हो चुकी है' },
  thisQuoteHasExpired: { en: 'This quote has expired', hi: 'इस कोटेशन की मियाद ख़त्म हो गई है' },
  thisQuoteWasReplaced: { en: 'The seller replaced this quote with a newer one', hi: 'सेलर ने इस कोटेशन की जगह नया कोटेशन भेजा है' },
  onlyTheBuyerSeesQuotes: { en: 'Only the buyer sees the quotes of a requirement', hi: 'ज़रूरत के कोटेशन सिर्फ़ ख़रीदार देख सकता है' },
  youAlreadyDeclined: { en: 'You declined this requirement', hi: 'आपने यह ज़रूरत मना कर दी है' },
  youAlreadyQuoted: { en: 'You have quoted this requirement; you can send a new quote instead', hi: 'आप इस ज़रूरत पर कोटेशन भेज चुके हैं; चाहें तो नया कोटेशन भेजें' },
  pleaseChooseADeclineReason: { en: 'Please choose a reason: not my goods, cannot deliver there or price too low', hi: 'कृपया कारण चुनें: मेरा सामान नहीं, वहाँ डिलीवरी नहीं कर सकते या दाम बहुत कम' },
  deliveryDaysMustBe: { en: 'Delivery days must be a whole number from 0 to 365', hi: 'डिलीवरी के दिन 0 से 365 तक की पूरी संख्या हों' },
  validHoursMustBe: { en: 'A quote is valid for 1 to 336 hours', hi: 'कोटेशन 1 से 336 घंटे तक मान्य हो सकता है' },
  noListingToQuote: { en: 'Choose one of your listings to quote from', hi: 'कोटेशन के लिए अपनी कोई लिस्टिंग चुनें' },
  limitMustBeAWholeNumber: { en: 'Limit must be a whole number from 1 to 100', hi: 'सीमा 1 से 100 तक की पूरी संख्या हो' },
  offsetMustBeAWholeNumber: { en: 'Offset must be a whole number from 0', hi: 'ऑफ़सेट 0 या उससे बड़ी पूरी संख्या हो' },
  afterMustBeAPosition: { en: 'After must be a position (a whole number)', hi: '"बाद" एक पोज़िशन (पूरी संख्या) हो' },
  logInToFollowRequirements: { en: 'Log in to follow requirements', hi: 'ज़रूरतों की जानकारी पाने के लिए लॉग इन करें' },
});

/** The titles of requirement notifications (rfq-notifiable.ts); the body is the buyer's own words. */
export const rfqNoticeMessages = defineMessages('rfqNotices', {
  newRequirement: { en: 'New buy requirement for you', hi: 'आपके लिए नई ख़रीद ज़रूरत' },
  buyerChoseAnotherQuote: { en: 'The buyer chose another quote', hi: 'ख़रीदार ने दूसरा कोटेशन चुना' },
  buyerClosedRequirement: { en: 'The buyer closed a requirement you quoted', hi: 'आपने जिस ज़रूरत पर कोटेशन भेजा था, ख़रीदार ने उसे बंद कर दिया' },
});
