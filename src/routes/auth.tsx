import { createFileRoute, useLocation } from '@tanstack/react-router';
import { AuthPage } from '@/features/auth/AuthPage';
import { invitationFrom, safeRedirect, searchText, signInLinkFrom } from '@/features/auth/authLinks';

interface AuthSearch {
  /** The invitation (`/auth?attendeeId=…&email=…&token=…`, or the same in the hash). */
  attendeeId?: string;
  email?: string;
  token?: string;
  /** An emailed sign-in link (`/auth?signin=…&code=…`). */
  signin?: string;
  code?: string;
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
    signin: searchText(search.signin),
    code: searchText(search.code),
    redirect: safeRedirect(search.redirect),
  }),
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect, signin, code, ...invitation } = Route.useSearch();
  const hash = useLocation({ select: (location) => location.hash });
  return <AuthPage invitationLink={invitationFrom(invitation, hash)} signInLink={signInLinkFrom({ signin, code })} redirect={redirect} />;
}
