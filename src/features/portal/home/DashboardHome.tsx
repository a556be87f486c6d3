import { Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { usePortalUser } from '../portalUser';
import { EVENT_NEEDS_CONNECTION, usePortalLock } from '../usePortalLock';
import { useProfile } from '../useProfile';
import { TicketSummary } from '../ticket/TicketSummary';
import { EventPhaseNote } from './EventPhaseNote';
import { SessionMaterials } from './SessionMaterials';
import { ToolCards } from './ToolCards';
import { YourProgress } from './YourProgress';

/** Dashboard home (spec "Dashboard home"): welcome, the tools, the materials, progress. */
export function DashboardHome() {
  const user = usePortalUser();
  const profile = useProfile(user?.id ?? '');
  const lock = usePortalLock();
  const name = profile?.full_name || user?.fullName;
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          {name ? `Welcome, ${name}` : 'Welcome'}
        </Title>
        <Text c="dimmed" mt={4}>
          Your AI Champions Masterclass portal: the attendee tools, the session materials and your progress in one place.
        </Text>
      </div>
      {lock.status === 'needs-connection' && <NeedsConnection message={EVENT_NEEDS_CONNECTION} state={lock.connection} />}
      <EventPhaseNote />
      <TicketSummary />
      <ToolCards lock={lock} />
      <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SessionMaterials lock={lock} />
        <YourProgress />
      </ResponsiveGrid>
    </Stack>
  );
}
