import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAbout from '../locales/en/about.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enHome from '../locales/en/home.json';
import enProducts from '../locales/en/products.json';
import enSearch from '../locales/en/search.json';
import enSeller from '../locales/en/seller.json';
import enSettings from '../locales/en/settings.json';
import enVerification from '../locales/en/verification.json';
import hiAbout from '../locales/hi/about.json';
import hiAuth from '../locales/hi/auth.json';
import hiCommon from '../locales/hi/common.json';
import hiDashboard from '../locales/hi/dashboard.json';
import hiHome from '../locales/hi/home.json';
import hiProducts from '../locales/hi/products.json';
import hiSearch from '../locales/hi/search.json';
import hiSeller from '../locales/hi/seller.json';
import hiSettings from '../locales/hi/settings.json';
import hiVerification from '../locales/hi/verification.json';
import { readStorage, writeStorage } from './storage';

export const LANGUAGE_STORAGE_KEY = 'bb.language';
export const SUPPORTED_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const en = {
  common: enCommon,
  auth: enAuth,
  home: enHome,
  search: enSearch,
  about: enAbout,
  settings: enSettings,
  verification: enVerification,
  products: enProducts,
  seller: enSeller,
  dashboard: enDashboard,
};
const hi = {
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
};

/** Every translation, bundled: two small languages cost less than a request per namespace. */
export const resources = { en, hi } as const;
export const defaultNS = 'common';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Keys are checked against English; a test keeps the Hindi files in step.
    resources: typeof en;
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = language;
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    ns: Object.keys(en),
    defaultNS,
    interpolation: { escapeValue: false }, // React escapes already.
    initAsync: false,
    returnNull: false,
  });
  reflectLanguage(i18n.language);
  i18n.on('languageChanged', reflectLanguage);
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
