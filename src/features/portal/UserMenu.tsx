import { Avatar, Group, List, Menu, Modal, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { IconChevronDown, IconDeviceMobileDown, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { asSpan } from '@/components/renderAs';
import { useSignOut } from '@/components/sign-out/useSignOut';
import { profilePhotoUrl } from '@/lib/profilePhoto';
import { promptInstall, useInstallOffer } from '@/pwa/installPrompt';
import type { PortalUser } from './portalUser';
import { useProfile } from './useProfile';
import { nameInitials } from '@/lib/nameInitials';

/** The header's account menu: profile settings, the admin area for administrators, installing the app, sign out. */
export function UserMenu({ user }: { user: PortalUser }) {
  const profile = useProfile(user.id);
  const name = profile?.full_name || user.fullName || user.email;
  const installOffer = useInstallOffer();
  const [instructionsOpened, instructions] = useDisclosure(false);
  const signOut = useSignOut();
  return (
    <>
      <Menu position="bottom-end" width={220} withArrow>
        <Menu.Target>
          <UnstyledButton>
            {/* Named by what it shows (the initials, the name), after what it is. */}
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Group renderRoot={asSpan} gap={8} wrap="nowrap">
              <Avatar component="span" src={profile ? profilePhotoUrl(profile, 'small') : null} alt="" color="navy" size={34} radius="xl">
                {nameInitials(name)}
              </Avatar>
              <Text span size="sm" fw={600} visibleFrom="sm" maw={180} truncate="end">
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
          {installOffer && (
            <Menu.Item
              leftSection={<IconDeviceMobileDown size={16} />}
              onClick={installOffer === 'prompt' ? () => void promptInstall() : instructions.open}
            >
              Install app
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut.start}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={instructionsOpened} onClose={instructions.close} title="Install the app" centered>
        <Text size="sm" mb="sm">
          Add the AI Champions Masterclass to your Home Screen to open it like an app, even without a connection:
        </Text>
        <List type="ordered" size="sm" spacing="xs">
          <List.Item>In Safari, tap the Share button (the square with an arrow pointing up).</List.Item>
          <List.Item>Scroll down and tap Add to Home Screen.</List.Item>
          <List.Item>Tap Add.</List.Item>
        </List>
      </Modal>
      {signOut.dialog}
    </>
  );
}
