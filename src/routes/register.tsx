import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/registration/RegistrationPage';

interface RegisterSearch {
  /** Waitlist mode: register interest in future events. */
  waitlist?: boolean;
  /** With `session_id`: back from a paid checkout. */
  success?: boolean;
  session_id?: string;
  /** Back from a checkout the buyer cancelled. */
  cancelled?: boolean;
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
  }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { waitlist, success, cancelled, session_id } = Route.useSearch();
  return (
    <RegistrationPage
      waitlist={waitlist === true}
      checkoutSessionId={success === true && session_id ? session_id : null}
      cancelled={cancelled === true}
    />
  );
}
