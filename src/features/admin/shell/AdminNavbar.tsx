import { Divider, NavLink, Stack } from '@mantine/core';
import { ShellSection } from '@/components/shell/SignedInShell';
import { Link, useRouterState } from '@tanstack/react-router';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ADMIN_NAV, USER_DASHBOARD_LINK, isActive } from './adminNav';
import { prefetchScreen } from './screenPrefetch';
import { AdminUserMenu } from './AdminUserMenu';

/** The admin area's sidebar: its pages, the user dashboard, and the administrator's menu at the foot. */
export function AdminNavbar({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      <ShellSection grow>
        <Stack component="nav" aria-label="Admin" gap={4}>
          {ADMIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              // Pages of the area are separate routes; a path not built yet redirects to /admin.
              to={item.to as '/admin'}
              label={item.label}
              leftSection={<item.icon size={20} />}
              // the overview is current only on /admin itself (the link marks itself with aria-current)
              activeOptions={{ exact: item.to === '/admin' }}
              active={isActive(item, pathname)}
              onClick={onNavigate}
              // The screen's first reads start at the press itself, not once the click's routing is done
              // (the pointer resting on the link, or a touch, starts them even earlier: the router's preload).
              onPointerDown={() => prefetchScreen(item.to, {}, true)}
            />
          ))}
          <Divider my="xs" />
          <NavLink
            component={Link}
            to={USER_DASHBOARD_LINK.to}
            label={USER_DASHBOARD_LINK.label}
            leftSection={<IconArrowBackUp size={20} />}
            onClick={onNavigate}
          />
        </Stack>
      </ShellSection>
      <ShellSection pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <AdminUserMenu onNavigate={onNavigate} />
      </ShellSection>
    </>
  );
}
