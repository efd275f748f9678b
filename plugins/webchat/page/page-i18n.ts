import { FALLBACK_LANGUAGE, type Language } from '@balcao/sdk/text';
import i18next, { type i18n } from 'i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';

/** The visitor page's words, one file per interface language (plugins/webchat/locales). */
export const PAGE_LOCALES = { 'pt-BR': ptBR, en, es, tr } as const;

/**
 * An i18next instance for the visitor page in `lang` (Spanish the fallback, as in the app): the server renders the
 * page's words with it, the page's script its live ones (offline, send errors).
 * @example createPageI18n('tr').t('page.send') === 'Gönder'
 */
export function createPageI18n(lang: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      Object.entries(PAGE_LOCALES).map(([l, words]) => [l, { translation: words }]),
    ),
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
