// 'Send Invitation Emails' for the masterclass the overview shows: asks first
// with the number of its confirmed attendees (and observers) who have no
// invitation yet, then invites them batch by
// batch with a progress bar, then says how many were sent and which failed.
// A failed delivery stays queued for the automatic retry; the next run tries
// it again. Running it again when everyone is invited sends nothing.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { failureMessage, fetchPendingInvitations, sendInvitationBatch, type InvitationBatch } from './overviewApi';
import { formatCount } from './format';

const BATCH_SIZE = 5;

type Step =
  | { name: 'counting' }
  | { name: 'count-failed'; message: string }
  | { name: 'confirm'; pending: number }
  | { name: 'running' | 'done'; total: number; processed: number; remaining: number; sent: number; failed: number; skipped: number; failures: InvitationBatch['failures']; error?: string };

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * Mounted while open: each opening counts afresh. `eventId` is the
 * masterclass (undefined: the featured one), `masterclass` how the dialog names it.
 */
export function BulkInviteDialog({
  eventId,
  masterclass,
  onClose,
  onFinished,
}: {
  eventId: string | undefined;
  masterclass: string | null;
  onClose: () => void;
  onFinished: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'counting' });
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    fetchPendingInvitations(eventId).then(
      (pending) => mounted.current && setStep({ name: 'confirm', pending }),
      (error: unknown) => mounted.current && setStep({ name: 'count-failed', message: failureMessage(error) }),
    );
    return () => {
      mounted.current = false;
    };
  }, [eventId]);

  async function run(total: number) {
    let progress = { total, processed: 0, remaining: total, sent: 0, failed: 0, skipped: 0, failures: [] as InvitationBatch['failures'] };
    setStep({ name: 'running', ...progress });
    let after = '';
    let error: string | undefined;
    for (;;) {
      let batch: InvitationBatch;
      try {
        batch = await sendInvitationBatch(eventId, after, BATCH_SIZE);
      } catch (caught) {
        error = failureMessage(caught);
        break;
      }
      const processed = progress.processed + batch.sent + batch.failed + batch.skipped;
      progress = {
        total: Math.max(progress.total, processed + batch.remaining),
        processed,
        remaining: batch.remaining,
        sent: progress.sent + batch.sent,
        failed: progress.failed + batch.failed,
        skipped: progress.skipped + batch.skipped,
        failures: [...progress.failures, ...batch.failures],
      };
      after = batch.after;
      if (batch.remaining === 0 || !mounted.current) break;
      setStep({ name: 'running', ...progress });
    }
    onFinished();
    if (mounted.current) setStep({ name: 'done', ...progress, error });
  }

  const running = step.name === 'running';
  return (
    <Modal
      opened
      onClose={running ? () => {} : onClose}
      title="Send Invitation Emails"
      centered
      closeOnClickOutside={!running}
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      {masterclass && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="bulk-invite-masterclass">
          The masterclass of {masterclass}
        </Text>
      )}
      {step.name === 'counting' && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Counting the attendees without an invitation…</Text>
        </Group>
      )}
      {step.name === 'count-failed' && (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Error">
            {step.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
      {step.name === 'confirm' &&
        (step.pending === 0 ? (
          <Stack>
            <Text size="sm" data-testid="bulk-invite-message">
              Every confirmed attendee has an invitation already. There is nothing to send.
            </Text>
            <Group justify="flex-end">
              <Button onClick={onClose}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text size="sm" data-testid="bulk-invite-message">
              Send an account invitation to {plural(step.pending, 'confirmed attendee', 'confirmed attendees')} who {step.pending === 1 ? 'has' : 'have'} not been invited yet?
              Each gets an email with their personal link to the portal.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void run(step.pending)}>Send {plural(step.pending, 'invitation', 'invitations')}</Button>
            </Group>
          </Stack>
        ))}
      {(step.name === 'running' || step.name === 'done') && <RunProgress step={step} onClose={onClose} />}
    </Modal>
  );
}

function RunProgress({ step, onClose }: { step: Extract<Step, { name: 'running' | 'done' }>; onClose: () => void }) {
  const percent = step.total === 0 ? 100 : Math.round((step.processed / step.total) * 100);
  if (step.name === 'running') {
    return (
      <Stack gap="sm" aria-live="polite">
        <Text size="sm">
          Sending… {formatCount(step.processed)} of {formatCount(step.total)} done
        </Text>
        <Progress value={percent} animated striped aria-label="Invitations sent" />
        <Text size="xs" c="dimmed">
          Keep this window open until it finishes.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="bulk-invite-summary" aria-live="polite">
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={22} color={step.failed > 0 || step.error ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-teal-7)'} />
        <Text fw={700}>
          {plural(step.sent, 'invitation', 'invitations')} sent, {formatCount(step.failed)} failed
        </Text>
      </Group>
      {step.skipped > 0 && (
        <Text size="sm" c="dimmed">
          {plural(step.skipped, 'attendee was', 'attendees were')} invited meanwhile or no longer confirmed, and skipped.
        </Text>
      )}
      {step.failures.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Not delivered">
          <Text size="sm" mb="xs">
            These stay queued and are retried automatically; running this again also retries them.
          </Text>
          <List size="sm" spacing={4}>
            {step.failures.map((failure) => (
              <List.Item key={failure.attendeeId} style={{ overflowWrap: 'anywhere' }}>
                {failure.email}
                {failure.error ? ` — ${failure.error}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {step.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Stopped">
          {step.error} {formatCount(step.remaining)} {step.remaining === 1 ? 'attendee was' : 'attendees were'} not processed; run it again to continue.
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
