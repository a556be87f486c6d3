import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';

export const Route = createFileRoute('/register')({
  component: RegistrationPage,
});

function RegistrationPage() {
  return <ComingSoonPage title="Registration" comingWith="the registration issue" />;
}
