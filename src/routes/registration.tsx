import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/registration')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/register', search, replace: true });
  },
});
