import { useCheckoutReturn } from '../useCheckoutReturn';
import { CompletionStep } from './CompletionStep';

/** Back from checkout: always ends on the completion step, whatever the server says. */
export function CheckoutReturnView({ sessionId }: { sessionId: string }) {
  const result = useCheckoutReturn(sessionId);
  return <CompletionStep completion={result ? { kind: 'paid', outcome: result.outcome, attendeeEmails: result.attendeeEmails, sessionId } : null} />;
}
