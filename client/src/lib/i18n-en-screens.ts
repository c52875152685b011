import about from '../locales/en/about.json';
import auth from '../locales/en/auth.json';
import chat from '../locales/en/chat.json';
import commonScreens from '../locales/en/common-screens.json';
import dashboard from '../locales/en/dashboard.json';
import moderation from '../locales/en/moderation.json';
import products from '../locales/en/products.json';
import rfqs from '../locales/en/rfqs.json';
import seller from '../locales/en/seller.json';
import settings from '../locales/en/settings.json';
import verification from '../locales/en/verification.json';

/**
 * English texts of the screens other than the first page: one chunk, loaded by `loadScreenTexts` in i18n.ts.
 * `common` here is the rest of the common namespace that only those screens show (orders, reviews), merged
 * into the first page's when the chunk comes.
 */
export const enScreens = { auth, about, settings, verification, products, seller, dashboard, chat, moderation, rfqs, common: commonScreens };
