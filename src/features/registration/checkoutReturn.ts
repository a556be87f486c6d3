// Back from checkout (spec section 4 "Return from checkout"): ask the server,
// which confirms with the payment provider itself, at most three times.
import { ClientResponseError } from 'pocketbase';
import type { CheckoutStatus } from '@/lib/checkoutStatus';

export const MAX_PAYMENT_ATTEMPTS = 3;
/** Wait before the 2nd and 3rd attempts: the webhook may be a moment behind the buyer. */
export const PAYMENT_RETRY_DELAYS_MS = [1000, 2000] as const;

export type CheckoutOutcome =
  /** Paid or completed: the seats are the buyer's. */
  | { kind: 'confirmed'; status: CheckoutStatus }
  /** Handled earlier in this browser; nothing is asked again. */
  | { kind: 'already_processed' }
  | { kind: 'not_found' }
  /** Expired or cancelled (for example the seats went while the buyer was paying). */
  | { kind: 'not_completed' }
  /** Still pending or unreachable after every attempt. */
  | { kind: 'unconfirmed' };

interface Dependencies {
  fetchStatus: (sessionId: string) => Promise<CheckoutStatus>;
  wait: (ms: number) => Promise<void>;
}

export async function confirmCheckout(sessionId: string, { fetchStatus, wait }: Dependencies): Promise<CheckoutOutcome> {
  for (let attempt = 1; attempt <= MAX_PAYMENT_ATTEMPTS; attempt += 1) {
    try {
      const status = await fetchStatus(sessionId);
      if (status.status === 'paid' || status.status === 'completed') return { kind: 'confirmed', status };
      if (status.status === 'expired' || status.status === 'cancelled') return { kind: 'not_completed' };
    } catch (error) {
      // 403: a simulated checkout named without its secret (another browser's): asking again cannot help.
      if (error instanceof ClientResponseError && (error.status === 404 || error.status === 403)) return { kind: 'not_found' };
      console.error(`Checking checkout ${sessionId} failed (attempt ${attempt})`, error);
    }
    const delay = PAYMENT_RETRY_DELAYS_MS[attempt - 1];
    if (attempt < MAX_PAYMENT_ATTEMPTS && delay !== undefined) await wait(delay);
  }
  return { kind: 'unconfirmed' };
}
