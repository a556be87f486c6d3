// One read from the server, as loading → ready | failed. The loader must be a
// stable (module-level) function; a failure is logged and never thrown at the
// page. A read that failed is tried again when the browser comes back online.
// With `initial` (what the server put into the page), the page starts ready and
// reads again once it is idle, keeping what it shows when the answer is the same
// or the read fails. Answers arrive as transitions, so rendering them never
// blocks a tap.
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/app/deferred';
import { whyUnavailable, type EventUnavailable } from '@/pwa/eventUnavailable';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; reason: EventUnavailable };

export function useLoadable<T>(load: () => Promise<T>, what: string, initial?: T): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>(() => (initial === undefined ? { status: 'loading' } : { status: 'ready', value: initial }));
  const [attempt, setAttempt] = useState(0);
  const failed = state.status === 'failed';
  const started = initial !== undefined;
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((value) => value + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);
  useEffect(() => {
    let current = true;
    const read = () =>
      load().then(
        (value) => {
          if (!current) return;
          startTransition(() =>
            setState((previous) => (previous.status === 'ready' && JSON.stringify(previous.value) === JSON.stringify(value) ? previous : { status: 'ready', value })),
          );
        },
        (error: unknown) => {
          console.error(`Could not load ${what}`, error);
          if (!current) return;
          // What the server put into the page stays: it is more current than any stored copy.
          startTransition(() => setState((previous) => (started && previous.status === 'ready' ? previous : { status: 'failed', reason: whyUnavailable(error) })));
        },
      );
    const cancel = started && attempt === 0 ? whenIdle(() => void read()) : (void read(), undefined);
    return () => {
      current = false;
      cancel?.();
    };
  }, [load, what, attempt, started]);
  return state;
}
