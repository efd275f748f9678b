import { FALLBACK_LANGUAGE, type Language, type TextsPort } from '@balcao/sdk';
// The shell's own locale files: one source for the texts the browser shows and the ones the server writes in files.
import en from '../../../ui/src/i18n/locales/en.json' with { type: 'json' };
import es from '../../../ui/src/i18n/locales/es.json' with { type: 'json' };
import ptBR from '../../../ui/src/i18n/locales/pt-BR.json' with { type: 'json' };
import tr from '../../../ui/src/i18n/locales/tr.json' with { type: 'json' };

const ERRORS: Record<Language, Record<string, string>> = {
  en: en.errors,
  es: es.errors,
  'pt-BR': ptBR.errors,
  tr: tr.errors,
};

const own = (table: Record<string, string> | undefined, code: string) =>
  table && Object.hasOwn(table, code) ? table[code] : undefined;

/** TextsPort: the shell's error messages as the UI's i18n resolves them (the language, else the fallback one). */
export const SHELL_TEXTS: TextsPort = {
  errorText: (code, language) => own(ERRORS[language], code) ?? own(ERRORS[FALLBACK_LANGUAGE], code),
};
