// Door check-in (/admin/check-in): pick the masterclass (the featured one by
// default), then scan tickets with the camera or find people by name. Every
// answer comes from this device (the masterclass's list and its check-ins are
// kept in IndexedDB), so the door works the same with or without a
// connection; it is decided from IndexedDB in the transaction that stores the
// check-in (checkInAtDoor.ts), never from what the page last drew. Check-ins and undos wait in the app's outbox and the sync engine
// sends them when the device is online, whichever administrator is signed in
// then; the other door devices' check-ins come back, conflicts included.
// On a phone the search comes first, ready to type in, with the camera a tap
// away; each answer fills most of the screen just under the header, is read
// out, and the search is emptied for the next guest. From md up the search
// and the camera stand side by side under the answer.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type CheckInRow, type DoorRosterRow } from '@/db';
import responsive from '@/components/responsive.module.css';
import { formatEventWhen } from '@/lib/eventWhen';
import { ticketPayload, typedTicketCode } from '@/lib/ticket';
import { currentUser, useSession } from '@/lib/session';
import { MasterclassSelect, useMasterclasses } from '../MasterclassSelect';
import { AttendeeSearch } from './AttendeeSearch';
import { CameraScanner } from './CameraScanner';
import { ConflictList, LatestCheckIns } from './CheckInLists';
import { checkInAtDoor, type DoorEntry } from './checkInAtDoor';
import type { DoorView } from './decideScan';
import { doorTime, type TextContext } from './decisionText';
import { DeviceNameDialog } from './DeviceNameDialog';
import { DoorPassesCard } from './DoorPassesCard';
import classes from './door.module.css';
import { DoorSyncLine, FALLBACK_ZONE, doorSyncState, waitingText } from './DoorSyncLine';
import { useDeviceName } from './deviceName';
import { undoCheckIn } from './doorStore';
import { ResultPanel, type DoorResult } from './ResultPanel';
import { readLastDoorEvent, rememberLastDoorEvent } from './lastDoorEvent';
import { useDoor, type Door } from './useDoor';

/** The camera sees a ticket for as long as it is held up: the same code within this time is read once. */
const REPEAT_MS = 4000;

const rosterLabel = (roster: DoorRosterRow) => `${formatEventWhen(roster).split(',')[0] ?? roster.starts_at} — ${roster.title}`;

/** The masterclass the door works on: the address's, else the featured one, else (offline) the last one used here. */
function useDoorEvent(requested: string | undefined) {
  const masterclasses = useMasterclasses();
  const stored = useLiveQuery(() => db.doorRosters.toArray(), [], [] as DoorRosterRow[]);
  const settled = masterclasses.events !== null || masterclasses.error !== null;
  let eventId: string | null = requested ?? null;
  if (!eventId && settled) {
    const last = readLastDoorEvent();
    const known = (id: string | null) => id && (masterclasses.events?.some((row) => row.id === id) || stored.some((row) => row.event === id));
    eventId = masterclasses.featuredId ?? (known(last) ? last : null) ?? stored[0]?.event ?? masterclasses.events?.[0]?.id ?? null;
  }
  useEffect(() => {
    if (eventId) rememberLastDoorEvent(eventId);
  }, [eventId]);
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const row of stored) map.set(row.event, `${row.title} on ${formatEventWhen(row).split(',')[0]}`);
    for (const row of masterclasses.events ?? []) map.set(row.id, `${row.title} on ${formatEventWhen(row).split(',')[0]}`);
    return map;
  }, [stored, masterclasses.events]);
  const timeZone = stored.find((row) => row.event === eventId)?.timezone
    ?? masterclasses.events?.find((row) => row.id === eventId)?.timezone ?? FALLBACK_ZONE;
  return { eventId, masterclasses, stored, titles, timeZone };
}

function SyncLine({ door, eventId }: { door: Door; eventId: string }) {
  const { sync, pending, roster } = door;
  const zone = roster?.timezone ?? FALLBACK_ZONE;
  const signIn = sync.paused === 'signin';
  // Offline comes first: signing in again needs a connection.
  const { line, color } = signIn && sync.online ? { line: `Sign in again to send check-ins${waitingText(pending)}`, color: 'red.8' } : doorSyncState(door, zone);
  return (
    <DoorSyncLine
      door={door}
      line={line}
      color={color}
      action={signIn && <> · <Anchor href={`/auth?redirect=${encodeURIComponent(`/admin/check-in?event=${eventId}`)}`}>Sign in</Anchor></>}
      listUpdated={sync.lastSyncedAt ? `, updated ${doorTime(sync.lastSyncedAt, zone, new Date())}` : ''}
    />
  );
}

/** How long the camera, the lists and the door passes wait for the counts before they are drawn anyway. */
const COUNTS_WAIT_MS = 1_000;

