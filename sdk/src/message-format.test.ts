import { describe, expect, it } from 'vitest';
import { formatSegments } from './message-format.js';

describe('formatSegments: the formatting attendants and web chat visitors both see', () => {
  it('shows a signature in bold and keeps the line break', () => {
    expect(formatSegments('*Ana:*\nOlá')).toEqual([{ text: 'Ana:', bold: true }, { text: '\nOlá' }]);
  });

  it('styles *bold*, _italic_ and ~strike~, nested too', () => {
    expect(formatSegments('a _b_ ~c~ *d _e_*')).toEqual([
      { text: 'a ' },
      { text: 'b', italic: true },
      { text: ' ' },
      { text: 'c', strike: true },
      { text: ' ' },
      { text: 'd ', bold: true },
      { text: 'e', bold: true, italic: true },
    ]);
  });

  it('leaves markers that are arithmetic, inside words, spaced or across lines as written', () => {
    for (const body of ['2 * 3 = 6', 'snake_case_name', '* not bold *', '*one\ntwo*', 'a**b', '~']) {
      expect(formatSegments(body)).toEqual([{ text: body }]);
    }
  });

  it('turns http(s) addresses into links, without the sentence’s closing punctuation, and styles nothing inside', () => {
    expect(formatSegments('Veja https://loja.com.br/a_b_c, ok?')).toEqual([
      { text: 'Veja ' },
      { text: 'https://loja.com.br/a_b_c', href: 'https://loja.com.br/a_b_c' },
      { text: ', ok?' },
    ]);
    expect(formatSegments('javascript:alert(1) ftp://x')).toEqual([{ text: 'javascript:alert(1) ftp://x' }]);
  });

  it('keeps markup as text: segments are shown as text, never as HTML', () => {
    expect(formatSegments('*<b>x</b>*')).toEqual([{ text: '<b>x</b>', bold: true }]);
  });
});
