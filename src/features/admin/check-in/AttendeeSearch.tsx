// Find an attendee by name, email or company (on the device) and check them
// in with the row's button: for a forgotten or unreadable ticket.
import { useDeferredValue, useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DoorAttendeeRow } from '@/db';
import { admittingCheckIn, type DoorView } from './decideScan';
import { doorTime, type TextContext } from './decisionText';
import { searchEntries, searchRoster } from './searchRoster';

const STATUS: Record<string, { label: string; color: string }> = {
  confirmed: { label: 'Confirmed', color: 'teal' },
  confirmed_observer: { label: 'Observer', color: 'blue' },
  waitlisted: { label: 'Waitlisted', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

export function AttendeeSearch({ attendees, view, context, onCheckIn }: {
  attendees: readonly DoorAttendeeRow[];
  view: DoorView;
  context: TextContext;
  onCheckIn: (attendeeId: string) => void;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => searchEntries(attendees), [attendees]);
  const results = useMemo(() => searchRoster(entries, deferred), [entries, deferred]);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <TextInput
          label="Search by name"
          description="Name, email or company"
          placeholder="Start typing a name"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoComplete="off"
        />
        {deferred.trim().length >= 2 && results.length === 0 && <Text size="sm" c="dimmed">No attendee of this masterclass matches “{deferred.trim()}”.</Text>}
        <Stack gap={6} role="list" aria-label="Search results">
          {results.map((attendee) => {
            const checkIn = admittingCheckIn(view, attendee.id);
            const status = STATUS[attendee.registration_status] ?? { label: attendee.registration_status, color: 'gray' };
            return (
              <Paper key={attendee.id} withBorder radius="sm" p="xs" role="listitem" aria-label={attendee.full_name}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>{attendee.full_name}</Text>
                    <Text size="xs" c="dimmed" truncate>{[attendee.company, attendee.email].filter(Boolean).join(' · ')}</Text>
                    <Group gap={6} mt={2}>
                      <Badge size="xs" color={status.color} variant="light" tt="none">{status.label}</Badge>
                      {checkIn && <Text size="xs" c="teal.9">In at {doorTime(checkIn.scanned_at, context.timeZone, context.today)} · {checkIn.device_name}</Text>}
                    </Group>
                  </Stack>
                  <Button size="sm" style={{ flexShrink: 0 }} variant={checkIn ? 'default' : 'filled'} onClick={() => onCheckIn(attendee.id)} aria-label={`Check in ${attendee.full_name}`}>
                    Check in
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
