import { defineMessages } from '../../common/message.js';

/** What reporting and the operator console answer (docs/product.md#operators-and-reports). */
export const moderationMessages = defineMessages('moderation', {
  accountSuspended: {
    en: 'This account has been suspended by our team, so it cannot be used to log in.',
    hi: 'हमारी टीम ने यह खाता सस्पेंड कर दिया है, इसलिए इससे लॉग इन नहीं हो सकता।',
  },
  alreadyReported: { en: 'You have already reported this. Our team will look at it soon.', hi: 'आप इसकी रिपोर्ट पहले ही कर चुके हैं। हमारी टीम जल्द ही इसे देखेगी।' },
  reportHandledAlready: { en: 'This report has already been handled', hi: 'इस रिपोर्ट पर पहले ही फ़ैसला हो चुका है' },
  notYoursToReport: { en: 'You cannot report yourself or your own messages and products', hi: 'आप अपनी, अपने मैसेज की या अपने प्रोडक्ट की रिपोर्ट नहीं कर सकते' },
  reportNotFound: { en: 'Report not found', hi: 'यह रिपोर्ट नहीं मिली' },
  userNotFound: { en: 'User not found', hi: 'यह यूज़र नहीं मिला' },
  messageNotFound: { en: 'Message not found', hi: 'यह मैसेज नहीं मिला' },
  productNotFound: { en: 'Product not found', hi: 'प्रोडक्ट नहीं मिला' },
  validUser: { en: 'Please choose a valid user', hi: 'कृपया सही यूज़र चुनें' },
  sayWhatIsWrong: { en: 'Please tell us what is wrong', hi: 'कृपया बताइए कि क्या ग़लत है' },
  noteRequired: { en: 'Please write why (the note goes into the audit log)', hi: 'कृपया वजह लिखें (यह कार्रवाई के रिकॉर्ड में जाती है)' },
  chooseTargetType: { en: 'Please choose what you are reporting: a user, a message or a product', hi: 'कृपया चुनें कि आप किसकी रिपोर्ट कर रहे हैं: यूज़र, मैसेज या प्रोडक्ट' },
  chooseTarget: { en: 'Please choose what you are reporting', hi: 'कृपया चुनें कि आप किसकी रिपोर्ट कर रहे हैं' },
  chooseReason: { en: 'Please choose a reason: spam, fraud, offensive, wrong category or other', hi: 'कृपया वजह चुनें: स्पैम, धोखाधड़ी, आपत्तिजनक, ग़लत कैटेगरी या कुछ और' },
  reportMustBeText: { en: 'The report must be text', hi: 'रिपोर्ट में शब्द लिखें' },
  reportTooLong: { en: 'The report must be at most {max} characters', hi: 'रिपोर्ट ज़्यादा से ज़्यादा {max} अक्षरों की हो सकती है' },
  noteTooLong: { en: 'The note must be at most {max} characters', hi: 'वजह ज़्यादा से ज़्यादा {max} अक्षरों की हो सकती है' },
  chooseAction: { en: 'Please choose an action: dismiss, hide the product or suspend the user', hi: 'कृपया कार्रवाई चुनें: कोई कार्रवाई नहीं, प्रोडक्ट छिपाएँ या यूज़र को सस्पेंड करें' },
  limitRange: { en: 'limit must be a number from 1 to 50', hi: 'गिनती 1 से 50 तक की कोई संख्या होनी चाहिए' },
  onlyProductReportHides: { en: 'Only a product report can hide a product', hi: 'प्रोडक्ट सिर्फ़ प्रोडक्ट की रिपोर्ट पर छिपाया जा सकता है' },
  cannotSuspendYourself: { en: 'You cannot suspend yourself', hi: 'आप ख़ुद को सस्पेंड नहीं कर सकते' },
  queueActionNotAllowed: {
    en: 'The queue dashboard only retries, cleans and promotes jobs',
    hi: 'क्यू डैशबोर्ड से सिर्फ़ जॉब दोबारा चलाए, साफ़ किए या आगे बढ़ाए जा सकते हैं',
  },
  // The gate's answer to anyone but an operator: word for word the app's own for an unknown endpoint (http.messages.ts).
  noSuchEndpoint: { en: 'No such endpoint: {method} {path}', hi: 'ऐसा कोई एंडपॉइंट नहीं है: {method} {path}' },
  notSuspended: { en: 'This user is not suspended', hi: 'यह यूज़र सस्पेंड नहीं है' },
});
