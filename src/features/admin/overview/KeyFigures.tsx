// The overview's first figures, for the chosen masterclass, from the one
// analytics request (GET /api/masterclass/admin/analytics, every figure counted
// by the server): seats sold of the capacity, revenue net of refunds (the
// refunds made or being made, as a seat's refunds are counted), the waitlist
// (those who confirmed their address) and who the door has let in, which
// follows the door live (the page reloads the figures when an attendee
// changes: a check-in sets their checked_in_at). Each tile says what it
// counts in its line of context, which follows the event's phase.
import { Badge, Group, Skeleton, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { formatAmount, formatCount } from './format';
import { LoadErrorAlert } from './LoadErrorAlert';
import { StatTile } from './StatTile';
import type { EventAnalytics } from './overviewApi';
import type { AnalyticsState } from './useAnalytics';

/** The words under "Checked in": what the count means on the event's day, before it and after it. */
export function checkInHint(data: EventAnalytics): string {
  const { checkedIn, expected } = data.checkIns;
  if (data.event.phase === 'cancelled') return 'the masterclass was cancelled';
  if (data.event.doorDay === 'today') return `updates as the door checks people in · ${formatCount(Math.max(0, expected - checkedIn))} still to come`;
  if (data.event.doorDay === 'after') return `came to the masterclass · ${formatCount(Math.max(0, expected - checkedIn))} did not`;
  return 'the door checks people in on the day';
}

/** The words under "Seats sold": what is left, and what checkouts in progress hold. */
export function seatsHint(seats: EventAnalytics['seats']): string {
  return [`${formatCount(seats.left)} left`, seats.held > 0 ? `${formatCount(seats.held)} in checkouts` : '', seats.observers > 0 ? `${formatCount(seats.observers)} observers` : '']
    .filter(Boolean)
    .join(' · ');
}

/** The words under the net revenue: what was taken and refunded, and refunds Stripe refused (still to make by hand). */
export function revenueHint(revenue: EventAnalytics['revenue']): string {
  const money = (cents: number) => formatAmount(cents, revenue.currency);
  const failed = revenue.failedRefundsCents ?? 0;
  return [
    revenue.refundedCents > 0 ? `${money(revenue.grossCents)} taken, ${money(revenue.refundedCents)} refunded` : `${money(revenue.grossCents)} taken, no refunds`,
    failed > 0 ? `${money(failed)} to refund by hand` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

export function waitlistHint(data: EventAnalytics): string {
  const unconfirmed = Math.max(0, data.waitlist - data.waitlistConfirmed);
  return unconfirmed > 0 ? `confirmed their address · ${formatCount(unconfirmed)} not yet` : 'confirmed their address';
}

export function KeyFigures({ state, onReload }: { state: AnalyticsState; onReload: () => void }) {
  const data = state.data;
  return (
    <section aria-labelledby="key-figures-title" data-testid="key-figures">
      <Title order={2} size="h4" c="navy.9" id="key-figures-title" mb="xs">
        At a glance
      </Title>
      {state.status === 'error' && !data && <LoadErrorAlert title="Failed to load the figures" message={state.message} onRetry={onReload} />}
      <ResponsiveGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {data ? <Figures data={data} /> : Array.from({ length: 4 }, (_, index) => <Skeleton key={index} h={96} radius="md" aria-hidden />)}
      </ResponsiveGrid>
    </section>
  );
}

function Figures({ data }: { data: EventAnalytics }) {
  const { seats, revenue, checkIns } = data;
  const live = data.event.doorDay === 'today' && data.event.phase !== 'cancelled';
  return (
    <>
      <StatTile id="key-seats-sold" label="Seats sold" value={`${formatCount(seats.taken)} of ${formatCount(seats.capacity)}`} hint={seatsHint(seats)} />
      <StatTile id="key-net-revenue" label="Revenue, net of refunds" value={formatAmount(revenue.netCents, revenue.currency)} hint={revenueHint(revenue)} />
      <StatTile id="key-waitlist" label="Waitlist" value={formatCount(data.waitlistConfirmed)} hint={waitlistHint(data)} />
      <StatTile
        id="key-checked-in"
        label={live ? <LiveLabel /> : 'Checked in'}
        ariaLabel="Checked in"
        value={`${formatCount(checkIns.checkedIn)} of ${formatCount(checkIns.expected)}`}
        hint={checkInHint(data)}
      />
    </>
  );
}

function LiveLabel() {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>Checked in</span>
      <Badge component="span" size="xs" color="teal.9" variant="filled" data-testid="key-checked-in-live">
        Live
      </Badge>
    </Group>
  );
}
