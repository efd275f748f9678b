import { useCallback, useSyncExternalStore } from 'react';

/** Live `matchMedia(query).matches`. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Spec part 1 §2: under 600 px wide the drawer is temporary. */
export const useIsNarrow = (): boolean => useMediaQuery('(max-width: 599px)');

/** Wide enough for secondary top-bar information (the admin's due date). */
export const useIsWide = (): boolean => useMediaQuery('(min-width: 960px)');
