// What an Event & Promo Codes card shows for the chosen masterclass, loaded
// from the server when the card opens or the masterclass changes, and again on
// `load()` (after an action, or Try again). An answer that arrives after the
// card has gone is dropped; `mounted` tells a longer run (a batch send) the same.
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveFailure } from './eventAdminApi';

export function useEventCardData<T>(eventId: string, fetcher: (eventId: string) => Promise<T>, onLoaded?: (value: T) => void) {
  const [data, setData] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const mounted = useRef(true);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  });

  const load = useCallback(() => {
    fetcher(eventId).then(
      (value) => {
        if (!mounted.current) return;
        setData(value);
        loaded.current?.(value);
        setLoadError(null);
      },
      (error: unknown) => mounted.current && setLoadError(saveFailure(error).message),
    );
  }, [eventId, fetcher]);

  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  return { data, setData, loadError, setLoadError, load, mounted };
}
