import type { Language } from '@balcao/sdk';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, navigatorLanguage, storedLanguage } from './languages';

/** The shell's i18next instance; plugins add one namespace each (named after the plugin). */
export const i18n = i18next.createInstance();

// Each language is a chunk of its own, fetched when chosen: the first load carries one language, not four (issue 30).
const LOCALES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  'pt-BR': () => import('./locales/pt-BR.json'),
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  tr: () => import('./locales/tr.json'),
};

/** Fetches a language's texts once (before switching to it). @example await loadLanguage('es') */
export async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: texts } = await LOCALES[lang]();
  i18n.addResourceBundle(lang, 'translation', texts);
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  // Stored choice first, then the browser; the user's saved language is applied after login.
  lng: storedLanguage() ?? navigatorLanguage() ?? FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function syncDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * The first language's texts: the first render waits for them (every language holds every key: locales.test.ts).
 * @example await i18nReady; render()
 */
export const i18nReady: Promise<void> = loadLanguage(i18n.language as Language);

/** Switches the interface language and remembers the choice under `i18nextLng`. */
export async function chooseLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** After login: use the user's saved language unless this browser already has a stored choice. */
export function applyUserLanguage(lang: Language | null): void {
  if (!lang || storedLanguage()) return;
  void loadLanguage(lang).then(() => i18n.changeLanguage(lang));
}
