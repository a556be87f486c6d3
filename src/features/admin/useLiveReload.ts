// Reloads the page's list when the collection changes on the server (a new
// message, an email sent by the retry cron), a moment after the last change so
// a burst reloads once. Without a live connection the Refresh button does it.
import { useEffect } from 'react';
import { pb } from '@/lib/pocketbase';

const SETTLE_MS = 500;

export function useLiveReload(collection: string, reload: () => void): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => Promise<void>) | null = null;
    let active = true;
    pb.collection(collection)
      .subscribe('*', () => {
        clearTimeout(timer);
        timer = setTimeout(reload, SETTLE_MS);
      })
      .then((stop) => {
        if (active) unsubscribe = stop;
        else void stop().catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      clearTimeout(timer);
      void unsubscribe?.().catch(() => undefined);
    };
  }, [collection, reload]);
}
