import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/registration/RegistrationPage';
import { matching } from '@/lib/searchValue';

interface RegisterSearch {
  /** Waitlist mode: register interest in future events. */
  waitlist?: boolean;
  /** With `session_id`: back from a paid checkout. */
  success?: boolean;
  session_id?: string;
  /** Back from a checkout the buyer cancelled. */
  cancelled?: boolean;
  /** The link of an early-access email: its token, the address it was sent to and the masterclass it is for. */
  earlyAccess?: string;
  email?: string;
  /** Without `earlyAccess`: the masterclass to register for, by its page address or id. */
  event?: string;
  /** The claim link of a waitlist offer: the offer and its token. */
  offer?: string;
  offerToken?: string;
}

// Plain checks rather than a zod schema: route search validation ships with
// the first page load of every page, and zod would add ~14 kB gzipped to it.
const flag = (value: unknown) => (value === true || value === 'true' ? true : undefined);
const sessionId = (value: unknown) =>
  (typeof value === 'string' && value.length <= 255 && value) || (typeof value === 'number' ? String(value) : undefined);

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch => ({
    waitlist: flag(search.waitlist),
    success: flag(search.success),
    session_id: sessionId(search.session_id),
    cancelled: flag(search.cancelled),
    earlyAccess: matching(search.earlyAccess, /^[0-9a-f]{64}$/),
    email: matching(search.email, /^[^\s@]{1,64}@[^\s@]{1,189}$/),
    // An id (early-access links) or a masterclass's page address (its own page's Register).
    event: matching(search.event, /^(?=.{1,100}$)[a-z0-9]+(-[a-z0-9]+)*$/),
    offer: matching(search.offer, /^[a-z0-9]{15}$/),
    offerToken: matching(search.offerToken, /^[0-9a-f]{64}$/),
  }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { waitlist, success, cancelled, session_id, earlyAccess, email, event, offer, offerToken } = Route.useSearch();
  return (
    <RegistrationPage
      waitlist={waitlist === true}
      checkoutSessionId={success === true && session_id ? session_id : null}
      cancelled={cancelled === true}
      earlyAccess={earlyAccess && email && event ? { token: earlyAccess, email, eventId: event } : null}
      waitlistOffer={offer && offerToken ? { id: offer, token: offerToken } : null}
      eventKey={event && !earlyAccess && !offer ? event : null}
    />
  );
}
