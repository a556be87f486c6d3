import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { CancelLinkPage } from '@/features/cancellation/CancelLinkPage';
import { matching } from '@/lib/searchValue';

interface CancelSearch {
  /** The attendee the link is for. */
  attendee?: string;
  /** Its signed token (`<expires>.<hmac>`). */
  token?: string;
}

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
