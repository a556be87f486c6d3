// The checkout session the simulated page shows: amount, attendees, state.
import { useEffect, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { fetchCheckoutStatus, type CheckoutStatus } from '@/lib/checkoutStatus';

export type CheckoutSessionState =
  { status: 'loading' } | { status: 'ready'; checkout: CheckoutStatus } | { status: 'not_found' } | { status: 'failed' };

export function useCheckoutSession(sessionId: string | null): CheckoutSessionState {
  const [state, setState] = useState<{ sessionId: string | null; value: CheckoutSessionState }>({
    sessionId: null,
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    fetchCheckoutStatus(sessionId).then(
      (checkout) => {
        if (current) setState({ sessionId, value: { status: 'ready', checkout } });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not load the checkout session', error);
        const notFound = error instanceof ClientResponseError && error.status === 404;
        setState({ sessionId, value: { status: notFound ? 'not_found' : 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId]);

  if (!sessionId) return { status: 'not_found' };
  return state.sessionId === sessionId ? state.value : { status: 'loading' };
}
