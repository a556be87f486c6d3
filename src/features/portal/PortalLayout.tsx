// The portal shell (spec "Portal layout"): header with the menu toggle, sync
// status and account menu; the sidebar; the page. It keeps the user's data
// syncing while open and leaves for /auth when the stored session goes.
// What the other screens do once the sync stored their records comes from the
// route (`afterStored`): the portal knows none of them.
import { AppShell, Burger, Group, ThemeIcon, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { IconSparkles } from '@tabler/icons-react';
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
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label={menuOpened ? 'Close menu' : 'Open menu'} />
            <Link to="/" aria-label="AI Champions Masterclass home" style={{ textDecoration: 'none' }}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon color="amber" c="navy.9" radius="md" size={32}>
                  <IconSparkles size={20} />
                </ThemeIcon>
                <Text fw={800} c="navy.9" visibleFrom="xs">
                  AI Champions
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SyncStatusPopover userId={user.id} />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
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
