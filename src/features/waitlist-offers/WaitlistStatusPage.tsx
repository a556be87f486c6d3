// /waitlist-status?attendee=…&token=…: the status link of the waitlist
// confirmation email. The person sees their place in the queue for the
// masterclass (1 = next) and any seat offer: held until when, claimed,
// declined or expired.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarEvent, IconMapPin, IconRefresh } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { formatEventWhen } from '@/lib/eventWhen';
import { formatLongDate } from '@/lib/formatLongDate';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { statusCopy } from './statusCopy';
import { fetchWaitlistStatus, type WaitlistStatus } from './waitlistStatusApi';

type Load = { status: 'loading' } | { status: 'ready'; data: WaitlistStatus } | { status: 'failed'; message: string; retry: boolean };

const INVALID_LINK = 'This waitlist status link is not valid. Please open the link in your waitlist email exactly as it was sent.';

export function WaitlistStatusPage({ attendee, token }: { attendee?: string; token?: string }) {
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
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
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
      {load.status === 'ready' ? <StatusCard data={load.data} /> : null}
    </Container>
  );
}

function StatusCard({ data }: { data: WaitlistStatus }) {
  const copy = statusCopy(data);
  const since = formatLongDate(parsePocketBaseDate(data.person.waitingSince), data.event.timezone);
  const showPosition = (data.state === 'waiting' || data.state === 'paused') && data.position !== null;
  return (
    <Stack gap="lg" mt="md">
      <Text c="dimmed">
        Hi {data.person.fullName}, here is where you stand for the {data.event.title}.
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="waitlist-status">
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
