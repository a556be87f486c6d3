// One read from the server, as loading → ready | failed. The loader must be a
// stable (module-level) function; a failure is logged and never thrown at the
// page. A read that failed is tried again when the browser comes back online.
import { useEffect, useState } from 'react';
import { whyUnavailable, type EventUnavailable } from '@/pwa/eventUnavailable';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; reason: EventUnavailable };

export function useLoadable<T>(load: () => Promise<T>, what: string): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((value) => value + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        console.error(`Could not load ${what}`, error);
        if (current) setState({ status: 'failed', reason: whyUnavailable(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, what, attempt]);
  return state;
}
