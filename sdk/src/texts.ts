import type { Language } from './languages.js';

/**
 * The platform's interface texts a server-side file may need in the user's language, as the UI shows them: an error
 * code's message (the shell's `errors.<code>`, in `language`, else the fallback language's), `undefined` for a code it
 * has no text for (a channel's free-text reason, a plugin's own code: show it as it is). For what a plugin writes for
 * a person outside the browser — an export, a file — where the page would translate the same code.
 * @example texts.errorText('ERR_NO_CONTACT_FOUND', 'pt-BR') === 'Nenhum contato encontrado com este ID.'
 */
export interface TextsPort {
  errorText(code: string, language: Language): string | undefined;
}
