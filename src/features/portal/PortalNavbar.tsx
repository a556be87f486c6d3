import { Fragment } from 'react';
import { Badge, Group, Loader, NavLink, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { IconClipboardList, IconClockHour4, IconLayoutDashboard, IconShieldLock, IconTicket, IconUserCircle, IconWifiOff } from '@tabler/icons-react';
import { portalTools, type PortalTool } from './portalTools';
import type { PortalLock } from './usePortalLock';

/** The portal's pages in the sidebar's order; 'tools' marks where the tools stand (locked until the unlock). */
const PAGES = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard, exact: true },
  { to: '/dashboard/ticket', label: 'Your Ticket', icon: IconTicket, exact: false },
  { to: '/dashboard/registration', label: 'Your Registration', icon: IconClipboardList, exact: false },
  'tools',
  { to: '/dashboard/profile-settings', label: 'Profile Settings', icon: IconUserCircle, exact: false },
] as const;

interface PortalNavbarProps {
  lock: PortalLock;
  isAdmin: boolean;
  /** Called after a link is followed (closes the mobile menu). */
  onNavigate: () => void;
}

/** The sidebar: countdown before the unlock, the portal pages, and the admin area for administrators. */
export function PortalNavbar({ lock, isAdmin, onNavigate }: PortalNavbarProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') });
  return (
    <Stack gap="md">
      <LockNotice lock={lock} />
      <Stack component="nav" aria-label="Portal" gap={4}>
        {PAGES.map((page) =>
          page === 'tools' ? (
            <Fragment key="tools">
              {portalTools.map((tool) => (
                <ToolNavLink key={tool.to} tool={tool} lock={lock} active={pathname === tool.to} onNavigate={onNavigate} />
              ))}
            </Fragment>
          ) : (
            <NavLink
              key={page.to}
              component={Link}
              to={page.to}
              {...(page.exact ? { activeOptions: { exact: true } } : {})}
              label={page.label}
              leftSection={<page.icon size={20} />}
              active={pathname === page.to}
              onClick={onNavigate}
            />
          ),
        )}
        {isAdmin && (
          <NavLink
            component={Link}
            to="/admin"
            label={
              <Group gap={6} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                Admin Dashboard
                <Badge color="amber" c="navy.9" variant="filled" size="xs" tt="none" style={{ flexShrink: 0 }}>
                  Admin
                </Badge>
              </Group>
            }
            leftSection={<IconShieldLock size={20} />}
            onClick={onNavigate}
          />
        )}
      </Stack>
    </Stack>
  );
}

function ToolNavLink({ tool, lock, active, onNavigate }: { tool: PortalTool; lock: PortalLock; active: boolean; onNavigate: () => void }) {
  const icon = <tool.icon size={20} />;
  if (lock.status === 'unlocked') {
    return <NavLink component={Link} to={tool.to} label={tool.navLabel} leftSection={icon} active={active} onClick={onNavigate} />;
  }
  // NavLink only styles `disabled`; aria-disabled tells assistive technology too.
  const disabledLink = <NavLink component="button" type="button" disabled aria-disabled label={tool.navLabel} leftSection={icon} />;
  if (lock.status === 'loading' || lock.status === 'needs-connection') return disabledLink;
  // A disabled control gets no pointer events; the wrapper carries the tooltip.
  return (
    <Tooltip label={lock.words.tooltip} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
      <div>{disabledLink}</div>
    </Tooltip>
  );
}

function LockNotice({ lock }: { lock: PortalLock }) {
  if (lock.status === 'unlocked') return null;
  // One status: the words say it is loading, so the spinner inside is hidden from assistive technology (no status within a status).
  return (
    <Paper withBorder p="sm" radius="md" bg="navy.0" role="status">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {lock.status === 'loading' ? (
          <Loader size={18} mt={2} aria-hidden />
        ) : lock.status === 'needs-connection' ? (
          <IconWifiOff size={20} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        ) : (
          <IconClockHour4 size={20} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0, marginTop: 2 }} />
        )}
        <Text size="sm" fw={600} c="navy.9">
          {lock.status === 'loading' ? 'Loading event details…' : lock.status === 'needs-connection' ? 'Event details need a connection' : lock.countdown}
        </Text>
      </Group>
    </Paper>
  );
}
