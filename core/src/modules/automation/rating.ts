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

/** The pt-BR footer of a request whose ratingMessage states no scale (the 0–10 line, then the `!` line). */
export const RATING_FOOTER = textsIn('pt-BR').ratingFooter.replace('{{back}}', BACK_TO_SERVICE);

/** Before the request again, when the answer was not a rating (GB's text, pt-BR; others in customer-texts.ts). */
export const RATING_INVALID = textsIn('pt-BR').ratingInvalid;

/** Sent when `!` gave the ticket back to its attendant (TZ's "Service reopened", pt-BR; others in customer-texts.ts). */
export const SERVICE_REOPENED = textsIn('pt-BR').serviceReopened;

/** The highest rating (NPS). */
export const NPS_MAX = 10;

/** The whole numbers a contact is asked to answer with, lowest and highest. */
export interface RatingScale {
  min: number;
  max: number;
}

/** The platform's own scale, NPS 0–10. */
export const NPS_SCALE: RatingScale = { min: 0, max: NPS_MAX };

// "de 1 a 5", "0 a 10", "1-5", "1 to 5", "del 1 al 5", "1 ile 5", "1/5"… starting at 0 or 1, up to 10: what an admin
// writes in pt-BR, en, es or tr. Starting at 0 or 1 keeps hours ("9 às 18h") and dates out.
const STATED_SCALE = /(?<!\d)([01])\s*(?:a|à|ao|al|to|até|ate|hasta|ile|e|and|y|-|–|—|\/)\s*(\d{1,2})(?!\d)/i;

/**
 * The scale the admin's ratingMessage states, if any. @example statedScale('Nota de 1 a 5?') // { min: 1, max: 5 }
 */
export function statedScale(text: string): RatingScale | undefined {
  const m = STATED_SCALE.exec(text);
  if (!m) return undefined;
  const [min, max] = [Number(m[1]), Number(m[2])];
  return max > min + 1 && max <= NPS_MAX ? { min, max } : undefined;
}

/** The scale of a connection's ratingMessage: the one it states, else NPS 0–10. */
export const scaleOf = (template: string | null | undefined): RatingScale =>
  statedScale(template ?? '') ?? NPS_SCALE;

/**
 * What the platform appends to a rating request, in `texts`' language: the 0–10 line only when the admin's text states
 * no scale (a text saying "de 1 a 5" followed by "Envie uma nota de 0 a 10" asked for two scales, issue 24), then the
 * `!` line. Each language's `ratingFooter` is "\n\n<scale line>\n\n<`!` line>".
 * @example ratingFooter('Dê uma nota de 1 a 5') // only the `!` line
 */
export function ratingFooter(
  template: string,
  texts: Pick<CustomerTexts, 'ratingFooter'> = textsIn('pt-BR'),
): string {
  const footer = texts.ratingFooter.replace('{{back}}', BACK_TO_SERVICE);
  return statedScale(template) ? `\n\n${footer.split('\n\n').at(-1)}` : footer;
}

/**
 * The 0–10 rating an answer gives on the request's scale: a whole number within it, spaces around it allowed, put on
 * the NPS scale (on 1–5: 1 → 0, 3 → 5, 5 → 10); anything else (text, out of the scale, 8.5, "9 estrelas"), none.
 * Stricter than GB's parseFloat, which read "9 estrelas" and clamped 15 to 10: an answer that is not plainly a rating
 * is asked again.
 * @example ratingOf(' 9 ') === 9; ratingOf('11') === undefined; ratingOf('4', { min: 1, max: 5 }) === 8
 */
export function ratingOf(body: string, scale: RatingScale = NPS_SCALE): number | undefined {
  const answer = body.trim();
  if (!/^\d{1,2}$/.test(answer)) return undefined;
  const rate = Number(answer);
  if (rate < scale.min || rate > scale.max) return undefined;
  return Math.round(((rate - scale.min) * NPS_MAX) / (scale.max - scale.min));
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
