import { defineMessages } from '../../common/message.js';

/** What sign-up, login and password changes answer. */
export const authMessages = defineMessages('auth', {
  usernameMustBe3To30: { en: 'Username must be 3 to 30 characters using lowercase letters, digits, _ and .', hi: 'यूज़रनेम 3 से 30 अक्षरों का हो और उसमें सिर्फ़ छोटे अक्षर (a–z), अंक, _ और . हों' },
  passwordMustBeAtLeast8: { en: 'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (!@#$%^&*)', hi: 'पासवर्ड कम से कम 8 अक्षरों का हो और उसमें एक बड़ा अक्षर, एक छोटा अक्षर, एक अंक और एक स्पेशल कैरेक्टर (!@#$%^&*) हो' },
  pleaseEnterYourEmail: { en: 'Please enter your email', hi: 'कृपया अपना ईमेल डालें' },
  pleaseEnterAValidEmailAddress: { en: 'Please enter a valid email address', hi: 'कृपया सही ईमेल पता डालें' },
  pleaseEnterUsername: { en: 'Please enter username', hi: 'कृपया यूज़रनेम डालें' },
  pleaseEnterPassword: { en: 'Please enter password', hi: 'कृपया पासवर्ड डालें' },
  passwordMustBeAtMost200: { en: 'Password must be at most 200 characters', hi: 'पासवर्ड ज़्यादा से ज़्यादा 200 अक्षरों का हो सकता है' },
  pleaseEnterBothEmailAndUsername: { en: 'Please enter both email and username', hi: 'कृपया ईमेल और यूज़रनेम दोनों डालें' },
  pleaseEnterYourCurrentPassword: { en: 'Please enter your current password', hi: 'कृपया अपना मौजूदा पासवर्ड डालें' },
  logInToSubscribeToAccount: { en: 'Log in to subscribe to account events', hi: 'अपने खाते की ख़बरें पाने के लिए लॉग इन करें' },
  notLoggedIn: { en: 'Not logged in', hi: 'आप लॉग इन नहीं हैं' },
  invalidUsernameOrPassword: { en: 'Invalid username or password', hi: 'यूज़रनेम या पासवर्ड ग़लत है' },
  logInOverHttpPostGraphql: { en: 'Log in over HTTP (POST /graphql or /auth/login): a WebSocket cannot receive the session cookie', hi: 'HTTP से लॉग इन करें (POST /graphql या /auth/login): WebSocket लॉगिन कुकी नहीं ले सकता' },
  changeThePasswordOverHttpPost: { en: 'Change the password over HTTP (POST /graphql or /auth/change-password): a WebSocket cannot receive the new session cookie', hi: 'पासवर्ड HTTP से बदलें (POST /graphql या /auth/change-password): WebSocket नई लॉगिन कुकी नहीं ले सकता' },
  currentPasswordIsIncorrect: { en: 'Current password is incorrect', hi: 'मौजूदा पासवर्ड ग़लत है' },
  newPasswordMustBeDifferentFrom: { en: 'New password must be different from the current password', hi: 'नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए' },
  anAccountWithThisEmailAlready: { en: 'An account with this email already exists', hi: 'इस ईमेल से पहले से एक खाता बना हुआ है' },
  thisUsernameIsReserved: { en: 'This username is reserved for the site\'s own pages: please choose another', hi: 'यह यूज़रनेम साइट के अपने पेजों के लिए रखा गया है: कृपया कोई दूसरा चुनें' },
  thisUsernameIsAlreadyTaken: { en: 'This username is already taken', hi: 'यह यूज़रनेम किसी और ने ले लिया है' },
  tryAgainInMinute: { en: 'Too many login attempts. Please try again in {n} minute.', hi: 'लॉग इन की बहुत ज़्यादा कोशिशें हुईं। कृपया {n} मिनट बाद फिर कोशिश करें।' },
  tryAgainInMinutes: { en: 'Too many login attempts. Please try again in {n} minutes.', hi: 'लॉग इन की बहुत ज़्यादा कोशिशें हुईं। कृपया {n} मिनट बाद फिर कोशिश करें।' },
});
