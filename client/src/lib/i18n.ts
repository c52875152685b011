import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import enSearch from '../locales/en/search.json';
import type { enScreens } from './i18n-en-screens';
import { RENDERED_STATE_ID } from './page-head';
import { readStorage, writeStorage } from './storage';

export const LANGUAGE_STORAGE_KEY = 'bb.language';
export const SUPPORTED_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** What the first page shows (the frame, home, the search overlay and its cards). */
const en = {
  common: enCommon,
  home: enHome,
  search: enSearch,
};
/** The other screens' namespaces, in `i18n-en-screens.ts` (`products`: the product page's and the seller's forms). */
const SCREEN_NAMESPACES = ['auth', 'about', 'settings', 'verification', 'products', 'seller', 'dashboard', 'chat', 'moderation', 'rfqs'] as const;

/**
 * English texts of the first page are bundled (English is the default and the fallback); the other
 * screens' English texts are a chunk fetched with the first such screen (`loadScreenTexts`), and Hindi is a
 * chunk of its own (`i18n-hi.ts`), fetched before the first render when it is the remembered language and
 * when the toggle picks it. So the first load of `/` carries neither.
 */
export const resources = { en } as const;
export const defaultNS = 'common';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Keys are checked against English; a test keeps the Hindi files in step.
    resources: typeof en & typeof enScreens;
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The cookie that tells the server which language to render a page in (server/src/http/cookies.ts). */
const LANGUAGE_COOKIE = 'bb_lang';

function storedLanguage(): Language | null {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The language of a page the server rendered (it names it on `<html>`): the app hydrates it in that language. */
function renderedLanguage(): Language | null {
  if (typeof document === 'undefined' || !document.getElementById(RENDERED_STATE_ID)) return null;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : null;
}

function initialLanguage(): Language {
  return renderedLanguage() ?? storedLanguage() ?? DEFAULT_LANGUAGE;
}

/** Tells the server the language to render the next pages in (a year; the toggle changes it). */
function rememberForServer(language: Language): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function reflectLanguage(language: string): void {
  // (The server's renderer has no document: it writes the page's language itself.)
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Fetches a chunk of texts once and adds them to i18next (a failed fetch is tried again next time). */
function textChunk(language: Language, load: () => Promise<Record<string, object>>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= load().then(
      (texts) => {
        for (const [namespace, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, namespace, bundle, true, true);
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
}
const loadHindi = textChunk('hi', () => import('./i18n-hi').then((m) => m.hi));
const loadEnglishScreens = textChunk('en', () => import('./i18n-en-screens').then((m) => m.enScreens));

/** Makes a language's texts available (Hindi: every namespace, one chunk fetched once). */
export function loadLanguage(language: Language): Promise<void> {
  return language === 'hi' ? loadHindi() : Promise.resolve();
}

/** The texts of screens other than the first page, in the current language (a lazy screen waits for them). */
export function loadScreenTexts(): Promise<void> {
  return currentLanguage() === 'hi' ? loadHindi() : loadEnglishScreens();
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    ns: [...Object.keys(en), ...SCREEN_NAMESPACES],
    defaultNS,
    interpolation: { escapeValue: false }, // React escapes already.
    initAsync: false,
    returnNull: false,
  });
  reflectLanguage(i18n.language);
  i18n.on('languageChanged', reflectLanguage);
  const stored = storedLanguage();
  if (stored) rememberForServer(stored);
}

/**
 * Resolves when the remembered language's texts are there (English at once); the app renders after it.
 * Hindi's texts arrive after init, which resolved the language to English for want of them: setting the
 * language again resolves it to Hindi (the toggle shows हिन्दी as the pressed one).
 */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage()).then(
  () => i18n.changeLanguage(initialLanguage()).then(() => undefined),
  () => i18n.changeLanguage(DEFAULT_LANGUAGE).then(() => undefined),
);

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  rememberForServer(language);
  // Back to English on a screen whose English texts were never fetched: fetch them first.
  await (language === 'en' ? loadEnglishScreens() : loadLanguage(language));
  await i18n.changeLanguage(language);
}

/**
 * After hydrating a rendered page whose link named no language: the language this browser chose, when the page
 * was rendered in another (a choice made before the server was told of it by cookie). A link's `?lang=` wins.
 */
export async function followRememberedLanguage(): Promise<void> {
  const stored = storedLanguage();
  if (stored && stored !== currentLanguage() && !new URLSearchParams(window.location.search).has('lang')) await changeLanguage(stored);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
