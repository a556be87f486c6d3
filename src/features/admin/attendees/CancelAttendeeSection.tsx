// 'Cancel attendee' in the Edit Attendee dialog: the attendee's refunds
// (amount, status, Stripe id, the error of one that is failing) and, for a
// confirmed attendee or observer, cancelling with a refund of the
// administrator's choosing (0 up to what they paid less what was refunded;
// the terms' amount for today is filled in) and a reason, after a
// confirmation. The server decides and checks everything
// (pb_hooks/lib/cancellation/admin-routes.js); the attendee is emailed.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Loader, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { formatWeekdayDate } from '@/lib/eventWhen';
import { formatMoney } from '@/lib/money';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { failureDetail, type AdminAttendee } from './attendeesApi';
import { cancelAttendee, centsFrom, fetchAttendeeCancellation, type AttendeeCancellation, type AttendeeRefund } from './cancellationAdminApi';

const STATUS_LOOK: Record<AttendeeRefund['status'], { label: string; color: string }> = {
  done: { label: 'Refunded', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** What a cancelled seat paid and what was refunded of it; a seat passed on carries neither, its colleague does. */
function seatMoneyLine(state: AttendeeCancellation): string {
  const money = (cents: number) => formatMoney(cents, state.currency || 'AUD');
  if (state.transferredTo) return ` The seat and what was paid for it went to ${state.transferredTo}: nothing can be refunded of this record.`;
  if (state.paidCents <= 0) return '';
  return ` Paid ${money(state.paidCents)}; ${state.refundedCents > 0 ? `${money(state.refundedCents)} refunded` : 'nothing refunded'}.`;
}

const CANCELLED_BY: Record<string, string> = {
  attendee: 'the attendee, in the portal',
  link: 'the attendee, with the link in their confirmation email',
  administrator: 'an administrator',
  substitution: 'the attendee, passing their seat to a colleague in the portal',
};

function dateOf(stored: string): string {
  return stored ? formatWeekdayDate(parsePocketBaseDate(stored)) : '';
}

function RefundLine({ refund }: { refund: AttendeeRefund }) {
  const look = STATUS_LOOK[refund.status];
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="attendee-refund">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{formatMoney(refund.amountCents, refund.currency || 'AUD')}</Text>
          <Badge color={look.color} variant="light">{look.label}</Badge>
          {refund.simulated && <Badge color="gray" variant="light">Test mode</Badge>}
        </Group>
        <Text size="xs" c="dimmed">{dateOf(refund.created)}</Text>
      </Group>
      <Text size="sm" mt={4}>
        {refund.scope === 'registration' ? 'The whole registration’s payment' : 'This attendee’s cancellation'}
        {refund.reason ? ` · ${refund.reason}` : ''}
      </Text>
      <Text size="xs" c="dimmed" mt={2} style={{ wordBreak: 'break-all' }}>
        {refund.simulated ? 'No money moved' : `Stripe refund: ${refund.stripeId || 'none yet'}${refund.stripeStatus ? ` (${refund.stripeStatus})` : ''}`}
        {refund.attempts > 0 ? ` · ${refund.attempts} ${refund.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
      </Text>
      {refund.lastError && refund.status !== 'done' && (
        <Text size="xs" c="red.8" mt={2}>
          {refund.status === 'failed' ? 'Gave up: ' : 'Last attempt failed, retrying: '}{refund.lastError}
        </Text>
      )}
    </Paper>
  );
}

export interface CancelAttendeeSectionProps {
  attendee: AdminAttendee;
  /** Told after the attendee was cancelled. */
  onCancelled?: () => void;
}

export function CancelAttendeeSection({ attendee, onCancelled }: CancelAttendeeSectionProps) {
  const [state, setState] = useState<AttendeeCancellation | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');

  // Mounted once per attendee (keyed by the dialog), so its state starts fresh for each one.
  useEffect(() => {
    const controller = new AbortController();
    fetchAttendeeCancellation(attendee.id, controller.signal).then(
      (loaded) => {
        setState(loaded);
        setAmount(loaded.terms.refundCents / 100);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadFailure(failureDetail(error));
      },
    );
    return () => controller.abort();
  }, [attendee.id]);

  const money = (cents: number) => formatMoney(cents, state?.currency || 'AUD');

  const check = (): number | null => {
    if (!state) return null;
    const cents = centsFrom(amount);
    const next: typeof errors = {};
    if (cents === null || cents < 0 || cents > state.maxRefundCents) next.amount = `Enter an amount from ${money(0)} to ${money(state.maxRefundCents)}.`;
    if (!reason.trim()) next.reason = 'Please give a reason for the cancellation.';
    setErrors(next);
    return Object.keys(next).length === 0 ? cents : null;
  };

  const submit = async () => {
    const cents = check();
    if (cents === null) return;
    setSending(true);
    setFailure('');
    try {
      const result = await cancelAttendee(attendee.id, cents, reason.trim());
      const outcome = result.refundCents === 0 ? 'no refund'
        : result.refundStatus === 'done' ? `${result.refundText} refunded`
          : result.refundStatus === 'pending' ? `${result.refundText} to refund (the payment provider is being retried)`
            : `${result.refundText} could not be refunded: see the refund's error`;
      notify({ topic: 'attendee', kind: result.refundStatus === 'failed' ? 'warning' : 'success', title: 'Attendee cancelled', message: `${attendee.full_name}: seat released, ${outcome}.` });
      onCancelled?.();
    } catch (error) {
      setFailure(failureDetail(error));
      setConfirming(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" mt="md" component="section" aria-labelledby="cancel-attendee-title">
      <Divider />
      <Title order={3} size="h4" id="cancel-attendee-title">Cancel attendee</Title>
      {loadFailure && <Alert color="red" icon={<IconAlertCircle size={18} />}>{loadFailure}</Alert>}
      {!state && !loadFailure && <Loader size="sm" aria-label="Loading refunds" />}
      {state && (
        <>
          {state.refunds.length > 0 && (
            <Stack gap="xs">
              <Text size="sm" fw={600}>Refunds</Text>
              {state.refunds.map((refund) => <RefundLine key={refund.id} refund={refund} />)}
            </Stack>
          )}
          {state.status === 'cancelled' && state.cancelledAt ? (
            <Text size="sm">
              Cancelled on {dateOf(state.cancelledAt)} by {CANCELLED_BY[state.cancelledBy] ?? 'the server'}.
              {state.cancellationReason ? ` Reason: ${state.cancellationReason}` : ''}
              {seatMoneyLine(state)}
            </Text>
          ) : !state.cancellable ? (
            <Text size="sm" c="dimmed">{state.blocked}</Text>
          ) : (
            <>
              <Text size="sm">
                {state.paidCents > 0
                  ? `Paid ${money(state.paidCents)}; up to ${money(state.maxRefundCents)} can be refunded. The terms give ${money(state.terms.refundCents)} today${state.terms.words ? `: ${state.terms.words}` : ' (the masterclass has started).'}`
                  : 'This attendee paid nothing (promo code or free), so there is nothing to refund.'}
                {state.simulated && state.paidCents > 0 ? ' Paid through the test-mode checkout: no money moves.' : ''}
              </Text>
              <Group grow align="flex-start" gap="sm" wrap="wrap">
                <NumberInput
                  label="Refund (AUD)"
                  description={`From ${money(0)} to ${money(state.maxRefundCents)}`}
                  min={0}
                  max={state.maxRefundCents / 100}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  allowNegative={false}
                  value={amount}
                  onChange={(value) => { setAmount(value); setConfirming(false); }}
                  error={errors.amount}
                  disabled={state.maxRefundCents === 0 || sending}
                  miw={180}
                />
                <Textarea
                  label="Reason"
                  description="For the record; not sent to the attendee."
                  required
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => { setReason(event.currentTarget.value); setConfirming(false); }}
                  error={errors.reason}
                  disabled={sending}
                  miw={200}
                />
              </Group>
              {failure && <Alert color="red" icon={<IconAlertCircle size={18} />} title="The attendee was not cancelled">{failure}</Alert>}
              {confirming ? (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={`Cancel ${attendee.full_name}?`}>
                  <Text size="sm">
                    Their seat is released and they are emailed.{' '}
                    {centsFrom(amount) ? `${money(centsFrom(amount) ?? 0)} is refunded to the card that paid.` : 'No refund is made.'} This cannot be undone.
                  </Text>
                  <Group justify="flex-end" gap="sm" mt="sm">
                    <Button variant="default" onClick={() => setConfirming(false)} disabled={sending}>Back</Button>
                    <Button color="red" loading={sending} onClick={() => void submit()}>Yes, cancel attendee</Button>
                  </Group>
                </Alert>
              ) : (
                <Group justify="flex-end">
                  <Button color="red" variant="light" onClick={() => { if (check() !== null) setConfirming(true); }}>
                    Cancel attendee
                  </Button>
                </Group>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
