// The admin overview (spec "Admin Dashboard"): the Attendee Management and
// Use Case Library cards, the quick actions 'Send Invitation Emails' and
// 'Add New Use Case', and the Event Analytics card with real figures. The
// Masterclass selector (the featured one unless the address names another
// with ?event=, which a choice writes) picks the masterclass the attendee
// figures, the invitations and the analytics are for. System health shows the
// machinery (outbox, refunds, seat offers, jobs, backups) and Sign-in
// lock-outs the sign-in limits' recent decisions (both for every masterclass).
import { useEffect, useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconArrowRight, IconBulb, IconMailForward, IconPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { chosenMasterclass } from '../eventSearch';
import { MasterclassSelect, eventDay, useMasterclasses } from '../MasterclassSelect';
import { BulkInviteDialog } from './BulkInviteDialog';
import { EventAnalyticsCard } from './EventAnalyticsCard';
import { SignInLockoutsCard } from './SignInLockoutsCard';
import { SystemHealthCard } from './SystemHealthCard';
import { formatCount } from './format';
import { countUseCases } from './overviewApi';
import { useAnalytics } from './useAnalytics';
import { useLockouts } from './useLockouts';
import { useHealth } from './useHealth';

export function AdminOverviewPage({ eventId, onEventChange }: { eventId?: string; onEventChange: (eventId: string) => void }) {
  const masterclasses = useMasterclasses();
  const chosen = chosenMasterclass(eventId, masterclasses);
  const { state, reload } = useAnalytics(chosen.queryId);
  const useCases = useUseCaseCount();
  const lockouts = useLockouts();
  const health = useHealth();
  const [inviteOpened, invite] = useDisclosure(false);
  const navigate = useNavigate();
  const data = state.data;
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          Admin Dashboard
        </Title>
        <Text c="dimmed" mt={4}>
          Manage the attendees, the use case library and the event, and follow how registrations are going.
        </Text>
      </div>

      <MasterclassSelect
        events={masterclasses.events}
        featuredId={masterclasses.featuredId}
        value={chosen.unknown ? null : chosen.id}
        onChange={onEventChange}
        description="The attendee figures, the invitations and the analytics below are for this masterclass."
        error={masterclasses.error}
      />

      <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OverviewCard
          icon={<IconUsers size={22} />}
          title="Attendee Management"
          text="View, edit and export the registered attendees, and send their account invitations."
          figure={data ? `${formatCount(data.attendees)} confirmed · ${formatCount(data.waitlist)} on the waitlist` : state.status === 'loading' ? null : ''}
          to="/admin/attendees"
          search={eventId ? { event: eventId } : undefined}
          action="Manage Attendees"
        />
        <OverviewCard
          icon={<IconBulb size={22} />}
          title="Use Case Library"
          text="Add, edit and remove the AI use cases attendees browse in the portal."
          figure={useCases === undefined ? null : useCases === null ? '' : `${formatCount(useCases)} ${useCases === 1 ? 'use case' : 'use cases'}`}
          to="/admin/use-cases"
          action="Manage Use Cases"
        />
      </ResponsiveGrid>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions-title">
        <Title order={2} size="h4" c="navy.9" id="quick-actions-title" mb="sm">
          Quick Actions
        </Title>
        <Group gap="sm">
          <Button leftSection={<IconMailForward size={18} />} onClick={invite.open}>
            Send Invitation Emails
          </Button>
          <Button onClick={() => void navigate({ to: '/admin/use-cases', search: { new: 1 } })} variant="light" leftSection={<IconPlus size={18} />}>
            Add New Use Case
          </Button>
        </Group>
      </Card>

      <EventAnalyticsCard state={state} onReload={reload} />

      <SystemHealthCard state={health.state} onReload={health.reload} />

      <SignInLockoutsCard state={lockouts.state} onReload={lockouts.reload} />

      {inviteOpened && (
        <BulkInviteDialog eventId={chosen.queryId} masterclass={chosen.event ? eventDay(chosen.event) : null} onClose={invite.close} onFinished={reload} />
      )}
    </Stack>
  );
}

function OverviewCard({
  icon, title, text, figure, to, search, action,
}: { icon: ReactNode; title: string; text: string; figure: string | null; to: string; search?: { event: string }; action: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={40} radius="md" variant="light" color="navy">
          {icon}
        </ThemeIcon>
        <Title order={2} size="h4" c="navy.9">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {figure === null ? <Skeleton h={20} w="60%" mt="sm" /> : figure && <Text fw={700} mt="sm">{figure}</Text>}
      <Group mt="md">
        <Button
          renderRoot={(props) => <Link {...props} to={to as '/admin'} search={search ?? {}} />}
          variant="subtle"
          rightSection={<IconArrowRight size={16} />}
          px={0}
        >
          {action}
        </Button>
      </Group>
    </Card>
  );
}

/** The library's size: undefined while loading, null when it could not be read. */
function useUseCaseCount(): number | null | undefined {
  const [count, setCount] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    countUseCases().then(
      (total) => !cancelled && setCount(total),
      () => !cancelled && setCount(null),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return count;
}
