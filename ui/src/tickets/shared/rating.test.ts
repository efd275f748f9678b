import { describe, expect, it } from 'vitest';
import { ratingEmoji, rowRating } from './rating';

describe('rating emoji (spec part 1 §2 ticket row)', () => {
  it('maps 1..5 to angry, upset, neutral, happy, loving', () => {
    expect([1, 2, 3, 4, 5].map((n) => ratingEmoji(n)?.mood)).toEqual([
      'angry',
      'upset',
      'neutral',
      'happy',
      'loving',
    ]);
    expect(new Set([1, 2, 3, 4, 5].map((n) => ratingEmoji(n)?.emoji)).size).toBe(5);
  });

  it('has none without a rating or outside the scale', () => {
    expect(ratingEmoji(null)).toBeNull();
    expect(ratingEmoji(undefined)).toBeNull();
    expect(ratingEmoji(0)).toBeNull();
    expect(ratingEmoji(6)).toBeNull();
    expect(ratingEmoji(Number.NaN)).toBeNull();
    expect(ratingEmoji(4.4)?.mood).toBe('happy');
  });

  it('shows only on closed rows', () => {
    expect(rowRating({ status: 'closed', rating: 5 })?.mood).toBe('loving');
    expect(rowRating({ status: 'open', rating: 5 })).toBeNull();
    expect(rowRating({ status: 'closed' })).toBeNull();
  });
});
