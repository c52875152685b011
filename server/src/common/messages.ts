import type { ErrorCode } from './error-codes.js';
import { defineMessages, type Message } from './message.js';

/** Messages any part of the server answers with (and the words they insert). */
export const commonMessages = defineMessages('common', {
  somethingWentWrong: { en: 'Something went wrong. Please try again.', hi: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।' },
  notFound: { en: 'Not found', hi: 'नहीं मिला' },
  logIn: { en: 'Please log in to continue', hi: 'जारी रखने के लिए कृपया लॉग इन करें' },
  invalidInput: { en: 'Invalid input', hi: 'दी गई जानकारी सही नहीं है' },
  notATime: { en: 'Not a valid time', hi: 'यह सही समय नहीं है' },
  noNul: { en: 'Text must not contain NUL characters', hi: 'टेक्स्ट में NUL अक्षर नहीं हो सकते' },
  unavailable: {
    en: 'The service is temporarily unavailable. Please try again in a moment.',
    hi: 'सर्विस अभी कुछ देर के लिए बंद है। कृपया थोड़ी देर में फिर कोशिश करें।',
  },
  fileTooLarge: {
    en: 'File size ({size} MB) exceeds maximum allowed size ({max} MB)',
    hi: 'फ़ाइल {size} MB की है; ज़्यादा से ज़्यादा {max} MB की फ़ाइल डाल सकते हैं',
  },
});

/**
 * A text we did not write (zod's default for a check given no message) as a message: its English as it
 * came, its Hindi the Hindi of the error's code.
 */
export const libraryText = (text: string, code: ErrorCode): Message => ({ id: 'common.libraryText', en: text, hi: HINDI_BY_CODE[code] });

/**
 * The Hindi of a text we did not write (a library's: GraphQL's validation, zod's defaults), by the
 * error's code: such a text has no id, and its English says more to a developer than a guess would.
 */
export const HINDI_BY_CODE: Readonly<Record<ErrorCode | (string & {}), string>> = {
  BAD_USER_INPUT: 'दी गई जानकारी सही नहीं है। कृपया जाँचकर फिर कोशिश करें।',
  BAD_REQUEST: 'यह काम इस तरह नहीं हो सकता।',
  UNAUTHENTICATED: 'जारी रखने के लिए कृपया लॉग इन करें',
  EMAIL_NOT_VERIFIED: 'ईमेल वेरिफ़ाई नहीं हुआ है। लॉग इन करने के लिए कृपया अपना ईमेल वेरिफ़ाई करें।',
  ACCOUNT_SUSPENDED: 'हमारी टीम ने यह खाता सस्पेंड कर दिया है, इसलिए इससे लॉग इन नहीं हो सकता।',
  FORBIDDEN: 'आप यह नहीं कर सकते',
  NOT_FOUND: 'नहीं मिला',
  CONFLICT: 'यह पहले से मौजूद जानकारी से मेल नहीं खाता',
  GONE: 'यह अब उपलब्ध नहीं है',
  PAYLOAD_TOO_LARGE: 'अपलोड बहुत बड़ा है',
  UNSUPPORTED_MEDIA_TYPE: 'इस तरह की फ़ाइल नहीं चलती',
  RATE_LIMITED: 'बहुत जल्दी-जल्दी कोशिश हुई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  INTERNAL_SERVER_ERROR: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  SERVICE_UNAVAILABLE: 'सर्विस अभी बंद है। कृपया बाद में फिर कोशिश करें।',
  TIMEOUT: 'बहुत समय लग गया। कृपया फिर से कोशिश करें।',
  QUERY_TOO_COMPLEX: 'यह रिक्वेस्ट बहुत बड़ी है।',
};
