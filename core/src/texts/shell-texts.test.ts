import { describe, expect, it } from 'vitest';
import { SHELL_TEXTS } from './shell-texts.js';

describe('the shell texts port', () => {
  it("gives an error code's message in the language asked, as the UI shows it", () => {
    expect(SHELL_TEXTS.errorText('ERR_NO_CONTACT_FOUND', 'pt-BR')).toBe(
      'Nenhum contato encontrado com este ID.',
    );
    expect(SHELL_TEXTS.errorText('ERR_NO_CONTACT_FOUND', 'en')).toBe('No contact found with this ID.');
  });

  it('has no text for a free-text reason or an inherited property name', () => {
    expect(SHELL_TEXTS.errorText('Servers down', 'en')).toBeUndefined();
    expect(SHELL_TEXTS.errorText('constructor', 'es')).toBeUndefined();
  });
});
