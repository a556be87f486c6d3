// In the Edit Attendee dialog: an administrator anonymises one attendee (a
// person who asked to be forgotten without an account, or an old record),
// after a confirmation. The server does it in one transaction
// (POST /api/masterclass/admin/attendees/{id}/anonymise; pb_hooks/lib/accounts/anonymise.js).
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { pb } from '@/lib/pocketbase';
import type { AdminAttendee } from './attendeesApi';

const PLACEHOLDER_DOMAIN = '@deleted.invalid';

function failureMessage(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'The server could not be reached.';
    const message = error.response?.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return 'Something went wrong. Please try again.';
}

export function AnonymiseAttendeeSection({ attendee, onAnonymised }: { attendee: AdminAttendee; onAnonymised: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState('');

  if (attendee.email.toLowerCase().endsWith(PLACEHOLDER_DOMAIN)) {
    return (
      <Alert color="gray" variant="light" icon={<IconUserOff size={18} />} p="sm">
        This attendee&rsquo;s personal details were deleted.
      </Alert>
    );
  }

  const anonymise = async () => {
    setWorking(true);
    setFailure('');
    try {
      await pb.send(`/api/masterclass/admin/attendees/${encodeURIComponent(attendee.id)}/anonymise`, { method: 'POST', requestKey: null });
      notify({ topic: 'attendee', kind: 'success', message: `${attendee.full_name} was anonymised` });
      setConfirming(false);
      onAnonymised();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <Text size="sm" c="dimmed">
          Asked to be forgotten? Anonymising keeps the seat and payment but removes this person&rsquo;s details.
        </Text>
        <Button type="button" variant="subtle" color="red.8" size="xs" style={{ flexShrink: 0 }} leftSection={<IconUserOff size={16} />} onClick={() => setConfirming(true)}>
          Anonymise…
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !working && setConfirming(false)}
        title="Anonymise this attendee?"
        centered
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close' }}
        className="anonymise-confirm"
      >
        <Stack gap="sm">
          <Text size="sm">
            This cannot be undone. {attendee.full_name}&rsquo;s name becomes &ldquo;Deleted attendee&rdquo;; their email,
            company, job title, phone, dietary requirements and campaign details are removed, their account (if any) loses
            this registration, and emails to them not yet sent are cancelled. Their seat, status and the payment records stay.
          </Text>
          {failure && (
            <Alert color="red" role="alert" title="Not anonymised">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={working}>
              Cancel
            </Button>
            <Button color="red.8" loading={working} onClick={() => void anonymise()}>
              Anonymise
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
