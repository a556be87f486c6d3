// Beside the scanner: the conflicts (one attendee checked in on two devices,
// every check-in shown, none merged; Undo the mistaken one) and the latest
// check-ins of the masterclass from every device, each with its state.
import { useMemo } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { CheckInRow } from '@/db';
import { settleConflicts } from './conflictRule';
import type { DoorView } from './decideScan';
import { doorTime, type TextContext } from './decisionText';
import { clockNote } from './checkInNotes';

const LATEST = 8;

function UndoButton({ checkIn, name, onUndo }: { checkIn: CheckInRow; name: string; onUndo: (checkIn: CheckInRow) => void }) {
  if (checkIn.undone_at || checkIn.refused) return null;
  return (
    <Tooltip label="Undo check-in">
      <ActionIcon variant="subtle" color="gray" onClick={() => onUndo(checkIn)} aria-label={`Undo check-in of ${name} by ${checkIn.device_name}`}>
        <IconArrowBackUp size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

export function ConflictList({ view, context, onUndo }: { view: DoorView; context: TextContext; onUndo: (checkIn: CheckInRow) => void }) {
  const conflicts = useMemo(() => {
    const found: { name: string; attendee: string; winner: CheckInRow; others: CheckInRow[] }[] = [];
    for (const [attendee, rows] of view.checkInsByAttendee) {
      const settled = settleConflicts(rows);
      if (settled.winner && settled.conflicts.length > 0) {
        found.push({ name: view.byId.get(attendee)?.full_name ?? 'Unknown attendee', attendee, winner: settled.winner, others: settled.conflicts });
      }
    }
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }, [view]);
  if (conflicts.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-orange-6)' }} role="region" aria-label="Conflicts">
      <Stack gap="sm">
        <Text fw={700} c="orange.9">Conflicts ({conflicts.length})</Text>
        <Text size="sm">These attendees were checked in on two devices: the same ticket was scanned twice. The first scan counts; undo the one that was a mistake, or find out who came in on a copied ticket.</Text>
        {conflicts.map(({ name, attendee, winner, others }) => (
          <Stack key={attendee} gap={4} data-conflict={attendee}>
            <Text fw={600}>{name}</Text>
            {[winner, ...others].map((checkIn, index) => (
              <Group key={checkIn.id} justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm">
                    {index === 0 ? 'First: scanned' : 'Also scanned'} at {doorTime(checkIn.scanned_at, context.timeZone, context.today)} by {checkIn.device_name}
                  </Text>
                  {clockNote(checkIn, context.timeZone, context.today) && <Text size="xs" c="dimmed">{clockNote(checkIn, context.timeZone, context.today)}</Text>}
                </Stack>
                <UndoButton checkIn={checkIn} name={name} onUndo={onUndo} />
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

export function LatestCheckIns({ checkIns, view, context, onUndo }: {
  checkIns: readonly CheckInRow[];
  view: DoorView;
  context: TextContext;
  onUndo: (checkIn: CheckInRow) => void;
}) {
  const latest = useMemo(
    () => [...checkIns].sort((a, b) => (a.scanned_at < b.scanned_at ? 1 : a.scanned_at > b.scanned_at ? -1 : 0)).slice(0, LATEST),
    [checkIns],
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={700}>Latest check-ins</Text>
        {latest.length === 0 && <Text size="sm" c="dimmed">Nobody has been checked in yet.</Text>}
        <Stack gap={6} role="list" aria-label="Latest check-ins">
          {latest.map((checkIn) => {
            // A check-in kept from before a sign-out, shown before this door's list is back on the device.
            const name = view.byId.get(checkIn.attendee)?.full_name ?? (view.byId.size === 0 ? 'Name shown once the list is loaded' : 'Unknown attendee');
            const conflict = !checkIn.undone_at && !checkIn.refused
              && (view.checkInsByAttendee.get(checkIn.attendee) ?? []).some((other) => other.id !== checkIn.id && !other.undone_at);
            return (
              <Group key={checkIn.id} justify="space-between" wrap="nowrap" gap="xs" role="listitem" aria-label={name}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate td={checkIn.undone_at || checkIn.refused ? 'line-through' : undefined}>{name}</Text>
                  <Text size="xs" c="dimmed">{doorTime(checkIn.scanned_at, context.timeZone, context.today)} · {checkIn.device_name}{checkIn.method === 'search' ? ' · by name' : ''}</Text>
                  <Group gap={4}>
                    {checkIn.pending === 1 && <Badge size="xs" color="gray" variant="light" tt="none">Waiting to sync</Badge>}
                    {conflict && <Badge size="xs" color="orange" variant="filled" tt="none">Conflict</Badge>}
                    {checkIn.undone_at && <Badge size="xs" color="gray" variant="outline" tt="none">Undone</Badge>}
                    {checkIn.refused && <Badge size="xs" color="red" variant="light" tt="none">Refused: {checkIn.refused}</Badge>}
                  </Group>
                </Stack>
                <UndoButton checkIn={checkIn} name={name} onUndo={onUndo} />
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
