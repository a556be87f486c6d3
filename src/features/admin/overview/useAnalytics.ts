import { useCallback, useEffect, useState } from 'react';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { failureMessage, fetchAnalytics, type EventAnalytics } from './overviewApi';

export type AnalyticsState =
  | { status: 'loading'; data: EventAnalytics | null }
  | { status: 'error'; data: EventAnalytics | null; message: string }
  | { status: 'ready'; data: EventAnalytics };

/**
 * One masterclass's analytics (`event`, or the featured one's), loaded on
 * mount, again on `reload` (the last figures stay shown meanwhile) and for
 * another masterclass (whose figures replace the placeholders, never the
 * previous one's figures). `refresh` loads them again quietly (nothing says
 * it is loading), for the live updates: an attendee changed on the server.
 */
export function useAnalytics(event: string | undefined): { state: AnalyticsState; reload: () => void; refresh: () => void } {
  const [state, setState] = useState<AnalyticsState>({ status: 'loading', data: null });
  const [generation, setGeneration] = useState(0);
  const [shownEvent, setShownEvent] = useState(event);
  if (shownEvent !== event) {
    setShownEvent(event);
    setState({ status: 'loading', data: null });
  }
  useEffect(() => {
    const controller = new AbortController();
    // the opening figures may be on their way already, asked for when the overview's link was pressed (shell/adminPrefetch.ts)
    const load = () => fetchAnalytics(event, controller.signal);
    (generation === 0 ? takePrefetched(PREFETCH.analytics(event), load) : load()).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: 'error', data: previous.data, message: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [event, generation]);
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', data: previous.data }));
    setGeneration((value) => value + 1);
  }, []);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload, refresh };
}
