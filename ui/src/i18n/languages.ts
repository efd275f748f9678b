import { LANGUAGES, type Language } from '@balcao/sdk';

/** localStorage key of the chosen interface language (spec part 1 §1). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Spec part 1 §1: Spanish is the fallback. */
export const FALLBACK_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser tag (pt, pt-PT, en-US, es-419, tr-TR…) to a supported language. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  return LANGUAGES.find((lang) => lower === lang.toLowerCase() || lower.startsWith(`${lang}-`)) ?? null;
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
