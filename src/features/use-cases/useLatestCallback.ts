import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps its identity across renders (so memoised children
 * given it are not rendered again) and always calls the latest `callback`,
 * taken at each commit, before any event can reach it (Mantine's
 * useCallbackRef takes it only after the browser has painted).
 */
export function useLatestCallback<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
