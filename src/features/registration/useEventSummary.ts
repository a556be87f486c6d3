// The event's price, seats and sales state for the form (GET /api/masterclass/event).
import { useCallback, useEffect, useState } from 'react';
import { notify } from '@/components/notify';
import { whyUnavailable, type EventUnavailable } from '@/pwa/eventUnavailable';
import { fetchEventSummary, fetchEventSummaryBySlug, type EventSummary } from './registrationApi';
import { Toasts } from './registrationMessages';

export type EventSummaryState = { status: 'loading' } | { status: 'ready'; event: EventSummary } | { status: 'failed'; reason: EventUnavailable };

/**
 * The featured event's summary, or the one `eventId` names (an early-access link names its masterclass),
 * or the one `slug` names (`/register?event=<slug>`, from a masterclass's own page).
 * A read that failed is tried again when the browser comes back online.
 */
export function useEventSummary(eventId?: string, slug?: string): { state: EventSummaryState; retry: () => void } {
  const [state, setState] = useState<EventSummaryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    (eventId || !slug ? fetchEventSummary(eventId) : fetchEventSummaryBySlug(slug)).then(
      (event) => {
        if (current) setState({ status: 'ready', event });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not load the event', error);
        setState({ status: 'failed', reason: whyUnavailable(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, eventId, slug]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((value) => value + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);

  return { state, retry };
}

/**
 * Tells the visitor once per failed load; the waitlist works without the event. Not when the
 * failure is the missing connection: the page's own offline message is the one thing said then.
 */
export function useEventNotFoundToast(state: EventSummaryState, needed: boolean): void {
  const refused = state.status === 'failed' && state.reason === 'failed';
  useEffect(() => {
    if (needed && refused) notify({ topic: 'event', kind: 'error', ...Toasts.eventNotFound });
  }, [needed, refused]);
}
