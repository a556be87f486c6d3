// The event's price, seats and sales state for the form (GET /api/masterclass/event).
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '@/components/showToast';
import { fetchEventSummary, type EventSummary } from './registrationApi';
import { Toasts } from './registrationMessages';

export type EventSummaryState = { status: 'loading' } | { status: 'ready'; event: EventSummary } | { status: 'failed' };

/** The featured event's summary, or the one `eventId` names (an early-access link names its masterclass). */
export function useEventSummary(eventId?: string): { state: EventSummaryState; retry: () => void } {
  const [state, setState] = useState<EventSummaryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchEventSummary(eventId).then(
      (event) => {
        if (current) setState({ status: 'ready', event });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not load the event', error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, eventId]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, retry };
}

/** Tells the visitor once per failed load; the waitlist works without the event. */
export function useEventNotFoundToast(state: EventSummaryState, needed: boolean): void {
  useEffect(() => {
    if (needed && state.status === 'failed') showToast('error', Toasts.eventNotFound);
  }, [needed, state.status]);
}
