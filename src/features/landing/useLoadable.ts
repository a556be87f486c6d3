// One read from the server, as loading → ready | failed. The loader must be a
// stable (module-level) function; a failure is logged and never thrown at the page.
import { useEffect, useState } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

export function useLoadable<T>(load: () => Promise<T>, what: string): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        console.error(`Could not load ${what}`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, what]);
  return state;
}
