// The admin area's shell (spec "Admin area"): a header with the phone menu
// toggle, the side navigation with the administrator's menu at its foot, and
// the page. Administrators only: the route's guard sends everyone else away,
// and a sign-out in another tab leaves for /auth here too.
import { AppShell, Badge, Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { IconSparkles } from '@tabler/icons-react';
import { useSession } from '@/lib/session';
import { AdminNavbar } from './AdminNavbar';

const NAVBAR_WIDTH = 256;

export function AdminLayout() {
  const session = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  if (!session.signedIn) return <Navigate to="/auth" />;
  if (!session.isAdmin) return <Navigate to="/dashboard" />;
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
            <Badge color="amber" c="navy.9" variant="filled" tt="none">
              Admin
            </Badge>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AdminNavbar onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
