// The admin overview (spec "Admin Dashboard"). It leads with what an
// administrator needs first: "Needs your attention" at the very top whenever
// the system health finds a problem (the details stay in System health), then
// the Masterclass selector (the featured one unless the address names another
// with ?event=, which a choice writes) and four figures for that masterclass
// (KeyFigures: seats sold, revenue net of refunds, the waitlist, checked in),
// which follow the door live. Below them: the quick actions ('Send Invitation
// Emails', a call to action only while someone is still to be invited; 'Add
// New Use Case'), the Attendee Management and Use Case Library cards, the
// Event Analytics card with every figure, System health (the machinery:
// outbox, refunds, seat offers, jobs, backups) and Sign-in lock-outs (both for
// every masterclass). Every figure of the masterclass comes from one request
// (useAnalytics).
import { useEffect, useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Collections } from '@/lib/collections';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconArrowRight, IconBulb, IconMailForward, IconPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { chosenMasterclass } from '../eventSearch';
import { MasterclassSelect, eventDay, useMasterclasses } from '../MasterclassSelect';
import { useLiveReload } from '../useLiveReload';
import { AttentionBanner } from './AttentionBanner';
import { BulkInviteDialog } from './BulkInviteDialog';
import { EventAnalyticsCard } from './EventAnalyticsCard';
import { KeyFigures } from './KeyFigures';
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
  const { state, reload, refresh } = useAnalytics(chosen.queryId);
  // Live: a check-in at the door sets the attendee's checked_in_at, a sale or a cancellation changes attendees.
  useLiveReload(Collections.attendees, refresh);
  const useCases = useUseCaseCount();
  const lockouts = useLockouts();
  const health = useHealth();
  const [inviteOpened, invite] = useDisclosure(false);
  const navigate = useNavigate();
  const data = state.data;
  const pending = data?.invitationsPending;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} size="h2" c="navy.9">
        Admin Dashboard
      </Title>

      <AttentionBanner state={health.state} />

      <MasterclassSelect
        events={masterclasses.events}
        featuredId={masterclasses.featuredId}
        value={chosen.unknown ? null : chosen.id}
        onChange={onEventChange}
        description="The figures, the invitations and the analytics below are for this masterclass."
        error={masterclasses.error}
      />

      <KeyFigures state={state} onReload={reload} />

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions-title" mt="sm">
        <Title order={2} size="h4" c="navy.9" id="quick-actions-title" mb="sm">
          Quick Actions
        </Title>
        <Group gap="sm">
          <Button leftSection={<IconMailForward size={18} />} onClick={invite.open} variant={pending ? 'filled' : 'default'}>
            Send Invitation Emails
          </Button>
          <Button onClick={() => void navigate({ to: '/admin/use-cases', search: { new: 1 } })} variant="light" leftSection={<IconPlus size={18} />}>
            Add New Use Case
          </Button>
        </Group>
        {pending !== undefined && (
          <Text size="sm" c={pending > 0 ? undefined : 'dimmed'} mt="xs" data-testid="invitations-status">
            {pending > 0
              ? `${formatCount(pending)} confirmed ${pending === 1 ? 'attendee has' : 'attendees have'} no invitation yet.`
              : data?.attendees === 0
                ? 'No confirmed attendees yet: there is nothing to send.'
                : 'Every confirmed attendee has an invitation: there is nothing to send.'}
          </Text>
        )}
      </Card>

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
