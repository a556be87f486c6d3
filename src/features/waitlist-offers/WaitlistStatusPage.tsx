// /waitlist-status?attendee=…&token=…: the status link of the waitlist
// confirmation email. The person sees their place in the queue for the
// masterclass (1 = next) and any seat offer: held until when, claimed,
// declined or expired; and whether their email address is confirmed (seats
// are offered only to confirmed addresses). The email's confirmation link
// opens this page with `&confirmToken=…`: its button confirms the address
// (opening the link alone confirms nothing, since mail scanners open links).
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarEvent, IconCircleCheck, IconMailCheck, IconMapPin, IconRefresh } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { formatEventWhen, formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { statusCopy } from './statusCopy';
import { confirmWaitlistEntry, fetchWaitlistStatus, type WaitlistStatus } from './waitlistStatusApi';
import responsive from '@/components/responsive.module.css';

type Load = { status: 'loading' } | { status: 'ready'; data: WaitlistStatus } | { status: 'failed'; message: string; retry: boolean };

const INVALID_LINK = 'This waitlist status link is not valid. Please open the link in your waitlist email exactly as it was sent.';

export function WaitlistStatusPage({ attendee, token, confirmToken }: { attendee?: string; token?: string; confirmToken?: string }) {
  const [load, setLoad] = useState<Load>(() => (attendee && token ? { status: 'loading' } : { status: 'failed', message: INVALID_LINK, retry: false }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!attendee || !token) return undefined;
    let current = true;
    fetchWaitlistStatus(attendee, token).then(
      (data) => {
        if (current) setLoad({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!current) return;
        const answered = error instanceof ClientResponseError && error.status > 0;
        setLoad({
          status: 'failed',
          retry: !answered,
          message: answered ? String(error.response?.message || INVALID_LINK) : 'We could not load your place on the waitlist. Please check your connection and try again.',
        });
      },
    );
    return () => {
      current = false;
    };
  }, [attendee, token, attempt]);

  return (
    <Container size="sm" className={responsive.paddingBlockXl48}>
      <Title order={1} c="navy.9" mb="xs">
        Your place on the waitlist
      </Title>
      {load.status === 'loading' ? (
        <Center py="xl" role="status" aria-label="Loading your place on the waitlist">
          <Loader color="navy" />
        </Center>
      ) : null}
      {load.status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="We couldn't show your place" mt="lg" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{load.message}</Text>
            {load.retry ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={16} />}
                onClick={() => {
                  setLoad({ status: 'loading' });
                  setAttempt((value) => value + 1);
                }}
              >
                Try again
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {load.status === 'ready' ? (
        <StatusCard
          data={load.data}
          confirm={attendee && confirmToken ? () => confirmWaitlistEntry(attendee, confirmToken) : undefined}
          onConfirmed={() => setAttempt((value) => value + 1)}
        />
      ) : null}
    </Container>
  );
}

type Confirming = { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string };

/** Whether the address is confirmed and, for an unconfirmed one, the button of the confirmation link. */
function ConfirmPanel({ data, confirm, onConfirmed }: { data: WaitlistStatus; confirm?: () => Promise<unknown>; onConfirmed: () => void }) {
  const [confirming, setConfirming] = useState<Confirming>({ status: 'idle' });
  if (data.person.emailConfirmed) {
    return (
      <Group gap={8} wrap="nowrap" data-testid="waitlist-email-confirmed">
        <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">
          {confirming.status === 'done' ? 'Thank you: your email address is confirmed.' : 'Your email address is confirmed.'}
        </Text>
      </Group>
    );
  }
  if (data.state !== 'unconfirmed') return null;
  const submit = async () => {
    if (!confirm) return;
    setConfirming({ status: 'busy' });
    try {
      await confirm();
      setConfirming({ status: 'done' });
      onConfirmed();
    } catch (error) {
      const answered = error instanceof ClientResponseError && error.status > 0;
      setConfirming({
        status: 'failed',
        message: answered ? String(error.response?.message || 'We could not confirm your email address.') : 'We could not reach the server. Please check your connection and try again.',
      });
    }
  };
  return (
    <Paper withBorder radius="md" className={responsive.paddingMdLg} data-testid="waitlist-confirm">
      <Stack gap="sm" align="flex-start">
        <Group gap={8} wrap="nowrap">
          <IconMailCheck size={22} color="var(--mantine-color-navy-9)" aria-hidden />
          <Title order={2} size="h4" c="navy.9">
            Confirm your email address
          </Title>
        </Group>
        {confirm ? (
          <>
            <Text size="sm">Press the button to confirm that this email address is yours. Then, when a seat frees up and it is your turn, we offer it to you.</Text>
            <Button color="navy" onClick={() => void submit()} loading={confirming.status === 'busy'}>
              Confirm my email address
            </Button>
          </>
        ) : (
          <Text size="sm">Use the Confirm My Email Address button in the email we sent you when you joined the waitlist.</Text>
        )}
        {confirming.status === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your address is not confirmed" role="alert" w="100%">
            {confirming.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function StatusCard({ data, confirm, onConfirmed }: { data: WaitlistStatus; confirm?: () => Promise<unknown>; onConfirmed: () => void }) {
  const copy = statusCopy(data);
  const since = formatWeekdayDate(parsePocketBaseDate(data.person.waitingSince), data.event.timezone);
  const showPosition = (data.state === 'waiting' || data.state === 'paused' || data.state === 'on_sale') && data.position !== null;
  return (
    <Stack gap="lg" mt="md">
      <Text c="dimmed">
        Hi {data.person.fullName}, here is where you stand for the {data.event.title}.
      </Text>
      <ConfirmPanel data={data} confirm={confirm} onConfirmed={onConfirmed} />
      <Paper withBorder radius="md" className={responsive.paddingMdXl} data-testid="waitlist-status">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          {showPosition ? (
            <ThemeIcon size={72} radius={72} color={copy.tone} variant="light" aria-hidden>
              <Text fw={800} fz={30} lh={1}>
                {data.position}
              </Text>
            </ThemeIcon>
          ) : null}
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Badge color={copy.tone} variant="light" tt="none" size="lg">
              {copy.badge}
            </Badge>
            <Title order={2} size="h3" c="navy.9">
              {copy.title}
            </Title>
            <Text>{copy.text}</Text>
            <Text size="sm" c="dimmed">
              On the waitlist since {since}
              {showPosition ? ` · ${data.waitingCount} ${data.waitingCount === 1 ? 'person' : 'people'} waiting` : ''}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Stack gap={6}>
          <Text fw={700} c="navy.9">
            {data.event.title}
          </Text>
          <Group gap={8} wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm">{formatEventWhen(data.event)}</Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">{[data.event.venue, data.event.location].filter(Boolean).join(', ')}</Text>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
