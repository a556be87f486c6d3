// The door for door staff (/door/$pass): a door pass (a link and a PIN an
// administrator made for one masterclass, pb_hooks/lib/checkin/passes.js)
// opens Door Check-in for that masterclass and nothing else. First the PIN;
// then the same door as the admin area's (DoorScreen) without the admin
// navigation or the masterclass choice, synced by the same engine for the
// pass (src/sync/doorPassSession.ts). The pass's session is never a user's:
// the portal, the admin area and the public pages see no one signed in.
import { useEffect, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Alert, Anchor, Button, Container, Group, Modal, Paper, PinInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDoorExit, IconSparkles } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ClientResponseError } from 'pocketbase';
import responsive from '@/components/responsive.module.css';
import { db } from '@/db';
import { formatEventWhen } from '@/lib/eventWhen';
import { pb } from '@/lib/pocketbase';
import { currentDoorPass, currentUser, type DoorPassRecord } from '@/lib/session';
import { leaveDoor, signInWithDoorPass, startSync } from '@/sync';
import { DoorScreen } from './CheckInPage';
import { passSessionEnded } from './doorApi';
import { DoorSyncLine, FALLBACK_ZONE, doorSyncState } from './DoorSyncLine';
import type { Door } from './useDoor';

const NOTHING_OF_THE_PORTAL = [] as const;

let cached: { key: string; pass: DoorPassRecord | null } = { key: '', pass: null };
function passSnapshot(): DoorPassRecord | null {
  const pass = currentDoorPass();
  const key = pass ? `${pass.id}|${pass.event}|${pass.label}` : '';
  if (key !== cached.key) cached = { key, pass };
  return cached.pass;
}
const subscribe = (onChange: () => void) => pb.authStore.onChange(onChange);

function useDoorPass(): DoorPassRecord | null {
  return useSyncExternalStore(subscribe, passSnapshot, () => null);
}

/** The sync engine for the pass: its masterclass's door only (see src/sync/pullDoor.ts, pushCheckIns.ts). */
function useDoorPassSync(pass: DoorPassRecord): void {
  useEffect(() => {
    const stop = startSync({ pb, db, userId: pass.id, administrator: false, doorPass: { id: pass.id, event: pass.event }, collections: NOTHING_OF_THE_PORTAL });
    return () => {
      void stop();
    };
  }, [pass.id, pass.event]);
}

function refusalText(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'No connection: connect to the internet to open the door with the PIN the first time.';
    const message = (error.response as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message && error.status < 500) return message;
  }
  return 'The door could not be opened just now. Please try again in a moment.';
}

function Header() {
  return (
    <Group gap={8} wrap="nowrap" py="sm">
      <ThemeIcon color="amber" c="navy.9" radius="md" size={32} aria-hidden>
        <IconSparkles size={20} />
      </ThemeIcon>
      <Text fw={800} c="navy.9">AI Champions · Door staff</Text>
    </Group>
  );
}

function PinForm({ passId, notice }: { passId: string; notice: string | null }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!/^[0-9]{6}$/.test(pin)) return setError('Enter the 6-digit PIN.');
    setBusy(true);
    setError(null);
    try {
      await signInWithDoorPass(passId, pin);
    } catch (failure) {
      setError(refusalText(failure));
      setPin('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" className={responsive.paddingMdXl} maw={480} mx="auto" mt="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} className={responsive.fontSize26to30}>Door Check-in</Title>
          <Text>Enter the 6-digit PIN the organiser gave you with this link to check people in at the door of their masterclass.</Text>
          {notice && <Alert color="blue">{notice}</Alert>}
          <Stack gap={6}>
            {/* The label goes to the first digit's box (the group of six is named by it too). */}
            <Text component="label" htmlFor="door-pin-1" fw={600} size="sm" id="door-pin-label">PIN</Text>
            <PinInput
              id="door-pin"
              aria-labelledby="door-pin-label"
              length={6}
              type="number"
              // Text boxes with a number keyboard: a one-time code may be offered on a text box, not on a telephone one.
              inputType="text"
              inputMode="numeric"
              oneTimeCode
              value={pin}
              onChange={(value) => {
                setPin(value);
                // Cleared after a refusal: the message stays until the next digit.
                if (value) setError(null);
              }}
              error={!!error}
              aria-label="PIN"
              getInputProps={(index) => ({ 'aria-label': `PIN digit ${index + 1} of 6` })}
              disabled={busy}
            />
          </Stack>
          {error && <Alert color="red" role="alert" data-door-error>{error}</Alert>}
          <Button type="submit" loading={busy} size="md">Open the door</Button>
          <Text size="xs" c="dimmed">This link opens only the door check-in of one masterclass. Organisers sign in at <Anchor href="/auth" underline="always">Sign In</Anchor>.</Text>
        </Stack>
      </form>
    </Paper>
  );
}

/** What waits on the device, said once for the alerts below. */
function waitingText(pending: number, sentWhen: string): string {
  if (pending === 0) return '';
  return ` ${pending} check-in${pending === 1 ? '' : 's'} made here wait${pending === 1 ? 's' : ''} on this device: ${pending === 1 ? 'it is' : 'they are'} kept, and sent when ${sentWhen}.`;
}

/**
 * Once the engine stops for a sign-in: whether the pass's session ended (its
 * three days, or its masterclass's door closed), in the server's words; null
 * while asking or when it did not end (revoked, or a new PIN).
 */
