import { describe, expect, it } from 'vitest';
import { isSingleEmoji, messageReactionSchema, QUICK_REACTIONS } from './reactions.js';

const issues = (emoji: unknown) => {
  const result = messageReactionSchema.safeParse({ emoji });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('reaction validation', () => {
  it('takes one emoji, however many code points it has, and empty (taking the reaction off)', () => {
    for (const emoji of [...QUICK_REACTIONS, '👍🏽', '👨‍👩‍👧', '🇧🇷', '1️⃣', ''])
      expect(issues(emoji), emoji).toEqual([]);
  });

  it('refuses text, two emoji, an emoji with text, NUL and oversized input, naming the field', () => {
    expect(issues('a')).toEqual(['emoji: One emoji']);
    expect(issues('👍👍')).toEqual(['emoji: One emoji']);
    expect(issues('👍 ok')).toEqual(['emoji: One emoji']);
    expect(issues('👍\u0000')).toEqual(['emoji: Invalid character', 'emoji: One emoji']);
    expect(issues('👍'.repeat(40))).toEqual(['emoji: Too Long!', 'emoji: One emoji']);
    expect(issues(5)).toHaveLength(1);
    expect(issues(undefined)).toHaveLength(1);
  });

  it('isSingleEmoji tells one grapheme emoji from anything else', () => {
    expect(isSingleEmoji('❤️')).toBe(true);
    expect(isSingleEmoji('1')).toBe(false);
    expect(isSingleEmoji('')).toBe(false);
  });
});
