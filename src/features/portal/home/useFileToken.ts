import { useEffect, useState } from 'react';
import { pb } from '@/lib/pocketbase';

/** PocketBase file tokens live three minutes; refresh well before that. */
const REFRESH_MS = 2 * 60_000;

/** A token for the protected session files, kept fresh while `enabled`; null until there is one. */
export function useFileToken(enabled: boolean): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const refresh = () =>
      pb.files.getToken().then(
        (value) => {
          if (current) setToken(value);
        },
        (error: unknown) => console.warn('Could not get a file token', error),
      );
    void refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [enabled]);
  return token;
}
