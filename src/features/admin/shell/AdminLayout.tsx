// The admin area's shell (spec "Admin area"): a header with the phone menu
// toggle, the side navigation with the administrator's menu at its foot, and
// the page. Administrators only: the route's guard sends everyone else away,
// and a sign-out in another tab leaves for /auth here too. Once it has shown,
// every admin screen's code loads while the browser is idle (preloadAdminChunks).
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, useRouter } from '@tanstack/react-router';
import { AppHeader } from '@/components/AppHeader';
import { ShellMain, ShellNavbar, SignedInShell } from '@/components/shell/SignedInShell';
import { currentUser, useSession } from '@/lib/session';
import { useAdminSync } from '../check-in/useAdminSync';
import { AdminNavbar } from './AdminNavbar';
import { preloadAdminChunks } from './preloadAdminChunks';
import { prefetchAdminScreen } from './adminPrefetch';
import { registerScreenPrefetch } from './screenPrefetch';

// From now on a navbar press starts the next screen's reads in the same task (no import to wait for).
registerScreenPrefetch(prefetchAdminScreen);

export function AdminLayout() {
  const session = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  // The door's check-ins waiting on this device go whichever administrator is signed in.
  useAdminSync(session.isAdmin ? (currentUser()?.id ?? null) : null);
  // every screen's code, once this one has shown and the browser is idle: a navbar press waits for no script
  const router = useRouter();
  const admin = session.signedIn && session.isAdmin;
  useEffect(() => (admin ? preloadAdminChunks(router) : undefined), [admin, router]);
  if (!session.signedIn) return <Navigate to="/auth" />;
  if (!session.isAdmin) return <Navigate to="/dashboard" />;
  return (
    <SignedInShell menuOpened={menuOpened}>
      <AppHeader menuOpened={menuOpened} onMenuToggle={menu.toggle} badge="Admin" />
      <ShellNavbar p="sm">
        <AdminNavbar onNavigate={menu.close} />
      </ShellNavbar>
      <ShellMain bg="gray.0">
        <Outlet />
      </ShellMain>
    </SignedInShell>
  );
}
