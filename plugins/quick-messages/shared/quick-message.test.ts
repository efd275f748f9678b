import { describe, expect, it } from 'vitest';
import { suggestionLabel } from './quick-message.js';

describe('suggestionLabel (spec part 1 §9: quick-reply label 35)', () => {
  it('cuts the shortcode and text at 35 characters', () => {
    expect(suggestionLabel({ shortcode: 'oi', message: 'Olá' })).toBe('oi - Olá');
    const long = suggestionLabel({
      shortcode: 'horario',
      message: 'Atendemos de segunda a sexta, das 8h às 18h',
    });
    expect(long).toBe(`${'horario - Atendemos de segunda a se'}…`);
    expect(long.length).toBe(36);
  });
});
