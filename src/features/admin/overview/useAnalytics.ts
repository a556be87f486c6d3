import { useCallback, useEffect, useState } from 'react';
import { failureMessage, fetchAnalytics, type EventAnalytics } from './overviewApi';

export type AnalyticsState =
  | { status: 'loading'; data: EventAnalytics | null }
  | { status: 'error'; data: EventAnalytics | null; message: string }
  | { status: 'ready'; data: EventAnalytics };

/** The event's analytics, loaded on mount and again on `reload` (the last figures stay shown meanwhile). */
export function useAnalytics(): { state: AnalyticsState; reload: () => void } {
  const [state, setState] = useState<AnalyticsState>({ status: 'loading', data: null });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchAnalytics(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: 'error', data: previous.data, message: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [generation]);
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', data: previous.data }));
    setGeneration((value) => value + 1);
  }, []);
  return { state, reload };
}
