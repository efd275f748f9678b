import { TICKET_FRAME } from '@balcao/sdk';
import { type KanbanCard, onBoard, toCard } from '../shared/board';

// Pure rules of the board screen: how a realtime frame changes the cards, which cards a scrolled lane renders, and
// where a keyboard move lands.

/** The cards after a `company-{id}-ticket` frame: an update puts the card in (or takes it off when no longer in progress); a delete takes it off. */
export function applyTicketFrame(cards: KanbanCard[], data: unknown, queueIds?: number[]): KanbanCard[] {
  const frame = TICKET_FRAME.safeParse(data);
  if (!frame.success) return cards;
  const f = frame.data;
  if (f.action === 'delete') return cards.filter((c) => c.id !== f.ticketId);
  if (f.action !== 'update') return cards;
  return upsertCard(cards, toCard(f.ticket), queueIds);
}

/** Puts a ticket's newest state on the board, or takes it off when it left the board. */
export function upsertCard(cards: KanbanCard[], card: KanbanCard, queueIds?: number[]): KanbanCard[] {
  const others = cards.filter((c) => c.id !== card.id);
  return onBoard(card, queueIds) ? [...others, card] : others;
}

/** Fixed card slot height (px): a lane of thousands renders only the slots in view. */
export const CARD_SLOT = 148;
const OVERSCAN = 3;

/** The slice of a lane's cards to render for a scroll position: [start, end). */
export function visibleRange(
  scrollTop: number,
  viewport: number,
  count: number,
): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / CARD_SLOT) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + Math.max(viewport, CARD_SLOT)) / CARD_SLOT) + OVERSCAN);
  return { start, end: Math.max(start, end) };
}

/** The lane a keyboard move aims at after an arrow key: one step, stopping at either end. */
export function stepLane(index: number, key: string, lanes: number): number {
  if (key === 'ArrowRight') return Math.min(lanes - 1, index + 1);
  if (key === 'ArrowLeft') return Math.max(0, index - 1);
  return index;
}

/** The lane order after moving `laneId` one place (`-1` left, `1` right); unchanged at either end. */
export function shiftLane(order: readonly number[], laneId: number, by: -1 | 1): number[] {
  const at = order.indexOf(laneId);
  const to = at + by;
  if (at === -1 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

/** WCAG 2 relative luminance of a `#rgb` / `#rrggbb` colour; null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A chip filled with a user-chosen colour and the text colour (white or black) with the better contrast on it. */
export function chipStyle(background: string): { backgroundColor: string; color: string } {
  const l = luminance(background);
  const white = l === null || 1.05 / (l + 0.05) >= (l + 0.05) / 0.05;
  return { backgroundColor: background, color: white ? '#fff' : '#000' };
}
