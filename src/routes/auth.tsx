import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';

export const Route = createFileRoute('/auth')({
  component: SignInPage,
});

function SignInPage() {
  return <ComingSoonPage title="Sign In" comingWith="the accounts issue" />;
}