/**
 * False until the frame after the counts are on screen (or COUNTS_WAIT_MS, whichever comes first),
 * then true (a transition: a count or a scan drawn meanwhile goes first). The camera, the lists and
 * the door passes wait for it: drawn with the rest, they held a slowed phone's first drawing of the
 * counts and the search for a third of a second, and their reads waited in the same store queue.
 */
function useAfterCounts(counted: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (after) return undefined;
    const show = () => startTransition(() => setAfter(true));
    if (counted) {
      const frame = requestAnimationFrame(show);
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(show, COUNTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [counted, after]);
  return after;
}

export interface DoorScreenProps {
  /** The masterclass the door works on (null until known). */
  eventId: string | null;
  /** Who checks people in on this device now: the administrator's id, or the door pass's. */
  actorId: string | null;
  titles: Map<string, string>;
  timeZone: string;
  /** Beside Refresh list: the masterclass choice (the admin area) or nothing (a door pass's one masterclass). */
  controls?: ReactNode;
  /** Under the title, beside the device's name: the door pass's masterclass and its Leave this door. */
  subtitle?: ReactNode;
  /** Messages above the sync line. */
  notices?: ReactNode;
  /** The line saying whether check-ins are sent. */
  syncLine: (door: Door) => ReactNode;
  /** Under the lists, drawn with them once the counts show: the door passes (the admin area). */
  footer?: ReactNode;
}

/** The door itself: the device's name, the counts, the scanner, the search and the lists, for one masterclass. */
export function DoorScreen({ eventId, actorId, titles, timeZone, controls, subtitle, notices, syncLine, footer }: DoorScreenProps) {
  const deviceName = useDeviceName();
  const [renaming, setRenaming] = useState(false);
  const door = useDoor(eventId);
  const afterCounts = useAfterCounts(door.counts !== null || door.countsUnreadable);
  // The last answer, for the masterclass it was given at (another masterclass starts with none).
  const [answer, setAnswer] = useState<{ event: string; result: DoorResult } | null>(null);
  const result = answer && answer.event === eventId ? answer.result : null;
  const seq = useRef(0);
  const resultArea = useRef<HTMLDivElement>(null);
  // What the search holds; while a name is being typed, the last answer makes room for the results.
  const [query, setQuery] = useState('');
  const typing = query.trim() !== '';
  const [scanSignal, setScanSignal] = useState(0);
  const [cameraOn, setCameraOn] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const lastRead = useRef<{ text: string; at: number } | null>(null);
  // The list as last drawn: only a hint for finding whom a ticket names (checkInAtDoor reads the rows again).
  const hint = useRef<DoorView>(door.view);
  useEffect(() => {
    hint.current = door.view;
  }, [door.view]);

  // The camera's QR reader is loaded now, while the device is online, so it is there when the connection is not.
  useEffect(() => {
    void import('./qrScanner').then((scanner) => scanner.prepareQrReader()).catch(() => undefined);
  }, []);

  const context: TextContext = useMemo(() => ({ timeZone, today: new Date(), eventTitles: titles }), [timeZone, titles]);
  const checkInsById = useMemo(() => new Map(door.checkIns.map((row) => [row.id, row])), [door.checkIns]);

  // The answer is read from IndexedDB when the entry's turn comes, in the transaction that stores the check-in it admits.
  const settle = useCallback(async (entry: DoorEntry) => {
    if (!eventId) return;
    const { decision, checkIn } = await checkInAtDoor(db, { event: eventId, entry, deviceName, adminId: actorId, at: new Date() }, hint.current);
    seq.current += 1;
    setAnswer({ event: eventId, result: { seq: seq.current, decision, checkInId: checkIn?.id, checkIn } });
  }, [eventId, actorId, deviceName]);

  // Each new answer is brought into view just under the header (the admin area's is sticky).
  const shownSeq = result?.seq ?? 0;
  useEffect(() => {
    if (shownSeq > 0) resultArea.current?.scrollIntoView({ block: 'start' });
  }, [shownSeq]);

  const enqueue = useCallback((work: () => Promise<void>) => {
    queue.current = queue.current.then(work).catch((error: unknown) => console.error('Check-in failed', error));
  }, []);

  const onCode = useCallback((raw: string, method: 'scan') => {
    if (!eventId || !deviceName) return;
    const code = typedTicketCode(raw);
    const text = code ? ticketPayload(eventId, code) : raw;
    const now = Date.now();
    if (lastRead.current && lastRead.current.text === text && now - lastRead.current.at < REPEAT_MS) return;
    lastRead.current = { text, at: now };
    // A ticket is the next guest: a name half typed for the last one goes (the focus stays where the scan came from).
    setQuery('');
    enqueue(() => settle({ kind: method, text }));
  }, [eventId, deviceName, enqueue, settle]);

  const onSearchCheckIn = useCallback((attendeeId: string) => {
    if (!deviceName) return setRenaming(true);
    lastRead.current = null;
    enqueue(() => settle({ kind: 'search', attendeeId }));
  }, [deviceName, enqueue, settle]);

  const onUndo = useCallback((checkIn: CheckInRow) => {
    if (!actorId) return;
    enqueue(async () => {
      await undoCheckIn(db, checkIn.id, { deviceName, adminId: actorId, at: new Date() });
      lastRead.current = null;
      door.requestSync();
    });
  }, [actorId, deviceName, enqueue, door]);

  const noList = eventId !== null && door.loaded && !door.roster;
  return (
    <Stack gap="md">
      <DeviceNameDialog key={`${renaming}-${deviceName}`} opened={!deviceName || renaming} current={deviceName} onClose={deviceName ? () => setRenaming(false) : null} />
      <Stack gap={4}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
          <Title order={1} className={responsive.fontSize26to32}>Door Check-in</Title>
          <Paper withBorder radius="md" px="sm" py={4} role="group" aria-label="Checked in" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed">Checked in</Text>
            {door.counts ? (
              <Text fw={800} fz={24} lh={1.1} data-counts>
                {door.counts.checkedIn} <Text span fz="sm" fw={500} c="dimmed">of {door.counts.expected} expected</Text>
              </Text>
            ) : door.countsUnreadable ? (
              <Text size="sm" fw={600} data-counts-unreadable>Not counted: this device's list could not be read</Text>
            ) : (
              <Loader size="xs" my={8} aria-label="Counting the list on this device" />
            )}
          </Paper>
        </Group>
        {subtitle}
        <Group gap={6}>
          <IconDeviceMobile size={16} aria-hidden />
          <Text size="sm">This device: <strong data-device-name>{deviceName || 'not named yet'}</strong></Text>
          <Anchor component="button" size="sm" onClick={() => setRenaming(true)}>Change</Anchor>
        </Group>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap" className={classes.controls}>
        {controls}
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => door.requestSync(true)} disabled={!door.sync.online || !eventId}>
          Refresh list
        </Button>
      </Group>
      {notices}
      {eventId && syncLine(door)}
      {noList && !door.sync.online && (
        <Alert color="orange" title="This masterclass's list is not on this device">
          Connect to the internet once to download it; after that, check-in works offline.
        </Alert>
      )}
      <ResultPanel ref={resultArea} result={result} view={door.view} checkIns={checkInsById} context={context} onUndo={onUndo} large={!typing && !cameraOn} />
      <Box className={classes.work}>
        <AttendeeSearch
          attendees={door.attendees}
          view={door.view}
          context={context}
          onCheckIn={onSearchCheckIn}
          query={query}
          onQueryChange={setQuery}
          onScan={() => setScanSignal((count) => count + 1)}
        />
        {afterCounts && <CameraScanner onCode={onCode} startSignal={scanSignal} onActiveChange={setCameraOn} />}
      </Box>
      {afterCounts && (
        <Box className={`${responsive.columns7and5FromMd} ${classes.lists}`}>
          <ConflictList view={door.view} context={context} onUndo={onUndo} />
          <LatestCheckIns checkIns={door.checkIns} view={door.view} context={context} onUndo={onUndo} />
        </Box>
      )}
      {afterCounts && footer && <Box mt="sm" className={classes.footer}>{footer}</Box>}
    </Stack>
  );
}

