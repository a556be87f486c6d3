// The checkout session the simulated page shows: amount, attendees, state.
import { useEffect, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { fetchCheckoutStatus, type CheckoutStatus } from '@/lib/checkoutStatus';

export type CheckoutSessionState =
  | { status: 'loading' }
  | { status: 'ready'; checkout: CheckoutStatus }
  | { status: 'not_found' }
  /** Another browser's checkout (403): the server's words say what to do. */
  | { status: 'not_owner'; message: string }
  | { status: 'failed' };

/** The server's message of a refusal, or '' (pb_hooks/lib/checkout/status.js). */
function refusalMessage(error: ClientResponseError): string {
  const message = (error.response as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** Said when a 403 carries no message of its own. */
export const NOT_OWNER_TEXT = 'This checkout belongs to the browser that started it. Go back to that browser, or register again.';

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
        if (error instanceof ClientResponseError && error.status === 403) {
          setState({ sessionId, value: { status: 'not_owner', message: refusalMessage(error) || NOT_OWNER_TEXT } });
          return;
        }
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
