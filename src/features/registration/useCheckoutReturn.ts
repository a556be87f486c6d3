// The return page's state: processing, then the outcome. A session id is
// handled once per page (a re-render or second mount reuses the same answer)
// and once per browser (processed_stripe_sessions).
import { useEffect, useState } from 'react';
import { fetchCheckoutStatus } from '@/lib/checkoutStatus';
import { notify } from '@/components/notify';
import { confirmCheckout, type CheckoutOutcome } from './checkoutReturn';
import { markSessionProcessed, readProcessedSessions, readRegistrationData, removeRegistrationData } from './registrationStorage';
import { Toasts } from './registrationMessages';

export interface CheckoutReturn {
  outcome: CheckoutOutcome;
  /** Attendee emails the confirmation went to, when this browser made the registration. */
  attendeeEmails: string[];
}

const handledThisPage = new Map<string, Promise<CheckoutReturn>>();
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

async function handleReturn(sessionId: string): Promise<CheckoutReturn> {
  if (readProcessedSessions().includes(sessionId)) return { outcome: { kind: 'already_processed' }, attendeeEmails: [] };

  const outcome = await confirmCheckout(sessionId, { fetchStatus: fetchCheckoutStatus, wait });
  let attendeeEmails: string[] = [];
  switch (outcome.kind) {
    case 'confirmed': {
      markSessionProcessed(sessionId);
      const stored = readRegistrationData();
      if (stored?.registrationId === outcome.status.registrationId) {
        attendeeEmails = stored.attendees.map((attendee) => attendee.email);
        // Its one use, restoring the form after a cancelled payment, is over.
        removeRegistrationData();
      }
      if (outcome.status.emailWarning) notify({ topic: 'registration-email', kind: 'warning', ...Toasts.paidEmailWarning });
      break;
    }
    case 'not_found':
      notify({ topic: 'payment', kind: 'error', ...Toasts.registrationNotFound });
      break;
    case 'not_completed':
      notify({ topic: 'payment', kind: 'error', ...Toasts.registrationNotCompleted });
      break;
    case 'unconfirmed':
      notify({ topic: 'payment', kind: 'error', ...Toasts.paymentProcessingError });
      break;
  }
  return { outcome, attendeeEmails };
}

export function useCheckoutReturn(sessionId: string): CheckoutReturn | null {
  const [result, setResult] = useState<{ sessionId: string; value: CheckoutReturn } | null>(null);

  useEffect(() => {
    let current = true;
    let pending = handledThisPage.get(sessionId);
    if (!pending) {
      pending = handleReturn(sessionId);
      handledThisPage.set(sessionId, pending);
    }
    void pending.then((value) => {
      if (current) setResult({ sessionId, value });
    });
    return () => {
      current = false;
    };
  }, [sessionId]);

  return result?.sessionId === sessionId ? result.value : null;
}