export function CheckInPage({ requestedEvent, onEventChange }: { requestedEvent?: string; onEventChange: (eventId: string) => void }) {
  useSession();
  const user = currentUser();
  const { eventId, masterclasses, stored, titles, timeZone } = useDoorEvent(requestedEvent);

  const selector = masterclasses.events ? (
    <MasterclassSelect
      events={masterclasses.events}
      featuredId={masterclasses.featuredId}
      value={eventId}
      onChange={onEventChange}
      description="The featured masterclass is chosen when the page opens."
      style={{ flex: '1 1 260px' }}
    />
  ) : (
    <Select
      label="Masterclass"
      description="Offline: the masterclasses whose list is on this device."
      data={stored.map((row) => ({ value: row.event, label: rosterLabel(row) }))}
      value={eventId}
      onChange={(chosen) => chosen && onEventChange(chosen)}
      allowDeselect={false}
      style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 560 }}
      placeholder="No list on this device yet"
    />
  );

  return (
    <DoorScreen
      eventId={eventId}
      actorId={user?.id ?? null}
      titles={titles}
      timeZone={timeZone}
      controls={selector}
      notices={masterclasses.error && stored.length === 0 && (
        <Alert color="orange" title="No list on this device">
          This device has no attendee list yet and the server cannot be reached. Connect once to download the masterclass's list; after that, check-in works offline.
        </Alert>
      )}
      syncLine={(door) => eventId && <SyncLine door={door} eventId={eventId} />}
      footer={eventId && masterclasses.events && <DoorPassesCard key={eventId} eventId={eventId} timeZone={timeZone} />}
    />
  );
}
