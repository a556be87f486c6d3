// The portal shell (spec "Portal layout"): header with the menu toggle, sync
// status and account menu; the sidebar; the page. It keeps the user's data
// syncing while open and leaves for /auth when the stored session goes.
// What the other screens do once the sync stored their records comes from the
// route (`afterStored`): the portal knows none of them.
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/AppHeader';
import { ShellMain, ShellNavbar, SignedInShell } from '@/components/shell/SignedInShell';
import type { AfterStored } from '@/sync';
import classes from './PortalLayout.module.css';
import { LocalDatabaseNotice } from './LocalDatabaseNotice';
import { PortalNavbar } from './PortalNavbar';
import { SyncStatusPopover } from './SyncStatusPopover';
import { UserMenu } from './UserMenu';
import { usePortalUser, type PortalUser } from './portalUser';
import { usePortalLock } from './usePortalLock';
import { usePortalSync } from './usePortalSync';

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
    <SignedInShell menuOpened={menuOpened}>
      <AppHeader menuOpened={menuOpened} onMenuToggle={menu.toggle}>
        <SyncStatusPopover userId={user.id} />
        <UserMenu user={user} />
      </AppHeader>
      <ShellNavbar p="sm" className={classes.navbar}>
        <PortalNavbar lock={lock} isAdmin={user.role === 'administrator'} onNavigate={menu.close} />
      </ShellNavbar>
      <ShellMain bg="gray.0">
        <LocalDatabaseNotice />
        <Outlet />
      </ShellMain>
    </SignedInShell>
  );
}
