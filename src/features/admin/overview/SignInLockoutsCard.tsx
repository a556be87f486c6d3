// The overview's Sign-in lock-outs card: the sign-in limits' decisions of the
// last 14 days (security_events: a client locked out of an account, an account
// making unknown devices wait), newest first, so an administrator sees an
// attack on an account, or someone locked out by their own typing.
import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { formatStoredDateTime } from '@/lib/eventWhen';
import { LOCKOUT_DAYS, LOCKOUT_LIMIT, type SecurityEvent } from './overviewApi';
import type { LockoutsState } from './useLockouts';
import { LoadErrorAlert } from './LoadErrorAlert';

/** A stored date in the reader's time ('Thursday 26 November 2026, 9:05 am'), or '—' when none. */
function when(value: string): string {
  return formatStoredDateTime(value, undefined, '—');
}

const KIND: Record<SecurityEvent['kind'], { label: string; color: string; explain: string }> = {
  sign_in_locked: {
    label: 'Locked one device out',
    color: 'red',
    explain: 'This device or address failed too often and may not sign in to the account until',
  },
  sign_in_slowed: {
    label: 'Slowed unknown devices',
    color: 'orange',
    explain: 'Devices that never signed in to the account wait a few seconds between tries until at least',
  },
};

export function SignInLockoutsCard({ state, onReload }: { state: LockoutsState; onReload: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sign-in-lockouts-title">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <IconShieldLock size={26} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0 }} aria-hidden />
        <Title order={2} size="h3" c="navy.9" id="sign-in-lockouts-title">
          Sign-in lock-outs
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Failed sign-ins that locked a device out of an account or made unknown devices wait, in the last {LOCKOUT_DAYS} days
        (the latest {LOCKOUT_LIMIT}). The owner gets back in straight away with a password reset email.
      </Text>
      {state.status === 'error' && <LoadErrorAlert title="Failed to load lock-outs" message={state.message} onRetry={onReload} />}
      {state.events ? (
        <LockoutList events={state.events} />
      ) : state.status === 'loading' ? (
        <Group gap="xs" aria-busy="true" data-testid="lockouts-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading lock-outs…
          </Text>
        </Group>
      ) : null}
    </Card>
  );
}

function LockoutList({ events }: { events: SecurityEvent[] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" data-testid="lockouts-empty">
        No lock-outs in the last {LOCKOUT_DAYS} days.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sign-in lock-outs">
      {events.map((event) => {
        const kind = KIND[event.kind] ?? { label: event.kind, color: 'gray', explain: 'Until' };
        return (
          <li key={event.id} data-testid="lockout-row">
            <Card withBorder radius="sm" padding="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Badge color={kind.color} variant="light" radius="sm" tt="none">
                  {kind.label}
                </Badge>
                <Text size="sm" c="dimmed" data-testid="lockout-when">
                  {when(event.created)}
                </Text>
              </Group>
              <Text fw={700} mt={6} style={{ overflowWrap: 'anywhere' }} data-testid="lockout-account">
                {event.account}
                {event.collection === '_superusers' && (
                  <Text span size="sm" fw={400} c="dimmed">
                    {' '}
                    (dashboard superuser)
                  </Text>
                )}
              </Text>
              <Text size="sm" data-testid="lockout-client">
                From {event.client} · {event.failures} failed {event.failures === 1 ? 'sign-in' : 'sign-ins'}
              </Text>
              <Text size="sm" c="dimmed" data-testid="lockout-until">
                {kind.explain} {when(event.until)}.
              </Text>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
