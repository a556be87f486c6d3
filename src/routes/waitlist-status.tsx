import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { WaitlistStatusPage } from '@/features/waitlist-offers/WaitlistStatusPage';
import { matching } from '@/lib/searchValue';

interface WaitlistStatusSearch {
  /** The waitlist entry (attendee id) and the token of the waitlist email's status link. */
  attendee?: string;
  token?: string;
  /** The confirmation link's token (`<expires>.<signature>`): the page offers to confirm the address. */
  confirmToken?: string;
}

export const Route = createFileRoute('/waitlist-status')({
  validateSearch: (search: Record<string, unknown>): WaitlistStatusSearch => ({
    attendee: matching(search.attendee, /^[a-z0-9]{15}$/),
    token: matching(search.token, /^[0-9a-f]{64}$/),
    confirmToken: matching(search.confirmToken, /^\d{1,12}\.[0-9a-f]{64}$/),
  }),
  component: WaitlistStatusRoute,
});

function WaitlistStatusRoute() {
  const { attendee, token, confirmToken } = Route.useSearch();
  return (
    <PublicPageLayout>
      <WaitlistStatusPage attendee={attendee} token={token} confirmToken={confirmToken} />
    </PublicPageLayout>
  );
}
