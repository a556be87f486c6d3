import { createFileRoute } from '@tanstack/react-router';
import { ProfileSettingsPage } from '@/features/profile/ProfileSettingsPage';
import { YourDataSection } from '@/features/account-data/YourDataSection';

export const Route = createFileRoute('/dashboard/profile-settings')({
  component: ProfileSettingsRoute,
});

function ProfileSettingsRoute() {
  return (
    <>
      <ProfileSettingsPage />
      <YourDataSection />
    </>
  );
}