function useEndedSession(paused: boolean): { asked: boolean; message: string | null } {
  const [answer, setAnswer] = useState<{ asked: boolean; message: string | null }>({ asked: false, message: null });
  useEffect(() => {
    if (!paused) return;
    const controller = new AbortController();
    void passSessionEnded(controller.signal).then((message) => {
      if (!controller.signal.aborted) setAnswer({ asked: true, message });
    });
    return () => controller.abort();
  }, [paused]);
  return paused ? answer : { asked: false, message: null };
}

function PassSyncLine({ door }: { door: Door }) {
  const { sync, pending, roster } = door;
  const ended = useEndedSession(sync.paused === 'signin');
  if (sync.paused === 'signin' && ended.message) {
    return (
      <Alert color="red" role="alert" title="This door pass has ended" data-sync-line data-pass-ended>
        {ended.message}
        {waitingText(pending, 'an administrator (or this door pass, while it works) signs in on it')}
        {pending > 0 ? ' Choose Leave this door: what waits here stays.' : ' Choose Leave this door.'}
      </Alert>
    );
  }
  if (sync.paused === 'signin' && !ended.asked) {
    return <Alert color="gray" role="status" data-sync-line>Check-ins are not being sent from this door pass. Checking why…</Alert>;
  }
  if (sync.paused === 'signin') {
    return (
      <Alert color="red" role="alert" title="This door pass no longer works" data-sync-line>
        The organiser revoked this door pass or gave it a new PIN, so check-ins are no longer sent from it.
        {pending > 0 ? ` ${pending} check-in${pending === 1 ? '' : 's'} made here wait${pending === 1 ? 's' : ''} on this device: ${pending === 1 ? 'it is' : 'they are'} sent when an administrator (or this pass with its new PIN) signs in on it.` : ''}
        {' '}Choose Leave this door, then enter a new PIN if you were given one.
      </Alert>
    );
  }
  const { line, color } = doorSyncState(door, roster?.timezone ?? FALLBACK_ZONE);
  return <DoorSyncLine door={door} line={line} color={color} />;
}

function PassDoor({ pass, onLeft }: { pass: DoorPassRecord; onLeft: (kept: boolean) => void }) {
  useDoorPassSync(pass);
  const roster = useLiveQuery(() => db.doorRosters.get(pass.event), [pass.event]);
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const titles = useMemo(() => new Map(roster ? [[roster.event, `${roster.title} on ${formatEventWhen(roster).split(',')[0]}`]] : []), [roster]);
  const leave = async () => {
    setBusy(true);
    try {
      onLeft((await leaveDoor()).keptCheckIns);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title="Leave this door?" centered>
        <Stack gap="md">
          <Text>This device stops checking people in with the door pass “{pass.label}”. To come back, open the link again and enter the PIN.</Text>
          <Text size="sm" c="dimmed">Check-ins not sent yet stay on this device and are sent when this door pass or an administrator signs in on it again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLeaving(false)}>Stay</Button>
            <Button color="red" loading={busy} onClick={() => void leave()}>Leave this door</Button>
          </Group>
        </Stack>
      </Modal>
      <DoorScreen
        eventId={pass.event}
        actorId={pass.id}
        titles={titles}
        timeZone={roster?.timezone ?? FALLBACK_ZONE}
        subtitle={(
          <Group gap="xs" wrap="wrap">
            <Text size="sm" data-door-masterclass>
              {roster ? <><strong>{roster.title}</strong> · {formatEventWhen(roster).split(',')[0]}</> : 'Loading the masterclass…'} · door pass “{pass.label}”
            </Text>
            <Button size="compact-sm" variant="light" color="red" leftSection={<IconDoorExit size={14} />} onClick={() => setLeaving(true)}>
              Leave this door
            </Button>
          </Group>
        )}
        syncLine={(door) => <PassSyncLine door={door} />}
      />
    </>
  );
}

export function DoorPassPage({ passId }: { passId: string }) {
  const pass = useDoorPass();
  const user = currentUser();
  const [notice, setNotice] = useState<string | null>(null);
  let body;
  if (user) {
    body = (
      <Paper withBorder radius="md" className={responsive.paddingMdXl} maw={520} mx="auto" mt="lg">
        <Stack gap="sm">
          <Title order={1} className={responsive.fontSize26to30}>Door Check-in</Title>
          <Text>This device is signed in to an account{user.full_name ? ` (${user.full_name})` : ''}. A door pass is for door staff without an account.</Text>
          <Text>
            {user.role === 'administrator'
              ? <>Administrators check people in from <Anchor href="/admin/check-in" underline="always">Door Check-in in the admin area</Anchor>.</>
              : <>Sign out first (from the <Anchor href="/dashboard" underline="always">portal</Anchor>’s menu), then open this link again.</>}
          </Text>
        </Stack>
      </Paper>
    );
  } else if (pass && pass.id === passId) {
    body = <PassDoor pass={pass} onLeft={(kept) => setNotice(kept ? 'You left the door. Check-ins not sent yet stay on this device for the next door pass or administrator who signs in here.' : 'You left the door.')} />;
  } else {
    body = <PinForm passId={passId} notice={notice} />;
  }
  return (
    <Container size="xl" className={responsive.paddingInlineSmLg} pb="xl">
      <Header />
      <main>{body}</main>
    </Container>
  );
}
