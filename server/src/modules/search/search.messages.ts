import { defineMessages } from '../../common/message.js';

/** What search and the assistant answer. */
export const searchMessages = defineMessages('search', {
  maximum2ImagesAllowedPleaseRemove: { en: 'Maximum 2 images allowed. Please remove existing images first.', hi: 'ज़्यादा से ज़्यादा 2 फ़ोटो डाल सकते हैं। कृपया पहले कोई फ़ोटो हटाएँ।' },
  eachImageMustBeLessThan: { en: 'Each image must be less than 5MB', hi: 'हर फ़ोटो 5 MB से छोटी होनी चाहिए' },
  pleaseSelectValidImageFiles: { en: 'Please select valid image files', hi: 'कृपया सही फ़ोटो फ़ाइलें चुनें' },
  pleaseAddAtLeastOneImage: { en: 'Please add at least one image or enter search text', hi: 'कृपया कम से कम एक फ़ोटो जोड़ें या खोज के शब्द लिखें' },
  theBodyFieldMustBeJson: { en: 'The body field must be JSON: {example}', hi: 'खोज की जानकारी सही JSON में होनी चाहिए: {example}' },
  theSearchTextMustBeText: { en: 'The search text must be text', hi: 'खोज के लिए कुछ शब्द लिखें' },
  forceOriginalMustBeTrueOr: { en: 'force_original must be true or false', hi: 'लिखे हुए शब्दों से ही खोजना है या नहीं, यह हाँ या नहीं में बताइए' },
  assistantsessionidMustBeASearchSession: { en: 'assistantSessionId must be a search session id', hi: 'यह खोज पहचानी नहीं जा सकी। कृपया फिर से खोजें।' },
  pleaseSayWhatYouAreLooking: { en: 'Please say what you are looking for', hi: 'कृपया बताइए कि आप क्या ढूँढ रहे हैं' },
  productNotFound: { en: 'Product not found', hi: 'प्रोडक्ट नहीं मिला' },
  thisSearchHasEndedPleaseSearch: { en: 'This search has ended. Please search again.', hi: 'यह खोज ख़त्म हो चुकी है। कृपया फिर से खोजें।' },
  queryTooLong: { en: 'The search text can be at most {max} characters', hi: 'खोज ज़्यादा से ज़्यादा {max} अक्षरों की हो सकती है' },
  limitFrom1To: { en: 'limit must be a whole number from 1 to {max}', hi: 'एक बार में 1 से {max} तक ही दिखा सकते हैं' },
  offsetTooFar: { en: 'offset must be a whole number from 0 to {max}', hi: 'इससे आगे के नतीजे नहीं दिखा सकते ({max} तक ही)' },
  filterOneOf: { en: 'filter must be one of: {keys}', hi: 'यह फ़िल्टर नहीं है; इनमें से चुनें: {keys}' },
  withoutFiltersListOf: { en: 'without_filters must be a list of: {keys}', hi: 'हटाए गए फ़िल्टर इनमें से होने चाहिए: {keys}' },
  theCityMustBeText: { en: 'The city must be text', hi: 'शहर का नाम लिखें' },
  cityTooLong: { en: 'The city can be at most {max} characters', hi: 'शहर का नाम ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है' },
  sortOneOf: { en: 'sort must be one of: {keys}', hi: 'यह क्रम नहीं है; इनमें से चुनें: {keys}' },
});
