import { createFileRoute, useLocation } from '@tanstack/react-router';
import { AuthPage } from '@/features/auth/AuthPage';
import { invitationFrom, safeRedirect, searchText } from '@/features/auth/authLinks';

interface AuthSearch {
  /** The invitation (`/auth?attendeeId=…&email=…&token=…`, or the same in the hash). */
  attendeeId?: string;
  email?: string;
  token?: string;
  /** Where to go after signing in: a path inside the app only. */
  redirect?: string;
}

// Plain checks rather than a zod schema: route search validation ships with
// the first page load of every page.
export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    attendeeId: searchText(search.attendeeId),
    email: searchText(search.email),
    token: searchText(search.token),
    redirect: safeRedirect(search.redirect),
  }),
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect, ...invitation } = Route.useSearch();
  const hash = useLocation({ select: (location) => location.hash });
  return <AuthPage invitationLink={invitationFrom(invitation, hash)} redirect={redirect} />;
}
