import { NAMESPACED_PLUGIN_ERROR } from '@balcao/sdk';
import { ApiError } from '../api/api-error';

/** The minimal i18next surface this needs, so it can be tested with any instance. */
export interface Translator {
  exists(key: string): boolean;
  t(key: string): string;
}

/**
 * Spec part 1 §8: the translated `errors.ERR_…` text if a translation exists, otherwise what the screen says for its
 * failure (`fallbackKey`, e.g. 'Erro ao buscar informações dos tickets'), otherwise the raw text, otherwise the
 * translated 'An error occurred!'. A plugin's code (`tour:ERR_FULL`) is translated from the plugin's own locales
 * (`errors.ERR_FULL` in its namespace); untranslated, it shows the screen's text or 'An error occurred!', never raw.
 */
export function errorMessage(err: unknown, i18n: Translator, fallbackKey?: string): string {
  const code = err instanceof ApiError ? err.code : typeof err === 'string' ? err : null;
  const plugin = code ? NAMESPACED_PLUGIN_ERROR.exec(code) : null;
  if (plugin) {
    const key = `${plugin[1]}:errors.${plugin[2]}`;
    if (i18n.exists(key)) return i18n.t(key);
    return i18n.t(fallbackKey ?? 'errors.generic');
  }
  if (code && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  if (fallbackKey) return i18n.t(fallbackKey);
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  if (raw.trim() !== '') return raw;
  return i18n.t('errors.generic');
}
