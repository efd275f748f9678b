import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { virtualWindow } from './virtual-window';

/**
 * A fixed-row-height window over a scroll container: attach `ref` and `onScroll`, render rows [start, end) inside
 * a spacer of `totalHeight`, translated by `offset`.
 */
export function useVirtualWindow(
  count: number,
  rowHeight: number,
  onScrolled?: (el: HTMLDivElement) => void,
) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setViewportHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setViewportHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // One state update per frame, however fast the wheel turns.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(el.scrollTop));
    onScrolled?.(el);
  }, [onScrolled]);

  /** Back to the top, e.g. when the filter changes. */
  const reset = useCallback(() => {
    if (ref.current) ref.current.scrollTop = 0;
    setScrollTop(0);
  }, []);

  return { ref, onScroll, reset, ...virtualWindow({ scrollTop, viewportHeight, rowHeight, count }) };
}
