import { z } from 'zod';

/** The emoji attendants pick from in the conversation (WhatsApp's quick reactions). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** Longest reaction accepted, in UTF-16 units: a family or flag sequence fits, a paragraph does not. */
export const REACTION_MAX_LENGTH = 32;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A pictograph, a flag's regional indicators, or a keycap (1️⃣): what makes a grapheme an emoji. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;

/**
 * Whether `text` is exactly one emoji (one grapheme: skin tones, ZWJ families and flags count as one).
 * @example isSingleEmoji('👍🏽') === true; isSingleEmoji('👍👍') === false; isSingleEmoji('a') === false
 */
export function isSingleEmoji(text: string): boolean {
  const graphemes = [...segmenter.segment(text)];
  return graphemes.length === 1 && EMOJI.test(text);
}

/**
 * `POST /api/messages/{messageId}/reactions`: the attendant's reaction to a message, one emoji, or empty to take it
 * off. @example messageReactionSchema.parse({ emoji: '👍' })
 */
export const messageReactionSchema = z.object({
  emoji: z
    .string()
    .max(REACTION_MAX_LENGTH, 'Too Long!')
    .refine((e) => !e.includes('\u0000'), 'Invalid character')
    .refine((e) => e === '' || isSingleEmoji(e), 'One emoji'),
});
export type MessageReactionInput = z.infer<typeof messageReactionSchema>;
