import type { Language } from '@balcao/sdk';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, navigatorLanguage, storedLanguage } from './languages';
import en from './locales/en.json';
import es from './locales/es.json';
import ptBR from './locales/pt-BR.json';
import tr from './locales/tr.json';

/** The shell's i18next instance; plugins add one namespace each (named after the plugin). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'pt-BR': { translation: ptBR },
    en: { translation: en },
    es: { translation: es },
    tr: { translation: tr },
  },
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

/** Switches the interface language and remembers the choice under `i18nextLng`. */
export async function chooseLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

/** After login: use the user's saved language unless this browser already has a stored choice. */
export function applyUserLanguage(lang: Language | null): void {
  if (!lang || storedLanguage()) return;
  void i18n.changeLanguage(lang);
}
