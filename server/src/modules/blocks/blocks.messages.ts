import { defineMessages } from '../../common/message.js';

/** What blocking answers. */
export const blockMessages = defineMessages('blocks', {
  youBlockedThisUserUnblockThem: { en: 'You blocked this user. Unblock them to contact them again.', hi: 'आपने इस यूज़र को ब्लॉक किया है। उनसे बात करने के लिए पहले अनब्लॉक करें।' },
  youCannotContactThisUser: { en: 'You cannot contact this user', hi: 'आप इस यूज़र से संपर्क नहीं कर सकते' },
  pleaseChooseAValidUser: { en: 'Please choose a valid user', hi: 'कृपया सही यूज़र चुनें' },
  userNotFound: { en: 'User not found', hi: 'यह यूज़र नहीं मिला' },
  youCannotBlockYourself: { en: 'You cannot block yourself', hi: 'आप ख़ुद को ब्लॉक नहीं कर सकते' },
});
