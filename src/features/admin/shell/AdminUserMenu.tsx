import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconLogout, IconSelector, IconUserCircle } from '@tabler/icons-react';
import { asSpan } from '@/components/renderAs';
import { useSignOut } from '@/components/sign-out/useSignOut';
import { useAdminProfile } from './useAdminProfile';
import { nameInitials } from '@/lib/nameInitials';

/** The navigation's footer: the administrator's avatar, name and company, with Profile Settings and Sign out. */
export function AdminUserMenu({ onNavigate }: { onNavigate: () => void }) {
  const profile = useAdminProfile();
  const name = profile?.fullName || profile?.email || 'Administrator';
  const signOut = useSignOut();
  return (
    <>
    <Menu position="top-start" width={230} withArrow>
      <Menu.Target>
        <UnstyledButton w="100%" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="admin-user-menu">
          {/* Named by what it shows (the name, the company), after what it is. */}
          <VisuallyHidden>Administrator menu</VisuallyHidden>
          <Group renderRoot={asSpan} gap="sm" wrap="nowrap">
            <Avatar component="span" src={profile?.avatarUrl || null} color="navy" radius="xl" size={38} alt={name}>
              {nameInitials(name)}
            </Avatar>
            <span style={{ flex: 1, minWidth: 0 }}>
              <Text span display="block" size="sm" fw={600} truncate="end">
                {name}
              </Text>
              {profile?.company && (
                <Text span display="block" size="xs" c="dimmed" truncate="end">
                  {profile.company}
                </Text>
              )}
            </span>
            <IconSelector size={16} style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profile?.email && <Menu.Label>{profile.email}</Menu.Label>}
        <Menu.Item component={Link} to="/dashboard/profile-settings" leftSection={<IconUserCircle size={16} />} onClick={onNavigate}>
          Profile Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut.start}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
    {signOut.dialog}
    </>
  );
}
