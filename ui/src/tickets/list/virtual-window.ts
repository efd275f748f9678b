/** What a fixed-row-height virtual list renders: rows [start, end), shifted down by `offset`. */
export interface VirtualWindow {
  start: number;
  end: number;
  offset: number;
  totalHeight: number;
}

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below the viewport so fast scrolling shows no gaps. */
  overscan?: number;
}

/** The rows to render for a scroll position; O(1) whatever the row count. */
export function virtualWindow({
  scrollTop,
  viewportHeight,
  rowHeight,
  count,
  overscan = 4,
}: WindowInput): VirtualWindow {
  const totalHeight = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, totalHeight };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const firstVisible = Math.floor(top / rowHeight);
  const visibleCount = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, firstVisible + visibleCount + overscan);
  return { start, end, offset: start * rowHeight, totalHeight };
}

/** Spec part 1 §9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** Spec part 1 §9: older messages load under 50 px from the top. */
export const LOAD_OLDER_THRESHOLD_PX = 50;

export function isNearBottom(
  el: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < threshold;
}
