import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, followed as it changes: a window resized or a tablet turned
 * re-renders with the layout of its new width instead of keeping the one it was opened with.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
