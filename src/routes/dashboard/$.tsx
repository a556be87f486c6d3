import { createFileRoute, redirect } from '@tanstack/react-router';

// Any other portal path goes to the dashboard (spec "Portal layout").
export const Route = createFileRoute('/dashboard/$')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
