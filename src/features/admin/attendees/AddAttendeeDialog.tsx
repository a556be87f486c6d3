// 'Add attendee': a person the organiser seats by hand for the chosen
// masterclass, complimentary or paid elsewhere (the amount), with a reason
// (pb_hooks/lib/admin/manual-attendee.js). Full name, email and reason are
// required, the amount too when paid elsewhere; the rest as on the
// registration form, optional. The seat is counted on the server with every
// other: when none is free, the dialog says so and offers, as an explicit
// choice, to add them as an observer (no seat) or to the waitlist. The
// dialog stays open with the server's message when adding fails.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { AttendeeFields, emailProblem, fullNameProblem } from './AttendeeFields';
import { addAttendee, failureDetail, refusalCode, type ManualAttendee } from './attendeesApi';
import { AttendeeAdminTexts as T } from './texts';

export interface AddAttendeeDialogProps {
  opened: boolean;
  /** The chosen masterclass (undefined: the featured one). */
  event: string | undefined;
  onClose: () => void;
  onAdded: () => void;
}

interface Values {
  fullName: string;
  email: string;
  company: string;
  jobTitle: string;
  role: string;
  phoneNumber: string;
  dietaryRequirements: string;
  basis: '' | ManualAttendee['basis'];
  amount: string | number;
  reason: string;
}

const EMPTY: Values = {
  fullName: '', email: '', company: '', jobTitle: '', role: '', phoneNumber: '', dietaryRequirements: '', basis: '', amount: '', reason: '',
};

/** Dollars as typed ('495', '495.5') in whole cents, or null. */
export function dollarsToCents(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(number)) return null;
  return Math.round(number * 100);
}

/** The server's field messages (its body's keys are the form's, camelCase), for the form's fields. */
function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ClientResponseError)) return {};
  const result: Record<string, string> = {};
  for (const [field, detail] of Object.entries((error.response?.data ?? {}) as Record<string, { message?: unknown }>)) {
    if (typeof detail?.message === 'string') result[field === 'amountCents' ? 'amount' : field] = detail.message;
  }
  return result;
}

export function AddAttendeeDialog({ opened, event, onClose, onAdded }: AddAttendeeDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [full, setFull] = useState('');
  const answer = useRef<HTMLDivElement>(null);
  // The refusal and its choices sit at the foot of a long form: brought into view when they appear.
  useEffect(() => {
    if (full || failure) answer.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [full, failure]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      fullName: fullNameProblem,
      email: emailProblem,
      basis: (value) => (value ? null : 'Choose how the seat is paid for: complimentary or paid elsewhere.'),
      amount: (value, values) => {
        if (values.basis !== 'paid_elsewhere') return null;
        const cents = dollarsToCents(value);
        return cents !== null && cents > 0 ? null : 'Enter the amount paid elsewhere, in dollars and cents, more than $0.';
      },
      reason: (value) => (value.trim() ? null : 'Please give a reason: it is kept with the registration.'),
    },
  });

  const close = () => {
    if (saving) return;
    form.reset();
    setFailure('');
    setFull('');
    onClose();
  };

  const send = async (values: Values, whenFull?: ManualAttendee['whenFull']) => {
    setSaving(true);
    setFailure('');
    try {
      const answer = await addAttendee({
        ...(event ? { event } : {}),
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        jobTitle: values.jobTitle.trim(),
        role: values.role,
        phoneNumber: values.phoneNumber.trim(),
        dietaryRequirements: values.dietaryRequirements.trim(),
        basis: values.basis as ManualAttendee['basis'],
        ...(values.basis === 'paid_elsewhere' ? { amountCents: dollarsToCents(values.amount) ?? 0 } : {}),
        reason: values.reason.trim(),
        ...(whenFull ? { whenFull } : {}),
      });
      notify({ topic: 'add-attendee', kind: answer.emailWarning ? 'warning' : 'success', message: T.added(answer.attendee.full_name, answer.placed, answer.emailWarning) });
      form.reset();
      setFull('');
      onAdded();
    } catch (error) {
      const detail = failureDetail(error);
      if (refusalCode(error) === 'no_seat') {
        setFull(detail);
      } else {
        for (const [field, message] of Object.entries(fieldMessages(error))) {
          if (field in EMPTY) form.setFieldError(field, message);
        }
        setFull('');
        setFailure(detail);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={T.addDialog} size="lg" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={form.onSubmit((values) => void send(values))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They take a seat like any registration and are emailed their ticket and the invitation to the attendee portal.
          </Text>
          <AttendeeFields
            inputProps={(field) => form.getInputProps(field)}
            role={form.values.role}
            onRoleChange={(role) => form.setFieldValue('role', role)}
            dietaryRows={{ minRows: 1, maxRows: 4 }}
          />
          <Radio.Group label="Payment" required {...form.getInputProps('basis')}>
            <Group gap="lg" mt={6}>
              <Radio value="complimentary" label="Complimentary" />
              <Radio value="paid_elsewhere" label="Paid elsewhere" />
            </Group>
          </Radio.Group>
          {form.values.basis === 'paid_elsewhere' && (
            <NumberInput
              label="Amount paid"
              description="What they paid by invoice, transfer or at the door, including GST."
              required
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              min={0}
              max={100000}
              thousandSeparator=","
              {...form.getInputProps('amount')}
            />
          )}
          <Textarea
            label="Reason"
            description="Kept with the registration, e.g. 'Speaker's guest' or 'Paid by invoice INV-1042'."
            required
            autosize
            minRows={2}
            maxRows={4}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          {full && (
            <Alert color="orange" icon={<IconAlertCircle size={18} />} title="No seat is free" data-testid="add-attendee-full">
              <Text size="sm" mb="sm">
                {full}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" loading={saving} onClick={() => void form.onSubmit((values) => void send(values, 'observer'))()}>
                  Add as observer
                </Button>
                <Button size="xs" variant="default" loading={saving} onClick={() => void form.onSubmit((values) => void send(values, 'waitlist'))()}>
                  Add to waitlist
                </Button>
              </Group>
            </Alert>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={T.addFailed}>
              {failure}
            </Alert>
          )}
          <div ref={answer} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {T.addButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
