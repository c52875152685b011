import { defineMessages } from '../../common/message.js';

/** What account settings and deletion answer. */
export const accountMessages = defineMessages('accounts', {
  nothingToChange: { en: 'Nothing to change', hi: 'बदलने के लिए कुछ नहीं है' },
  languageMustBeEnOrHi: { en: 'Language must be en or hi', hi: 'भाषा English या हिन्दी होनी चाहिए' },
  emailNotificationsMustBeOnOr: { en: 'Email notifications must be on or off (true or false)', hi: 'ईमेल नोटिफ़िकेशन चालू या बंद होने चाहिए' },
  pleaseEnterYourPassword: { en: 'Please enter your password', hi: 'कृपया अपना पासवर्ड डालें' },
  passwordIsIncorrect: { en: 'Password is incorrect', hi: 'पासवर्ड ग़लत है' },
});
