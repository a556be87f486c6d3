import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';

// Covers /dashboard and every sub-path until the feature's own routes arrive.
export const Route = createFileRoute('/dashboard')({
  component: AttendeePortalPage,
});

function AttendeePortalPage() {
  return <ComingSoonPage title="Attendee Portal" comingWith="the accounts issue" />;
}
