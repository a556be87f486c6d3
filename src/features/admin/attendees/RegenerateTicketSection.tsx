// 'Regenerate ticket' in the Edit Attendee dialog: a confirmed attendee gets a
// new ticket code (POST /api/masterclass/admin/attendees/{id}/ticket) and the
// old QR code stops admitting anyone at the door, e.g. after a ticket was
// shared or a phone lost. It asks first; the server emails the attendee their
// new ticket and the attendee's portal shows it after its next sync. Attendees
// without a confirmed seat have no ticket.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';
import { pb } from '@/lib/pocketbase';

const HOLDS_A_TICKET = ['confirmed', 'confirmed_observer'];

export const TicketTexts = {
  button: 'Regenerate ticket',
  question: (name: string) =>
    `Give ${name} a new ticket? Their current QR code will no longer admit them at the door. We will email them the new ticket, and they will also find it in the attendee portal under Your Ticket once it has synced.`,
  confirm: 'Yes, regenerate',
  done: (name: string, email: RegeneratedTicket['email']) => {
    const made = `New ticket made for ${name}. The old QR code no longer admits anyone.`;
    if (!email) return `${made} No email was sent: this attendee's details were deleted.`;
    if (email.status === 'queued') return `${made} The email with the new ticket to ${email.to} could not be sent yet; it will be retried automatically.`;
    return `${made} The new ticket was emailed to ${email.to}.`;
  },
  failed: 'Failed to regenerate the ticket',
} as const;

interface RegeneratedTicket {
  attendeeId: string;
  ticket_code: string;
  payload: string;
  replaced: boolean;
  /** The "Your new ticket" email: sent (or captured without a mail server), or queued for a retry; null for an anonymised attendee. */
  email: { to: string; status: 'sent' | 'captured' | 'queued' } | null;
}

/** Asks the server for a new ticket code; the old one is voided there. */
export function regenerateTicket(attendeeId: string): Promise<RegeneratedTicket> {
  return pb.send<RegeneratedTicket>(`/api/masterclass/admin/attendees/${encodeURIComponent(attendeeId)}/ticket`, { method: 'POST' });
}

function failureMessage(error: unknown): string {
  if (error instanceof ClientResponseError) {
    const message = (error.response as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return UNEXPECTED_ERROR;
}

export interface RegenerateTicketSectionProps {
  attendee: { id: string; full_name: string; registration_status: string } | null;
}

export function RegenerateTicketSection({ attendee }: RegenerateTicketSectionProps) {
  if (!attendee || !HOLDS_A_TICKET.includes(attendee.registration_status)) return null;
  // each attendee the dialog opens for starts without the question
  return <RegenerateTicket key={attendee.id} attendee={attendee} />;
}

function RegenerateTicket({ attendee }: { attendee: NonNullable<RegenerateTicketSectionProps['attendee']> }) {
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState('');

  const regenerate = async () => {
    setWorking(true);
    setFailure('');
    try {
      const answer = await regenerateTicket(attendee.id);
      notify({ topic: 'attendee', kind: 'success', message: TicketTexts.done(attendee.full_name, answer.email) });
      setAsking(false);
    } catch (error) {
      const detail = failureMessage(error);
      setFailure(detail);
      notify({ topic: 'attendee', kind: 'error', title: TicketTexts.failed, message: detail });
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="regenerate-ticket">
      {!asking && (
        <Group>
          <Button variant="default" leftSection={<IconTicket size={18} />} onClick={() => setAsking(true)}>
            {TicketTexts.button}
          </Button>
        </Group>
      )}
      {asking && (
        <Alert color="amber" icon={<IconTicket size={18} />} title={TicketTexts.button}>
          <Text size="sm" mb="sm">
            {TicketTexts.question(attendee.full_name)}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setAsking(false)} disabled={working}>
              Cancel
            </Button>
            <Button color="red" size="xs" onClick={() => void regenerate()} loading={working}>
              {TicketTexts.confirm}
            </Button>
          </Group>
        </Alert>
      )}
      {failure && (
        <Text size="sm" c="red.8" role="alert">
          {TicketTexts.failed}: {failure}
        </Text>
      )}
    </Stack>
  );
}
