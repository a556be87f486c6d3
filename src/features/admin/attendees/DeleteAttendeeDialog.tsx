// The delete confirmation (spec section 5): 'This action cannot be undone.
// This will permanently delete the attendee record for {name}.', which a click
// outside does not dismiss. It says what happens to the seat and the account:
// an attendee without an account is deleted and their seat (if they hold one)
// is freed; one with an account cannot be deleted (the server refuses it too).
// An attendee who paid for their seat is never deleted without a refund
// decision: the dialog asks for one (the terms' refund, another amount with a
// reason, or none with a reason), and the server cancels the seat with it and
// keeps the row as the payment's record (pb_hooks/lib/cancellation/admin-routes.js
// handleAdminDelete); the decision then shows in the Edit Attendee dialog.
// It stays open when the delete fails.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { formatMoney } from '@/lib/money';
import { deleteAttendee, failureDetail, fieldFailures, type AdminAttendee } from './attendeesApi';
import { seatConsequence } from './attendeeView';
import {
  centsFrom, deletePaidAttendee, fetchAttendeeCancellation, type AttendeeCancellation, type DeleteRefundChoice,
} from './cancellationAdminApi';
import { AttendeeAdminTexts as T } from './texts';

export interface DeleteAttendeeDialogProps {
  attendee: AdminAttendee | null;
  onClose: () => void;
  onDeleted: () => void;
}

interface Decision {
  choice: DeleteRefundChoice | '';
  amount: string | number;
  reason: string;
}

const NO_DECISION: Decision = { choice: '', amount: '', reason: '' };

type Errors = Partial<Record<'choice' | 'amount' | 'reason', string>>;

/** The refund decision's own checks (the server checks again): the words it answers with. */
function checkDecision(decision: Decision, state: AttendeeCancellation, money: (cents: number) => string): Errors {
  const errors: Errors = {};
  if (!decision.choice) errors.choice = 'Choose the refund: by the terms, another amount, or no refund.';
  if (decision.choice === 'amount') {
    const cents = centsFrom(decision.amount);
    if (cents === null || cents < 0 || cents > state.maxRefundCents) errors.amount = `Enter an amount from ${money(0)} to ${money(state.maxRefundCents)}.`;
  }
  if ((decision.choice === 'amount' || decision.choice === 'none') && !decision.reason.trim()) {
    errors.reason = 'Please give a reason: it is kept with the deletion.';
  }
  return errors;
}

function PaidSeatChoices({ attendee, state, decision, errors, disabled, onChange }: {
  attendee: AdminAttendee;
  state: AttendeeCancellation;
  decision: Decision;
  errors: Errors;
  disabled: boolean;
  onChange: (next: Decision) => void;
}) {
  const money = (cents: number) => formatMoney(cents, state.currency || 'AUD');
  const reasonRequired = decision.choice === 'amount' || decision.choice === 'none';
  return (
    <Stack gap="sm">
      <Text size="sm">
        {attendee.full_name} paid {money(state.paidCents)} for their seat. Deleting frees the seat, cancels their registration and
        emails them; choose what is refunded. Up to {money(state.maxRefundCents)} can be refunded.
        {state.simulated ? ' Paid through the test-mode checkout: no money moves.' : ''}
      </Text>
      <Radio.Group
        label="Refund"
        required
        value={decision.choice}
        onChange={(value) => onChange({ ...decision, choice: value as DeleteRefundChoice })}
        error={errors.choice}
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="terms"
            disabled={disabled}
            label={`By the terms: ${money(state.terms.refundCents)}`}
            description={state.terms.words || 'The masterclass has started: the terms give nothing.'}
          />
          <Radio value="amount" disabled={disabled || state.maxRefundCents === 0} label="Another amount" description="With a reason" />
          <Radio value="none" disabled={disabled} label="No refund" description="With a reason" />
        </Stack>
      </Radio.Group>
      {decision.choice === 'amount' && (
        <NumberInput
          label="Refund (AUD)"
          description={`From ${money(0)} to ${money(state.maxRefundCents)}`}
          required
          min={0}
          max={state.maxRefundCents / 100}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          allowNegative={false}
          value={decision.amount}
          onChange={(value) => onChange({ ...decision, amount: value })}
          error={errors.amount}
          disabled={disabled}
        />
      )}
      <Textarea
        label="Reason"
        description={reasonRequired ? 'Required. For the record; not sent to the attendee.' : 'Optional with the terms’ refund. For the record; not sent to the attendee.'}
        required={reasonRequired}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={500}
        value={decision.reason}
        onChange={(event) => onChange({ ...decision, reason: event.currentTarget.value })}
        error={errors.reason}
        disabled={disabled}
      />
      <Text size="xs" c="dimmed">
        The record is kept, marked cancelled, as the record of the payment and this decision (shown under Edit → Cancel attendee).
        Anonymise it there to remove their personal details.
      </Text>
    </Stack>
  );
}

