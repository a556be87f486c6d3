import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { CancelLinkPage } from '@/features/cancellation/CancelLinkPage';

interface CancelSearch {
  /** The attendee the link is for. */
  attendee?: string;
  /** Its signed token (`<expires>.<hmac>`). */
  token?: string;
}

// Plain checks rather than a zod schema (see register.tsx): anything else reads as missing.
const matching = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

export const Route = createFileRoute('/cancel')({
  validateSearch: (search: Record<string, unknown>): CancelSearch => ({
    attendee: matching(search.attendee, /^[a-z0-9]{15}$/),
    token: matching(search.token, /^\d{1,12}\.[0-9a-f]{64}$/),
  }),
  component: CancelRoute,
});

function CancelRoute() {
  const { attendee, token } = Route.useSearch();
  return (
    <PublicPageLayout>
      <CancelLinkPage attendee={attendee} token={token} />
    </PublicPageLayout>
  );
}
