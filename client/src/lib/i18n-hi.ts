import hiAbout from '../locales/hi/about.json';
import hiAuth from '../locales/hi/auth.json';
import hiChat from '../locales/hi/chat.json';
import hiCommon from '../locales/hi/common.json';
import hiDashboard from '../locales/hi/dashboard.json';
import hiHome from '../locales/hi/home.json';
import hiModeration from '../locales/hi/moderation.json';
import hiProducts from '../locales/hi/products.json';
import hiRfqs from '../locales/hi/rfqs.json';
import hiSearch from '../locales/hi/search.json';
import hiSeller from '../locales/hi/seller.json';
import hiSettings from '../locales/hi/settings.json';
import hiVerification from '../locales/hi/verification.json';

/** The Hindi texts, one chunk loaded on demand by `loadLanguage` in i18n.ts. */
export const hi = {
  common: hiCommon,
  auth: hiAuth,
  home: hiHome,
  search: hiSearch,
  about: hiAbout,
  settings: hiSettings,
  verification: hiVerification,
  products: hiProducts,
  seller: hiSeller,
  dashboard: hiDashboard,
  chat: hiChat,
  moderation: hiModeration,
  rfqs: hiRfqs,
};