export function DeleteAttendeeDialog({ attendee, onClose, onDeleted }: DeleteAttendeeDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [wide, setWide] = useState(false);
  const close = () => {
    if (deleting) return;
    onClose();
  };
  return (
    <Modal
      opened={attendee !== null}
      onClose={close}
      title={T.deleteDialog}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size={wide ? 'lg' : 'md'}
    >
      {attendee && (
        // Keyed by the attendee: each opening starts fresh and asks the server again.
        <DeleteAttendeeBody
          key={attendee.id}
          attendee={attendee}
          deleting={deleting}
          setDeleting={setDeleting}
          onPaidSeat={setWide}
          onClose={close}
          onDeleted={onDeleted}
        />
      )}
    </Modal>
  );
}

function DeleteAttendeeBody({ attendee, deleting, setDeleting, onPaidSeat, onClose, onDeleted }: {
  attendee: AdminAttendee;
  deleting: boolean;
  setDeleting: (deleting: boolean) => void;
  onPaidSeat: (paid: boolean) => void;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [failure, setFailure] = useState('');
  const [state, setState] = useState<AttendeeCancellation | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  const [decision, setDecision] = useState<Decision>(NO_DECISION);
  const [errors, setErrors] = useState<Errors>({});
  const hasAccount = attendee.user !== '';

  // What the seat was paid and what the terms give today, from the server.
  useEffect(() => {
    const controller = new AbortController();
    fetchAttendeeCancellation(attendee.id, controller.signal).then(
      (loaded) => {
        setState(loaded);
        onPaidSeat(loaded.paidSeat);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadFailure(failureDetail(error));
      },
    );
    return () => controller.abort();
  }, [attendee.id, onPaidSeat]);

  const paidSeat = state?.paidSeat === true;
  const refundKept = state !== null && !paidSeat && state.refunds.some((refund) => refund.scope === 'attendee');
  const ready = state !== null || loadFailure !== '';

  const deletePaid = async (loaded: AttendeeCancellation) => {
    const money = (cents: number) => formatMoney(cents, loaded.currency || 'AUD');
    const found = checkDecision(decision, loaded, money);
    setErrors(found);
    if (Object.keys(found).length > 0 || !decision.choice) return;
    const result = await deletePaidAttendee(attendee.id, {
      refund: decision.choice,
      ...(decision.choice === 'amount' ? { amountCents: centsFrom(decision.amount) ?? -1 } : {}),
      reason: decision.reason.trim(),
    });
    const outcome = result.refundCents === 0 ? 'no refund'
      : result.refundStatus === 'done' ? `${result.refundText} refunded`
        : result.refundStatus === 'pending' ? `${result.refundText} to refund (the payment provider is being retried)`
          : `${result.refundText} could not be refunded: see the refund's error under Edit`;
    notify({
      topic: 'attendee',
      kind: result.refundStatus === 'failed' ? 'warning' : 'success',
      title: T.deleted, message: `${attendee.full_name}: seat released, ${outcome}. The cancelled record is kept.`,
    });
    onDeleted();
  };

  const confirm = async () => {
    setFailure('');
    setDeleting(true);
    try {
      if (paidSeat && state) {
        await deletePaid(state);
      } else {
        await deleteAttendee(attendee.id);
        notify({ topic: 'attendee', kind: 'success', message: T.deleted });
        onDeleted();
      }
    } catch (error) {
      const fields: Record<string, string | undefined> = fieldFailures(error);
      if (fields.reason || fields.amountCents || fields.refund) {
        setErrors({ reason: fields.reason, amount: fields.amountCents, choice: fields.refund });
      }
      const detail = failureDetail(error);
      setFailure(detail);
      notify({ topic: 'attendee', kind: 'error', title: T.errorTitle, message: `${T.deleteFailed}: ${detail}` });
    } finally {
      setDeleting(false);
    }
  };

  const blocked = (hasAccount && !paidSeat) || refundKept || !ready;

  return (
    <Stack gap="md">
      <Text>{paidSeat ? T.deletePaidQuestion(attendee.full_name) : T.deleteQuestion(attendee.full_name)}</Text>
      {!ready && <Loader size="sm" aria-label="Loading what the attendee paid" />}
      {loadFailure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="What the attendee paid could not be loaded">
          {loadFailure} The server still refuses to delete an attendee who paid without a refund decision.
        </Alert>
      )}
      {state && paidSeat && (
        <PaidSeatChoices
          attendee={attendee}
          state={state}
          decision={decision}
          errors={errors}
          disabled={deleting}
          onChange={(next) => { setDecision(next); setErrors({}); }}
        />
      )}
      {refundKept && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="A refund is recorded for this attendee">
          Their record is kept as the record of that payment, so it cannot be deleted. Anonymise it under Edit to remove their
          personal details.
        </Alert>
      )}
      {ready && !paidSeat && !refundKept && (hasAccount ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="This attendee has an account">
          {attendee.full_name} signs in as {attendee.email}. Their record cannot be deleted while the account depends on it, so
          the attendee, their seat and their account stay as they are.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {seatConsequence(attendee.registration_status)} They have no account, so no sign-in is affected. They hold no paid seat,
          so nothing is refunded.
        </Text>
      ))}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={T.deleteFailed}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        {/* red.9: white on Mantine's red.6 reads 3.3:1, on red.9 over 4.5:1 */}
        <Button color="red.9" onClick={() => void confirm()} loading={deleting} disabled={blocked}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
