// "Waitlist first" for the chosen (published) masterclass: how many people on
// the waitlist of an earlier masterclass would get its early-access email,
// how many got it, and its priority window. 'Send early access to the
// waitlist' asks first with the number of people, then sends batch by batch
// with a progress bar (sent so far / total) and ends with a summary. The
// server sends each address one email once, only with marketing consent and
// never to an unsubscribed address; running it again sends only to people
// who joined a waitlist since.
import { useState } from 'react';
import { Alert, Button, Card, Group, List, Loader, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailFast } from '@tabler/icons-react';
import { formatZonedInstant } from '@/lib/eventWhen';
import { type AdminEventRow, saveFailure } from './eventAdminApi';
import { useEventCardData } from './useEventCardData';
import { type EarlyAccessWindow, fetchEarlyAccess, sendEarlyAccessBatch } from './earlyAccessApi';
import { type EarlyAccessProgress, addBatch, emails, people, percentDone, startProgress } from './earlyAccessProgress';
import { LoadErrorAlert } from './LoadErrorAlert';

const BATCH_SIZE = 50;

type Run =
  | { name: 'idle' }
  | { name: 'confirm'; pending: number }
  | { name: 'running' | 'done'; progress: EarlyAccessProgress; error?: string };

function WindowLine({ window, timezone, hours }: { window: EarlyAccessWindow | null; timezone: string; hours: number }) {
  if (!window) {
    return (
      <Text size="sm">
        No early access sent yet. The first send opens a priority window of {hours} hours; public sales open when it ends.
      </Text>
    );
  }
  const end = formatZonedInstant(window.ends_at, timezone);
  return (
    <Text size="sm" data-testid="early-access-window">
      {window.state === 'open'
        ? `Priority window open until ${end}: only early-access links register seats until then. Public sales open at ${end}.`
        : `The priority window ended on ${end}; public sales are open.`}
    </Text>
  );
}

export function EarlyAccessCard({ event }: { event: AdminEventRow }) {
  const { data: status, setData: setStatus, loadError, setLoadError, load, mounted } = useEventCardData(event.id, fetchEarlyAccess);
  const [run, setRun] = useState<Run>({ name: 'idle' });

  const ask = () => {
    fetchEarlyAccess(event.id).then(
      (loaded) => {
        setStatus(loaded);
        setRun({ name: 'confirm', pending: loaded.pending });
      },
      (error: unknown) => setLoadError(saveFailure(error).message),
    );
  };

  async function send(total: number) {
    let progress = startProgress(total);
    setRun({ name: 'running', progress });
    let error: string | undefined;
    for (;;) {
      try {
        progress = addBatch(progress, await sendEarlyAccessBatch(event.id, BATCH_SIZE));
      } catch (caught) {
        error = saveFailure(caught).message;
        break;
      }
      if (progress.remaining === 0 || !mounted.current) break;
      setRun({ name: 'running', progress });
    }
    if (!mounted.current) return;
    setRun({ name: 'done', progress, error });
    load();
  }

  const running = run.name === 'running';
  const close = () => setRun({ name: 'idle' });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="early-access-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" c="navy.9" id="early-access-title">
            Early access for the waitlist
          </Title>
          <Text size="sm" c="dimmed">
            Everyone on the waitlist of an earlier masterclass who agreed to hear about future events gets one email with a personal
            link to register for this one before public sales open. Each address gets it once, and never after unsubscribing.
          </Text>
        </div>
        {loadError ? <LoadErrorAlert title="Early access could not be loaded" message={loadError} onRetry={load} /> : null}
        {!status && !loadError ? <Loader size="sm" aria-label="Loading early access" /> : null}
        {status ? (
          <>
            <WindowLine window={status.window} timezone={event.timezone} hours={status.hours} />
            <Text size="sm" data-testid="early-access-counts">
              Sent so far: {emails(status.sent)}. Waiting for it: {people(status.pending)}.
            </Text>
            {status.blocked ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                {status.blocked}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                leftSection={<IconMailFast size={18} />}
                color="navy"
                variant="light"
                disabled={!!status.blocked || status.pending === 0}
                onClick={ask}
              >
                Send early access to the waitlist
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>

      <Modal
        opened={run.name !== 'idle'}
        onClose={running ? () => {} : close}
        title="Send early access to the waitlist"
        centered
        closeOnClickOutside={!running}
        closeOnEscape={!running}
        withCloseButton={!running}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {run.name === 'confirm' &&
          (run.pending === 0 ? (
            <Stack>
              <Text size="sm" data-testid="early-access-confirm">
                Everyone on the waitlist who can get it has it already. There is nothing to send.
              </Text>
              <Group justify="flex-end">
                <Button onClick={close}>Close</Button>
              </Group>
            </Stack>
          ) : (
            <Stack>
              <Text size="sm" data-testid="early-access-confirm">
                {people(run.pending)} will get the early-access email for {event.title}.
                {status?.window
                  ? ` Their link works until the priority window ends (${formatZonedInstant(status.window.ends_at, event.timezone)}).`
                  : ` The priority window of ${status?.hours ?? 48} hours starts now; public paid and promo registrations are refused until it ends.`}
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={() => void send(run.pending)}>Send to {people(run.pending)}</Button>
              </Group>
            </Stack>
          ))}
        {run.name === 'running' ? (
          <Stack gap="sm" aria-live="polite">
            <Text size="sm" data-testid="early-access-progress">
              Sending… {run.progress.sent} of {run.progress.total} sent
            </Text>
            <Progress value={percentDone(run.progress)} animated striped aria-label="Early-access emails sent" />
            <Text size="xs" c="dimmed">
              Keep this window open until it finishes.
            </Text>
          </Stack>
        ) : null}
        {run.name === 'done' ? (
          <Stack gap="sm" data-testid="early-access-summary" aria-live="polite">
            <Group gap="xs" wrap="nowrap">
              <IconCircleCheck
                size={22}
                color={run.progress.failed > 0 || run.error ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-teal-7)'}
              />
              <Text fw={700}>
                {emails(run.progress.sent)} sent of {run.progress.total}, {run.progress.failed} failed
              </Text>
            </Group>
            {run.progress.skipped > 0 ? (
              <Text size="sm" c="dimmed">
                {people(run.progress.skipped)} got it meanwhile or unsubscribed, and {run.progress.skipped === 1 ? 'was' : 'were'} skipped.
              </Text>
            ) : null}
            {run.progress.failures.length > 0 ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Not delivered yet">
                <Text size="sm" mb="xs">
                  These stay queued and are retried automatically.
                </Text>
                <List size="sm" spacing={4}>
                  {run.progress.failures.map((failure) => (
                    <List.Item key={failure.email} style={{ overflowWrap: 'anywhere' }}>
                      {failure.email}
                      {failure.error ? ` — ${failure.error}` : ''}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {run.error ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Stopped">
                {run.error} {people(run.progress.remaining)} did not get it yet; send again to continue.
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={close}>Close</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
