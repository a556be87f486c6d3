import { createFileRoute, redirect } from '@tanstack/react-router';

// Any other admin path goes to the overview (spec "Admin area").
export const Route = createFileRoute('/admin/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
