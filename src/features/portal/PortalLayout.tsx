// The portal shell (spec "Portal layout"): header with the menu toggle, sync
// status and account menu; the sidebar; the page. It keeps the user's data
// syncing while open and leaves for /auth when the stored session goes.
// What the other screens do once the sync stored their records comes from the
// route (`afterStored`): the portal knows none of them.
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/AppHeader';
import type { AfterStored } from '@/sync';
import classes from './PortalLayout.module.css';
import { LocalDatabaseNotice } from './LocalDatabaseNotice';
import { PortalNavbar } from './PortalNavbar';
import { SyncStatusPopover } from './SyncStatusPopover';
import { UserMenu } from './UserMenu';
import { usePortalUser, type PortalUser } from './portalUser';
import { usePortalLock } from './usePortalLock';
import { usePortalSync } from './usePortalSync';

/** Sidebar width on large screens: the spec's 64 units. */
const NAVBAR_WIDTH = 256;

export function PortalLayout({ afterStored }: { afterStored?: AfterStored }) {
  const user = usePortalUser();
  if (!user) return <Navigate to="/auth" />;
  return <PortalShell key={user.id} user={user} afterStored={afterStored} />;
}

function PortalShell({ user, afterStored }: { user: PortalUser; afterStored?: AfterStored }) {
  const [menuOpened, menu] = useDisclosure(false);
  const lock = usePortalLock();
  usePortalSync(user.id, afterStored);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppHeader menuOpened={menuOpened} onMenuToggle={menu.toggle}>
        <SyncStatusPopover userId={user.id} />
        <UserMenu user={user} />
      </AppHeader>
      <AppShell.Navbar p="sm" className={classes.navbar}>
        <PortalNavbar lock={lock} isAdmin={user.role === 'administrator'} onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <LocalDatabaseNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
