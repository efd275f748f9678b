/** Interface languages; `es` is the fallback. @example LANGUAGES[0] === 'pt-BR' */
export const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spec part 1 §1: Spanish is the fallback language. */
export const FALLBACK_LANGUAGE: Language = 'es';

/**
 * Maps a browser language tag (pt, pt-PT, en-US, es-419, tr-TR…) to a supported language; null for any other.
 * @example matchLanguage('en-GB') === 'en'; matchLanguage('pt') === 'pt-BR'
 */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  return LANGUAGES.find((lang) => lower === lang.toLowerCase() || lower.startsWith(`${lang}-`)) ?? null;
}

/**
 * The first supported language of an `Accept-Language` header, by its q weights; the fallback when none is.
 * @example acceptedLanguage('fr-FR, tr;q=0.8, en;q=0.5') === 'tr'
 */
export function acceptedLanguage(header: string | null | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}
