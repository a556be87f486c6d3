import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { EventPage } from '@/features/event-page/EventPage';
import type { PhaseWords } from '@/features/event-page/eventPageView';
import { phaseNotice, primaryAction } from '@/features/landing/phaseCopy';

// The landing's words for each phase: a masterclass's own page says the same as the landing of the same state.
const WORDS: PhaseWords = { notice: phaseNotice, action: primaryAction };

export const Route = createFileRoute('/events/$slug')({
  component: EventRoute,
});

function EventRoute() {
  const { slug } = Route.useParams();
  return (
    <PublicPageLayout>
      <EventPage key={slug} slug={slug} words={WORDS} />
    </PublicPageLayout>
  );
}
