/**
 * The closing rating's texts and scales (docs/automation.md "Closing rating"). The contact answers on the NPS scale,
 * 0–10 (spec part 1 §5: "Rating scale for NPS is 0 to 10"), which ticket_ratings keeps for the dashboard; the ticket
 * row shows it on the 1–5 emoji scale (spec part 1 §2). Texts follow the company's language (customer-texts.ts).
 */
import { type CustomerTexts, textsIn } from './customer-texts.js';

/** What the ticket log names behind the rating's entries, and the stage's name. */
export const RATING_ACTOR = 'automation:rating';

/** Typed by the contact instead of a rating: back to the attendant, the ticket open again (TZ's rule). */
export const BACK_TO_SERVICE = '!';

/** The lines every rating request ends with, after the connection's ratingMessage (TZ's layout, NPS scale), in `texts`' language. */
export const ratingFooter = (texts: Pick<CustomerTexts, 'ratingFooter'>): string =>
  texts.ratingFooter.replace('{{back}}', BACK_TO_SERVICE);

/** The pt-BR footer. */
export const RATING_FOOTER = ratingFooter(textsIn('pt-BR'));

/** Before the request again, when the answer was not a rating (GB's text, pt-BR; others in customer-texts.ts). */
export const RATING_INVALID = textsIn('pt-BR').ratingInvalid;

/** Sent when `!` gave the ticket back to its attendant (TZ's "Service reopened", pt-BR; others in customer-texts.ts). */
export const SERVICE_REOPENED = textsIn('pt-BR').serviceReopened;

/** The highest rating (NPS). */
export const NPS_MAX = 10;

/**
 * The rating an answer gives: a whole number 0–10, spaces around it allowed; anything else (text, 11, 8.5, "9
 * estrelas"), none. Stricter than GB's parseFloat, which read "9 estrelas" and clamped 15 to 10: an answer that is
 * not plainly a rating is asked again.
 * @example ratingOf(' 9 ') === 9; ratingOf('11') === undefined
 */
export function ratingOf(body: string): number | undefined {
  const answer = body.trim();
  if (!/^\d{1,2}$/.test(answer)) return undefined;
  const rate = Number(answer);
  return rate <= NPS_MAX ? rate : undefined;
}

/**
 * A 0–10 rating on the ticket row's 1–5 scale, by NPS class: promoters 9–10 → 5 (loving), passives 7–8 → 4 (happy),
 * detractors 5–6 → 3 (neutral), 3–4 → 2 (upset), 0–2 → 1 (angry).
 * @example rowRatingOf(10) === 5; rowRatingOf(6) === 3; rowRatingOf(0) === 1
 */
export function rowRatingOf(rate: number): number {
  return Math.min(5, Math.max(1, Math.ceil(rate / 2)));
}

/** How many requests a wait sends in all, the first included (GB: 0 and 1 both mean no repeat). */
export function ratingRequestLimit(maxUseBotQueuesNps: number | null | undefined): number {
  return Math.max(1, maxUseBotQueuesNps ?? 3);
}
