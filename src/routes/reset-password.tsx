import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';
import { resetTokenFrom, searchText } from '@/features/auth/authLinks';

interface ResetPasswordSearch {
  /** PocketBase's reset token from the emailed link (DESIGN decision 7). */
  token?: string;
}

export const Route = createFileRoute('/reset-password')({
  // A plain check rather than a zod schema keeps zod out of the first page load.
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({ token: searchText(search.token) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const search = Route.useSearch();
  const hash = useLocation({ select: (location) => location.hash });
  return <ResetPasswordPage token={resetTokenFrom(search, hash)} />;
}
