import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/features/landing/LandingPage';

interface LandingSearch {
  /** `/?showWaitlistForm=true` reveals the hero's waitlist shortcut form, which the spec keeps hidden. */
  showWaitlistForm?: true;
}

export const Route = createFileRoute('/')({
  // A plain check rather than a zod schema keeps zod out of the first page load.
  validateSearch: (search: Record<string, unknown>): LandingSearch => (search.showWaitlistForm === true ? { showWaitlistForm: true } : {}),
  component: LandingRoute,
});

function LandingRoute() {
  const { showWaitlistForm } = Route.useSearch();
  return <LandingPage showWaitlistForm={showWaitlistForm === true} />;
}
