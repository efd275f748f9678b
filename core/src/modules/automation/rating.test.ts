import { describe, expect, it } from 'vitest';
import {
  RATING_FOOTER,
  ratingFooter,
  ratingOf,
  ratingRequestLimit,
  rowRatingOf,
  scaleOf,
  statedScale,
} from './rating.js';

describe('closing rating scales', () => {
  it('reads a whole number 0–10, spaces around it allowed, and nothing else', () => {
    expect(['0', ' 9 ', '10', '07'].map((a) => ratingOf(a))).toEqual([0, 9, 10, 7]);
    for (const answer of ['11', '-1', '8.5', '9 estrelas', 'nove', '', '100', '!'])
      expect(ratingOf(answer)).toBeUndefined();
  });

  it('puts 0–10 on the row’s 1–5 scale by NPS class', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(rowRatingOf)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('asks at least once, as many times as the connection says', () => {
    expect([0, 1, 3, null, undefined].map(ratingRequestLimit)).toEqual([1, 1, 3, 3, 3]);
  });

  it('reads the scale the admin’s rating message states, in any of the four languages', () => {
    for (const text of [
      'Como foi o atendimento? Dê uma nota de 1 a 5',
      'Rate us from 1 to 5',
      'Califique del 1 al 5',
      'Lütfen 1 ile 5 arasında puan verin',
      'Nota (1-5)?',
      'Nota entre 1 e 5',
    ])
      expect(statedScale(text)).toEqual({ min: 1, max: 5 });
    expect(statedScale('De 0 a 10, quanto nos recomendaria?')).toEqual({ min: 0, max: 10 });
    // Hours, dates, counts and plain numbers are no scale.
    for (const text of [
      'Atendemos das 9 às 18h',
      'Protocolo 1234',
      'Nota de 10 a 20',
      'Como foi, {{firstName}}?',
      '1 a 1',
    ])
      expect(statedScale(text)).toBeUndefined();
  });

  it('appends the 0–10 line only when the admin’s text states no scale; the "!" line always', () => {
    expect(ratingFooter('Como foi o atendimento?')).toBe(RATING_FOOTER);
    const own = ratingFooter('Dê uma nota de 1 a 5');
    expect(own).not.toContain('0 a 10');
    expect(own).toContain('Envie *!* para voltar ao atendimento.');
    expect(RATING_FOOTER.endsWith(own)).toBe(true);
  });

  it('reads an answer on the stated scale and keeps it as 0–10 (the row shows 1–5 as answered)', () => {
    const fiveStars = scaleOf('Nota de 1 a 5');
    expect(['1', '2', '3', '4', '5'].map((a) => ratingOf(a, fiveStars))).toEqual([0, 3, 5, 8, 10]);
    expect(['1', '2', '3', '4', '5'].map((a) => rowRatingOf(ratingOf(a, fiveStars) ?? -1))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    for (const answer of ['0', '6', '10']) expect(ratingOf(answer, fiveStars)).toBeUndefined();
    expect(scaleOf(null)).toEqual({ min: 0, max: 10 });
    expect(ratingOf('7', scaleOf('Como foi?'))).toBe(7);
  });
});
