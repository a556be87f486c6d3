import { useCallback, useEffect, useState } from 'react';
import { useOnline } from '@/pwa/useOnline';
import { failureMessage } from './overviewApi';
import { fetchHealth, type SystemHealth } from './healthApi';

export type HealthState =
  | { status: 'loading'; data: SystemHealth | null }
  | { status: 'offline'; data: SystemHealth | null }
  | { status: 'error'; data: SystemHealth | null; message: string }
  | { status: 'ready'; data: SystemHealth };

type LoadState = Exclude<HealthState, { status: 'offline' }>;

/**
 * System health, loaded on mount, on `reload` (the last figures stay shown
 * meanwhile) and when the device comes back online; offline it is not asked
 * for (it needs a connection), and figures already shown are kept.
 */
export function useHealth(): { state: HealthState; reload: () => void } {
  const online = useOnline();
  const [state, setState] = useState<LoadState>({ status: 'loading', data: null });
  const [generation, setGeneration] = useState(0);
  const [wasOnline, setWasOnline] = useState(online);
  if (wasOnline !== online) {
    setWasOnline(online);
    if (online) setState((previous) => ({ status: 'loading', data: previous.data }));
  }
  useEffect(() => {
    if (!online) return undefined;
    const controller = new AbortController();
    fetchHealth(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: 'error', data: previous.data, message: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [online, generation]);
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', data: previous.data }));
    setGeneration((value) => value + 1);
  }, []);
  return { state: online ? state : { status: 'offline', data: state.data }, reload };
}
