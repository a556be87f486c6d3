// The overview's Event Analytics card: seats, revenue, registrations per day,
// who the attendees are and where they came from, invitations, accounts and
// how much the attendee tools are used (GET /api/masterclass/admin/analytics).
import { lazy, Suspense } from 'react';
import {
  ActionIcon, Card, Group, Loader, Skeleton, Stack, Text, Title, Tooltip,
} from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { Breakdown } from './Breakdown';
import { StatTile } from './StatTile';
import { formatAmount, formatCount } from './format';
import { LoadErrorAlert } from './LoadErrorAlert';
import type { EventAnalytics } from './overviewApi';
import type { AnalyticsState } from './useAnalytics';

const RegistrationsChart = lazy(() => import('./RegistrationsChart'));

export function EventAnalyticsCard({ state, onReload }: { state: AnalyticsState; onReload: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="event-analytics-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="md">
        <Group gap="sm" wrap="nowrap">
          <IconChartBar size={26} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0 }} />
          <div>
            <Title order={2} size="h3" c="navy.9" id="event-analytics-title">
              Event Analytics
            </Title>
            {state.data && (
              <Text size="sm" c="dimmed">
                {state.data.event.title}
              </Text>
            )}
          </div>
        </Group>
        <Tooltip label="Refresh the figures">
          <ActionIcon variant="subtle" size="lg" onClick={onReload} aria-label="Refresh analytics" loading={state.status === 'loading' && state.data !== null}>
            <IconRefresh size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {state.status === 'error' && <LoadErrorAlert title="Failed to load analytics" message={state.message} onRetry={onReload} />}
      {state.data ? <AnalyticsFigures data={state.data} /> : state.status === 'loading' ? <AnalyticsSkeleton /> : null}
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading analytics">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading analytics…
        </Text>
      </Group>
      <ResponsiveGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={78} radius="md" />
        ))}
      </ResponsiveGrid>
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

/** Under 'Refunded': the part still being made, and the refunds given up on (not in it: to refund by hand). */
export function refundHint(revenue: EventAnalytics['revenue'], money: (cents: number) => string): string | undefined {
  const parts = [
    revenue.pendingRefundsCents > 0 ? `${money(revenue.pendingRefundsCents)} of it still being made` : '',
    (revenue.failedRefundsCents ?? 0) > 0 ? `${money(revenue.failedRefundsCents ?? 0)} failed, to refund by hand` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function AnalyticsFigures({ data }: { data: EventAnalytics }) {
  const { seats, revenue, tools } = data;
  const money = (cents: number) => formatAmount(cents, revenue.currency);
  const totalRegistrations = data.registrationsPerDay.reduce((sum, day) => sum + day.paid + day.promo + day.waitlist, 0);
  return (
    <Stack gap="xl">
      <div>
        <Title order={3} size="h5" c="navy.9" mb="xs">
          Seats
        </Title>
        <ResponsiveGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <StatTile id="seats-taken" label="Seats taken" value={formatCount(seats.taken)} hint={`of ${formatCount(seats.capacity)}`} />
          <StatTile id="seats-held" label="Seats held" value={formatCount(seats.held)} hint="in checkouts now" />
          <StatTile id="seats-left" label="Seats left" value={formatCount(seats.left)} />
          <StatTile id="observers" label="Observers" value={formatCount(seats.observers)} hint="no seat taken" />
        </ResponsiveGrid>
      </div>
      <div>
        <Title order={3} size="h5" c="navy.9" mb="xs">
          Revenue ({revenue.currency})
        </Title>
        <ResponsiveGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <StatTile id="revenue-gross" label="Gross" value={money(revenue.grossCents)} />
          <StatTile
            id="revenue-refunded"
            label="Refunded"
            value={money(revenue.refundedCents)}
            hint={refundHint(revenue, money)}
          />
          <StatTile id="revenue-net" label="Net" value={money(revenue.netCents)} />
        </ResponsiveGrid>
      </div>
      <div>
        <Title order={3} size="h5" c="navy.9" mb="xs">
          People and tools
        </Title>
        <ResponsiveGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <StatTile id="waitlist" label="Waitlist" value={formatCount(data.waitlist)} hint="registered interest" />
          <StatTile id="invitations-sent" label="Invitations sent" value={formatCount(data.invitationsSent)} hint={`${formatCount(data.invitationsPending)} not invited yet`} />
          <StatTile id="accounts-created" label="Accounts created" value={formatCount(data.accountsCreated)} hint={`of ${formatCount(data.attendees)} attendees`} />
          <StatTile id="assessments" label="Assessments completed" value={formatCount(tools.assessmentsCompleted)} hint={`by ${formatCount(tools.assessmentUsers)} ${tools.assessmentUsers === 1 ? 'person' : 'people'}`} />
          <StatTile id="business-cases" label="Business cases made" value={formatCount(tools.businessCases)} hint={`by ${formatCount(tools.businessCaseUsers)} ${tools.businessCaseUsers === 1 ? 'person' : 'people'}`} />
        </ResponsiveGrid>
      </div>
      <div>
        <Group justify="space-between" align="baseline" mb="xs" gap="xs">
          <Title order={3} size="h5" c="navy.9">
            Registrations per day
          </Title>
          <Text size="xs" c="dimmed" data-testid="registrations-total">
            {formatCount(totalRegistrations)} {totalRegistrations === 1 ? 'registration' : 'registrations'} ({data.event.timezone} time)
          </Text>
        </Group>
        {data.registrationsPerDay.length === 0 ? (
          <Text size="sm" c="dimmed">
            No registrations yet.
          </Text>
        ) : (
          <Suspense fallback={<Skeleton h={260} radius="md" />}>
            <RegistrationsChart days={data.registrationsPerDay} />
          </Suspense>
        )}
      </div>
      <ResponsiveGrid cols={{ base: 1, md: 3 }} spacing="xl">
        <Breakdown id="role" title="Attendees by role" rows={data.attendeesByRole} emptyLabel="Not given" />
        <Breakdown id="utm-source" title="By UTM source" rows={data.attendeesByUtmSource} emptyLabel="None (direct)" />
        <Breakdown id="utm-medium" title="By UTM medium" rows={data.attendeesByUtmMedium} emptyLabel="None (direct)" />
      </ResponsiveGrid>
    </Stack>
  );
}
