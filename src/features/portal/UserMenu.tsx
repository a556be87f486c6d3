import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconChevronDown, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { signOut } from '@/lib/session';
import type { PortalUser } from './portalUser';
import { useProfile } from './useProfile';

/** The header's account menu: profile settings, the admin area for administrators, sign out. */
export function UserMenu({ user }: { user: PortalUser }) {
  const profile = useProfile(user.id);
  const name = profile?.full_name || user.fullName || user.email;
  return (
    <Menu position="bottom-end" width={220} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={profile?.avatar_url || null} name={name} color="navy" size={34} radius="xl" />
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate="end">
              {name}
            </Text>
            <IconChevronDown size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/dashboard/profile-settings" leftSection={<IconUserCircle size={16} />}>
          Profile Settings
        </Menu.Item>
        {user.role === 'administrator' && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin Dashboard
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
