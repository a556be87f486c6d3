// The admin area's shell (spec "Admin area"): a header with the phone menu
// toggle, the side navigation with the administrator's menu at its foot, and
// the page. Administrators only: the route's guard sends everyone else away,
// and a sign-out in another tab leaves for /auth here too.
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/AppHeader';
import { currentUser, useSession } from '@/lib/session';
import { useAdminSync } from '../check-in/useAdminSync';
import { AdminNavbar } from './AdminNavbar';

const NAVBAR_WIDTH = 256;

export function AdminLayout() {
  const session = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  // The door's check-ins waiting on this device go whichever administrator is signed in.
  useAdminSync(session.isAdmin ? (currentUser()?.id ?? null) : null);
  if (!session.signedIn) return <Navigate to="/auth" />;
  if (!session.isAdmin) return <Navigate to="/dashboard" />;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppHeader menuOpened={menuOpened} onMenuToggle={menu.toggle} badge="Admin" />
      <AppShell.Navbar p="sm">
        <AdminNavbar onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
