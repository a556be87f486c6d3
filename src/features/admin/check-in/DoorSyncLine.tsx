// The line under the door's controls saying whether check-ins are sent, and
// how many attendees' list this device keeps: the same states for the admin
// area's door (CheckInPage) and a door pass's (DoorPassPage). Each adds its
// own answer when the session must sign in again.
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { doorTime } from './decisionText';
import type { Door } from './useDoor';

/** The door's masterclass's time zone when its list is not on this device yet. */
export const FALLBACK_ZONE = 'Australia/Adelaide';

/** ' · 2 check-ins waiting to sync', or '' when none wait. */
export function waitingText(pending: number): string {
  return pending > 0 ? ` · ${pending} check-in${pending === 1 ? '' : 's'} waiting to sync` : '';
}

/** The sync's state in words and their colour (offline, server not answering, sending, synced). */
export function doorSyncState({ sync, pending }: Door, zone: string): { line: string; color: string } {
  const waiting = waitingText(pending);
  if (!sync.online) return { line: `Offline · check-ins are saved on this device${waiting}`, color: 'var(--mantine-color-orange-light-color)' };
  if (sync.unreachable) return { line: `Server not answering · retrying${waiting}`, color: 'var(--mantine-color-orange-light-color)' };
  if (sync.syncing && pending > 0) return { line: `Online · sending ${pending} check-in${pending === 1 ? '' : 's'}…`, color: 'dimmed' };
  if (sync.syncing && !sync.lastSyncedAt) return { line: 'Syncing…', color: 'dimmed' };
  return { line: sync.lastSyncedAt ? `Online · synced ${doorTime(sync.lastSyncedAt, zone)}${waiting}` : `Online${waiting}`, color: 'dimmed' };
}

export interface DoorSyncLineProps {
  door: Door;
  line: string;
  color: string;
  /** After the line (a Sign in link). */
  action?: ReactNode;
  /** After the list's size (when it was updated). */
  listUpdated?: string;
}

/** The sync line and, once the masterclass's list is here, its size. */
export function DoorSyncLine({ door, line, color, action, listUpdated }: DoorSyncLineProps) {
  return (
    <Stack gap={2}>
      <Text size="sm" c={color} data-sync-line>
        {line}
        {action}
      </Text>
      {door.roster && (
        <Text size="xs" c="dimmed" data-list-line>
          List of {door.attendees.length} attendee{door.attendees.length === 1 ? '' : 's'} kept on this device
          {listUpdated}
        </Text>
      )}
    </Stack>
  );
}
