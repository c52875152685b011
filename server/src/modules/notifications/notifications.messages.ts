import { defineMessages } from '../../common/message.js';

/** What the notifications module answers and what its bundled notifications say. */
export const notificationMessages = defineMessages('notifications', {
  pushOff: { en: 'Push notifications are not available on this site', hi: 'इस साइट पर पुश नोटिफ़िकेशन उपलब्ध नहीं हैं' },
  endpointRefused: {
    en: 'The endpoint {endpoint} is not a browser push service ({reason})',
    hi: 'एंडपॉइंट {endpoint} ब्राउज़र की पुश सर्विस नहीं है ({reason})',
  },
  endpointRequired: { en: 'Give the subscription endpoint', hi: 'सब्सक्रिप्शन का एंडपॉइंट दें' },
  keysRequired: { en: 'Give the subscription keys p256dh and auth', hi: 'सब्सक्रिप्शन की कुंजियाँ p256dh और auth दें' },
  useATime: { en: 'Use a time like 22:00', hi: '22:00 जैसा समय लिखें' },
  preferencesInvalid: { en: 'These notification settings are not valid', hi: 'नोटिफ़िकेशन की ये सेटिंग सही नहीं हैं' },
  manyMessages: { en: '{count} new messages from {people} people', hi: '{people} लोगों से {count} नए मैसेज' },
  manyMessagesOnePerson: { en: '{count} new messages', hi: '{count} नए मैसेज' },
  manyQuotes: { en: '{count} new quotes and offers', hi: '{count} नए कोटेशन और ऑफ़र' },
  openToRead: { en: 'Open Bol Bazaar to read them', hi: 'पढ़ने के लिए बोल बाज़ार खोलें' },
  digestSubjectOne: { en: 'Unread on Bol Bazaar: {title}', hi: 'बोल बाज़ार पर बिना पढ़ा: {title}' },
  digestSubjectMany: { en: '{count} unread updates on Bol Bazaar', hi: 'बोल बाज़ार पर {count} बिना पढ़े अपडेट' },
  digestIntro: { en: 'These are waiting for you on Bol Bazaar:', hi: 'बोल बाज़ार पर ये आपका इंतज़ार कर रहे हैं:' },
  digestOpen: { en: 'Open', hi: 'खोलें' },
  digestFooter: {
    en: 'You get this email because email alerts are on. Change what comes by email in Settings: {url}',
    hi: 'ईमेल अलर्ट चालू हैं, इसलिए आपको यह ईमेल मिला। ईमेल से क्या आए, यह सेटिंग में बदलें: {url}',
  },
});
