/** Spec part 1 §2: closed rows with a rating show an emoji, 1 angry, 2 upset, 3 neutral, 4 happy, 5 loving. */
export type RatingMood = 'angry' | 'upset' | 'neutral' | 'happy' | 'loving';

const MOODS: readonly { mood: RatingMood; emoji: string }[] = [
  { mood: 'angry', emoji: '😠' },
  { mood: 'upset', emoji: '😟' },
  { mood: 'neutral', emoji: '😐' },
  { mood: 'happy', emoji: '🙂' },
  { mood: 'loving', emoji: '😍' },
];

/** The emoji of a 1–5 rating (rounded, as a peer may store decimals); null without a rating or out of scale. */
export function ratingEmoji(rating: number | null | undefined): { mood: RatingMood; emoji: string } | null {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return null;
  const step = Math.round(rating);
  return step >= 1 && step <= 5 ? MOODS[step - 1] : null;
}

/** Only closed tickets show it. */
export function rowRating(ticket: { status: string; rating?: number | null }) {
  return ticket.status === 'closed' ? ratingEmoji(ticket.rating) : null;
}
