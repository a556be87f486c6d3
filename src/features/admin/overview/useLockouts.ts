import { useCallback, useEffect, useState } from 'react';
import { failureMessage, fetchLockouts, type SecurityEvent } from './overviewApi';

export type LockoutsState =
  | { status: 'loading'; events: SecurityEvent[] | null }
  | { status: 'error'; events: SecurityEvent[] | null; message: string }
  | { status: 'ready'; events: SecurityEvent[] };

/** The recent sign-in lock-outs, loaded on mount and again on `reload` (the last list stays shown meanwhile). */
export function useLockouts(): { state: LockoutsState; reload: () => void } {
  const [state, setState] = useState<LockoutsState>({ status: 'loading', events: null });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchLockouts(controller.signal).then(
      (events) => setState({ status: 'ready', events }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: 'error', events: previous.events, message: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [generation]);
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', events: previous.events }));
    setGeneration((value) => value + 1);
  }, []);
  return { state, reload };
}
