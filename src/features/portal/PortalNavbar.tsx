import { Badge, Group, Loader, NavLink, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { IconClipboardList, IconClockHour4, IconLayoutDashboard, IconShieldLock, IconTicket, IconUserCircle } from '@tabler/icons-react';
import { portalTools, type PortalTool } from './portalTools';
import type { PortalLock } from './usePortalLock';

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
        <NavLink
          component={Link}
          to="/dashboard"
          activeOptions={{ exact: true }}
          label="Dashboard"
          leftSection={<IconLayoutDashboard size={20} />}
          active={pathname === '/dashboard'}
          onClick={onNavigate}
        />
        <NavLink
          component={Link}
          to="/dashboard/ticket"
          label="Your Ticket"
          leftSection={<IconTicket size={20} />}
          active={pathname === '/dashboard/ticket'}
          onClick={onNavigate}
        />
        <NavLink
          component={Link}
          to="/dashboard/registration"
          label="Your Registration"
          leftSection={<IconClipboardList size={20} />}
          active={pathname === '/dashboard/registration'}
          onClick={onNavigate}
        />
        {portalTools.map((tool) => (
          <ToolNavLink key={tool.to} tool={tool} lock={lock} active={pathname === tool.to} onNavigate={onNavigate} />
        ))}
        <NavLink
          component={Link}
          to="/dashboard/profile-settings"
          label="Profile Settings"
          leftSection={<IconUserCircle size={20} />}
          active={pathname === '/dashboard/profile-settings'}
          onClick={onNavigate}
        />
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
  if (lock.status === 'loading') return disabledLink;
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
        {lock.status === 'loading' ? <Loader size={18} mt={2} aria-hidden /> : <IconClockHour4 size={20} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0, marginTop: 2 }} />}
        <Text size="sm" fw={600} c="navy.9">
          {lock.status === 'loading' ? 'Loading event details…' : lock.countdown}
        </Text>
      </Group>
    </Paper>
  );
}
