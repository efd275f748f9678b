import { describe, expect, it } from 'vitest';
import { ratingOf, ratingRequestLimit, rowRatingOf } from './rating.js';

describe('closing rating scales', () => {
  it('reads a whole number 0–10, spaces around it allowed, and nothing else', () => {
    expect(['0', ' 9 ', '10', '07'].map(ratingOf)).toEqual([0, 9, 10, 7]);
    for (const answer of ['11', '-1', '8.5', '9 estrelas', 'nove', '', '100', '!'])
      expect(ratingOf(answer)).toBeUndefined();
  });

  it('puts 0–10 on the row’s 1–5 scale by NPS class', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(rowRatingOf)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('asks at least once, as many times as the connection says', () => {
    expect([0, 1, 3, null, undefined].map(ratingRequestLimit)).toEqual([1, 1, 3, 3, 3]);
  });
});
