import { FALLBACK_LANGUAGE, LANGUAGES, type Language, matchLanguage } from '@balcao/sdk';

export { FALLBACK_LANGUAGE, matchLanguage };

/** localStorage key of the chosen interface language (spec part 1 §1). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

export function navigatorLanguage(): Language | null {
  const tags = globalThis.navigator?.languages ?? [];
  for (const tag of tags) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return null;
}
