// Profile Settings (spec "Profile Settings"): reads the profile row on this
// device, saves through the outbox, so it works offline and syncs later.
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { currentUser } from '@/lib/session';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { ProfileForm } from './ProfileForm';
import { useOwnProfile } from './useOwnProfile';

export function ProfileSettingsPage() {
  const user = currentUser();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          Profile Settings
        </Title>
        <Text c="dimmed" mt={4}>
          Keep your details up to date for the Masterclass.
        </Text>
      </div>
      {user ? (
        <OwnProfile userId={user.id} />
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          You must be signed in to view your profile
        </Alert>
      )}
    </Stack>
  );
}

function OwnProfile({ userId }: { userId: string }) {
  const own = useOwnProfile(userId);
  if (own.status === 'failed') {
    return (
      <Alert color="red" title="Error" icon={<IconAlertCircle size={18} />}>
        Failed to load profile data
      </Alert>
    );
  }
  if (own.status === 'needs-connection') return <NeedsConnection message="Your profile needs a connection to load the first time." state={own} />;
  if (own.status === 'loading') {
    return (
      <Stack gap="md" aria-label="Loading your profile">
        <Skeleton height={160} radius="md" />
        <Skeleton height={360} radius="md" />
      </Stack>
    );
  }
  return <ProfileForm profile={own.data} />;
}
