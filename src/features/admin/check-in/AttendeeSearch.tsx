// Find an attendee by name, email or company (on the device) and check them
// in with the row's button: for a forgotten or unreadable ticket. The field is
// ready when the door opens, and after each check-in it is emptied and ready
// again for the next guest. Each result is a large row (the name large, a
// 50 px button) for a thumb at the door; a cancelled ticket, a seat passed to
// a colleague (naming who holds it now), a waitlisted or unconfirmed one says
// why in the row and offers no Check in at all: nothing can let them in.
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import type { DoorAttendeeRow } from '@/db';
import { admittingCheckIn, seatHolder, type DoorView } from './decideScan';
import { doorTime, passedOnText, type TextContext } from './decisionText';
import { searchEntries, searchRoster } from './searchRoster';

const STATUS: Record<string, { label: string; color: string }> = {
  confirmed: { label: 'Confirmed', color: 'teal' },
  confirmed_observer: { label: 'Observer', color: 'blue' },
  waitlisted: { label: 'Waitlisted', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
  transferred: { label: 'Transferred', color: 'red' },
};

const ADMITTED = new Set(['confirmed', 'confirmed_observer']);

/** Why a row has no Check in: the words under the name ('' for someone who may come in). */
function refusalLine(view: DoorView, attendee: DoorAttendeeRow): string {
  const status = attendee.registration_status;
  if (ADMITTED.has(status)) return '';
  if (status === 'cancelled') {
    const holder = seatHolder(view, attendee);
    if (holder) return passedOnText({ attendee, holder });
    return 'Registration cancelled: this ticket admits no one.';
  }
  if (status === 'waitlisted') return 'On the waitlist, not confirmed: cannot be checked in.';
  return 'Registration not confirmed: cannot be checked in.';
}

export function AttendeeSearch({ attendees, view, context, onCheckIn, query, onQueryChange, onScan }: {
  attendees: readonly DoorAttendeeRow[];
  view: DoorView;
  context: TextContext;
  onCheckIn: (attendeeId: string) => void;
  /** What is typed (kept by the door: a scanned ticket empties it too). */
  query: string;
  onQueryChange: (query: string) => void;
  /** On a phone, the camera is a tap away from the search: starts it and brings it into view. */
  onScan?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => searchEntries(attendees), [attendees]);
  const results = useMemo(() => searchRoster(entries, deferred), [entries, deferred]);

  // Ready for the first guest when the door opens (no scroll: the field is at the top), once the
  // door has been drawn: focusing while it was being drawn made the browser lay it out early, twice.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => input.current?.focus({ preventScroll: true }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const change = onQueryChange;

  const checkIn = (attendeeId: string) => {
    onCheckIn(attendeeId);
    // The next guest: an empty field, ready to type in.
    change('');
    input.current?.focus({ preventScroll: true });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <TextInput
          ref={input}
          label="Search by name"
          description="Name, email or company"
          placeholder="Start typing a name"
          leftSection={<IconSearch size={18} />}
          size="md"
          value={query}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') change('');
          }}
          autoComplete="off"
          enterKeyHint="search"
          data-door-search
        />
        {onScan && (
          <Button hiddenFrom="md" variant="light" leftSection={<IconCamera size={18} />} onClick={onScan}>
            Scan a ticket instead
          </Button>
        )}
        {deferred.trim().length >= 2 && results.length === 0 && <Text c="dimmed">No attendee of this masterclass matches “{deferred.trim()}”.</Text>}
        {results.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Search results">
            {results.map((attendee) => {
              const admitting = admittingCheckIn(view, attendee.id);
              const refusal = refusalLine(view, attendee);
              const transferred = attendee.registration_status === 'cancelled' && seatHolder(view, attendee) !== null;
              const status = STATUS[transferred ? 'transferred' : attendee.registration_status] ?? { label: attendee.registration_status, color: 'gray' };
              return (
                <Paper key={attendee.id} withBorder radius="sm" px="sm" py="xs" role="listitem" aria-label={attendee.full_name} mih={56} data-search-result={attendee.registration_status}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" mih={48}>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={700} fz="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>{attendee.full_name}</Text>
                      {(attendee.company || attendee.email) && (
                        <Text size="sm" c="dimmed" truncate>{[attendee.company, attendee.email].filter(Boolean).join(' · ')}</Text>
                      )}
                      <Group gap={6} mt={2}>
                        <Badge size="sm" color={status.color} variant="light" tt="none">{status.label}</Badge>
                        {admitting && <Text size="sm" c="teal.9">In at {doorTime(admitting.scanned_at, context.timeZone, context.today)} · {admitting.device_name}</Text>}
                      </Group>
                      {refusal && <Text size="sm" c="red.9" fw={600} data-refusal>{refusal}</Text>}
                    </Stack>
                    {!refusal && (
                      <Button
                        size="lg"
                        px="md"
                        style={{ flexShrink: 0 }}
                        variant={admitting ? 'default' : 'filled'}
                        onClick={() => checkIn(attendee.id)}
                        aria-label={`Check in ${attendee.full_name}`}
                      >
                        Check in
                      </Button>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
