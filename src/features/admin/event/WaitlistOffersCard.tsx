// "Waitlist and seat offers" for the chosen masterclass: how many seats are
// free, who waits in which order (Offer seat, Skip), the offers made and
// their state (Withdraw an open one), and how long an offer may be claimed.
// Seats that free up are offered by the server on its own; this card lets an
// administrator offer a free seat by hand or take someone out of the line.
import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { type AdminEventRow, saveFailure } from './eventAdminApi';
import { useEventCardData } from './useEventCardData';
import { OffersTable, QueueTable } from './WaitlistTables';
import { LEFT_REASONS, fetchWaitlist, offerSeat, saveClaimHours, skipPerson, type WaitlistAdmin } from './waitlistAdminApi';
import { LoadErrorAlert } from './LoadErrorAlert';

type Pending = { kind: 'skip' | 'withdraw'; attendeeId: string; name: string } | null;

export function WaitlistOffersCard({ event }: { event: AdminEventRow }) {
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [hours, setHours] = useState<number | string>('');
  const { data, loadError, load } = useEventCardData(event.id, fetchWaitlist, (loaded: WaitlistAdmin) => setHours(loaded.event.waitlist_claim_hours || ''));

  async function act(action: () => Promise<unknown>, success: { title: string; message: string }, failureTitle: string) {
    setBusy(true);
    try {
      await action();
      notify({ topic: 'waitlist-offers', kind: 'success', ...success });
    } catch (error) {
      notify({ topic: 'waitlist-offers', kind: 'error', title: failureTitle, message: saveFailure(error).message });
    } finally {
      setBusy(false);
      load();
    }
  }

  const offer = (person: { attendee_id: string; full_name: string }) =>
    void act(() => offerSeat(event.id, person.attendee_id), { title: 'Seat offered', message: `${person.full_name} has been emailed a seat offer.` }, 'Failed to offer the seat');

  const confirmPending = () => {
    if (!pending) return;
    const { kind, attendeeId, name } = pending;
    setPending(null);
    void act(
      () => skipPerson(event.id, attendeeId),
      kind === 'skip'
        ? { title: 'Skipped', message: `${name} is no longer in line for a seat at this masterclass.` }
        : { title: 'Offer withdrawn', message: `The seat held for ${name} goes to the next person in line.` },
      kind === 'skip' ? 'Failed to skip' : 'Failed to withdraw the offer',
    );
  };

  const saveHours = () =>
    void act(
      () => saveClaimHours(event.id, typeof hours === 'number' ? hours : 0),
      { title: 'Claim window saved', message: 'New offers use it; offers already made keep their time.' },
      'Failed to save the claim window',
    );

  const summary = data?.event;
  const open = data?.offers.filter((row) => row.status === 'open').length ?? 0;
  const offerBlocked = summary ? summary.offers_paused || (summary.seats_free === 0 ? 'No seat is free right now.' : '') : 'Loading';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="waitlist-offers-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h3" c="navy.9" id="waitlist-offers-title">
              Waitlist and seat offers
            </Title>
            <Text size="sm" c="dimmed">
              While the masterclass is Sold out, a seat that frees up (a cancellation, an unpaid checkout, more capacity) is emailed as an offer to the
              person who has waited longest with a confirmed email address, and held for them. If they decline or let it expire, the next person gets it.
            </Text>
          </div>
          <Button variant="subtle" size="compact-sm" leftSection={<IconRefresh size={16} />} onClick={load} aria-label="Refresh the waitlist">
            Refresh
          </Button>
        </Group>
        {loadError ? <LoadErrorAlert title="The waitlist could not be loaded" message={loadError} onRetry={load} /> : null}
        {!data && !loadError ? <Loader size="sm" aria-label="Loading the waitlist" /> : null}
        {data && summary ? (
          <>
            <Text size="sm" data-testid="waitlist-summary">
              {summary.seats_free} of {summary.capacity} seats free · {data.queue.length} waiting · {open} open {open === 1 ? 'offer' : 'offers'} · offers are
              held for {summary.claim_hours} hours
            </Text>
            <Text size="sm" data-testid="waitlist-confirmation-counts">
              On the waitlist: {data.counts.confirmed} with a confirmed email address, {data.counts.unconfirmed} not confirmed yet (not offered seats until they
              confirm)
            </Text>
            {summary.offers_paused ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                {summary.offers_paused}
              </Alert>
            ) : null}
            <Title order={3} size="h5" c="navy.9">
              Waiting, in the order seats are offered
            </Title>
            <QueueTable queue={data.queue} timezone={event.timezone} offerBlocked={offerBlocked} busy={busy} onOffer={offer} onSkip={(person) => setPending({ kind: 'skip', attendeeId: person.attendee_id, name: person.full_name })} />
            {data.queue.some((person) => person.hold_limit) ? (
              <Text size="xs" c="dimmed">
                Passed over for now, holding as many seats as allowed in open offers and unfinished checkouts:{' '}
                {data.queue
                  .filter((person) => person.hold_limit)
                  .map((person) => `${person.full_name} (${person.hold_limit === 'email' ? 'their address' : 'their connection'})`)
                  .join(', ')}
                .
              </Text>
            ) : null}
            {data.left.length > 0 ? (
              <Text size="xs" c="dimmed">
                Not in line: {data.left.map((person) => `${person.full_name} (${LEFT_REASONS[person.reason]})`).join(', ')}.
              </Text>
            ) : null}
            <Title order={3} size="h5" c="navy.9">
              Offers
            </Title>
            <OffersTable
              offers={data.offers}
              timezone={event.timezone}
              busy={busy}
              onWithdraw={(row) => setPending({ kind: 'withdraw', attendeeId: row.attendee_id, name: row.full_name || row.email })}
            />
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Claim window (hours)"
                description={`How long an offer holds its seat: 1 to 168 hours. Empty: the default, ${summary.default_claim_hours} hours.`}
                min={1}
                max={168}
                allowDecimal={false}
                value={hours}
                onChange={setHours}
                placeholder={String(summary.default_claim_hours)}
                w={260}
              />
              <Button variant="light" color="navy" onClick={saveHours} disabled={busy}>
                Save claim window
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>

      <Modal opened={pending !== null} onClose={() => setPending(null)} title={pending?.kind === 'skip' ? 'Skip this person?' : 'Withdraw this offer?'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            {pending?.kind === 'skip'
              ? `${pending.name} will not be offered a seat at this masterclass. They are not told.`
              : `The seat held for ${pending?.name} goes to the next person in line at once. Their link stops working.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmPending}>
              {pending?.kind === 'skip' ? 'Skip' : 'Withdraw'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
