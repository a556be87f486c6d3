// The cancellation itself, the same in the portal's dialog and on the /cancel
// page: what the terms give today (asked of the server), a confirmation, then
// the result. The refund shown is the one confirmed: if it changed meanwhile
// (a boundary passed) the server refuses and the new amount is shown to be
// confirmed again.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  CancellationRefused, confirmCancellation, fetchPreview, type CancellationPreview, type CancellationResult, type CancellationTarget,
} from './cancellationApi';

type Step =
  | { name: 'loading' }
  | { name: 'refused'; message: string; retry: boolean }
  | { name: 'preview'; preview: CancellationPreview; changed: boolean }
  | { name: 'confirm'; preview: CancellationPreview; sending: boolean; failure: string }
  | { name: 'done'; preview: CancellationPreview; result: CancellationResult };

export interface CancelFlowProps {
  target: CancellationTarget;
  /** Where "Keep my registration" and "Close" lead; without it those buttons are not shown. */
  onClose?: () => void;
  /** Told once the registration is cancelled. */
  onCancelled?: (result: CancellationResult) => void;
}

function asRefusal(error: unknown): CancellationRefused {
  return error instanceof CancellationRefused ? error : new CancellationRefused('An unexpected error occurred', 'unexpected', 0);
}

/** What the attendee gets back, in a sentence, before confirming. */
export function refundPromise(preview: CancellationPreview): string {
  if (preview.free) return 'Your registration was free, so there is nothing to refund.';
  if (preview.refundCents === 0) return 'No refund is due under our terms.';
  if (preview.simulated) return `A refund of ${preview.refundText} will be recorded (test mode: no money moves).`;
  return `${preview.refundText} will be refunded to the card used to pay for the registration.`;
}

/** What happened to the money, after cancelling. */
export function refundOutcome(result: CancellationResult, preview: CancellationPreview): string {
  if (result.refundCents === 0) return preview.free ? 'Your registration was free, so there is nothing to refund.' : 'No refund is due under our terms.';
  if (result.simulated) return `A refund of ${result.refundText} is recorded (test mode: no money moves).`;
  if (result.refundStatus === 'failed') return `We could not refund ${result.refundText} automatically. Our team has been told and will refund you by hand.`;
  if (result.refundStatus === 'pending') return `${result.refundText} will be refunded to the card used to pay. Our payment provider is taking a moment; we keep trying until it is done.`;
  return `${result.refundText} is on its way back to the card used to pay. Refunds usually appear within 5 to 10 business days.`;
}

function PreviewFacts({ preview }: { preview: CancellationPreview }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{preview.event.title}</Text>
      <Text size="sm" c="dimmed">{preview.event.when}</Text>
      <Text size="sm">Attendee: {preview.attendee.fullName}</Text>
    </Stack>
  );
}

function RefundPanel({ preview }: { preview: CancellationPreview }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="cancel-refund">
      <Text size="sm" c="dimmed">Refund if you cancel now</Text>
      <Group gap="xs" align="baseline">
        <Text fz={28} fw={700} c="navy.9">{preview.free ? 'Nothing to refund' : preview.refundText}</Text>
        {!preview.free && preview.percent > 0 && <Text size="sm" c="dimmed">({preview.percent}% of {preview.paidText})</Text>}
        {preview.simulated && <Badge color="yellow" variant="light">Test mode</Badge>}
      </Group>
      {!preview.free && <Text size="sm" mt="xs">{preview.tierWords}</Text>}
      {!preview.free && preview.untilText && (
        <Text size="sm" c="dimmed" mt={4}>This refund applies until {preview.untilText}.</Text>
      )}
      {preview.free && <Text size="sm" mt="xs">Your registration was free.</Text>}
    </Paper>
  );
}

export function CancelFlow({ target, onClose, onCancelled }: CancelFlowProps) {
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const targetKey = `${target.attendee}|${target.token ?? ''}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchPreview(target, controller.signal).then(
      (preview) => setStep({ name: 'preview', preview, changed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const refusal = asRefusal(error);
        setStep({ name: 'refused', message: refusal.message, retry: refusal.code === 'offline' || refusal.code === 'unexpected' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target is read by its key (a new target mounts a new flow); attempt asks again
  }, [targetKey, attempt]);

  const confirm = async (preview: CancellationPreview) => {
    setStep({ name: 'confirm', preview, sending: true, failure: '' });
    try {
      const result = await confirmCancellation(target, preview.refundCents);
      setStep({ name: 'done', preview, result });
      onCancelled?.(result);
    } catch (error) {
      const refusal = asRefusal(error);
      if (refusal.code === 'refund_changed' && refusal.preview) {
        setStep({ name: 'preview', preview: refusal.preview, changed: true });
      } else if (refusal.code === 'offline' || refusal.code === 'unexpected') {
        setStep({ name: 'confirm', preview, sending: false, failure: refusal.message });
      } else {
        setStep({ name: 'refused', message: refusal.message, retry: false });
      }
    }
  };

  if (step.name === 'loading') {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" />
        <Text size="sm">Checking what cancelling gives you today…</Text>
      </Group>
    );
  }

  if (step.name === 'refused') {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="This registration cannot be cancelled here">
          {step.message}
        </Alert>
        <Group justify="flex-end">
          {step.retry && (
            <Button
              variant="default"
              onClick={() => {
                setStep({ name: 'loading' });
                setAttempt((value) => value + 1);
              }}
            >
              Try again
            </Button>
          )}
          {onClose && <Button onClick={onClose}>Close</Button>}
        </Group>
      </Stack>
    );
  }

  if (step.name === 'preview') {
    const { preview } = step;
    return (
      <Stack gap="md">
        <PreviewFacts preview={preview} />
        {step.changed && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="The refund has changed">
            The refund changed since it was shown to you (a deadline in our terms has passed). Please check the new amount.
          </Alert>
        )}
        <RefundPanel preview={preview} />
        <Text size="sm" c="dimmed">
          Cancelling releases your seat for someone else. If you cannot come, you can also send a colleague in your place
          instead: please <Anchor component={Link} to="/contact" inherit underline="always">contact us</Anchor>.
        </Text>
        <Group justify="flex-end" gap="sm">
          {onClose && <Button variant="default" onClick={onClose}>Keep my registration</Button>}
          <Button color="red" variant="light" onClick={() => setStep({ name: 'confirm', preview, sending: false, failure: '' })}>
            Continue to cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step.name === 'confirm') {
    const { preview } = step;
    return (
      <Stack gap="md">
        <PreviewFacts preview={preview} />
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Cancel this registration?">
          <Text size="sm">
            {preview.attendee.fullName}&rsquo;s seat at the {preview.event.title} will be released straight away. This cannot be undone.
          </Text>
          <Text size="sm" mt="xs" fw={600}>{refundPromise(preview)}</Text>
        </Alert>
        {step.failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {step.failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={step.sending} onClick={() => setStep({ name: 'preview', preview, changed: false })}>
            Back
          </Button>
          <Button color="red" loading={step.sending} onClick={() => void confirm(preview)}>
            Yes, cancel my registration
          </Button>
        </Group>
      </Stack>
    );
  }

  const { preview, result } = step;
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Your registration is cancelled">
        <Text size="sm">
          {preview.attendee.fullName}&rsquo;s seat at the {preview.event.title} has been released.
        </Text>
        <Text size="sm" mt="xs" fw={600} data-testid="cancel-outcome">{refundOutcome(result, preview)}</Text>
        <Text size="sm" mt="xs">We have emailed a confirmation to {preview.attendee.email}.</Text>
      </Alert>
      {onClose && (
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      )}
    </Stack>
  );
}
