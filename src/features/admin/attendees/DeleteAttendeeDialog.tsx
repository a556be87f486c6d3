// The delete confirmation (spec section 5): 'This action cannot be undone.
// This will permanently delete the attendee record for {name}.', which a click
// outside does not dismiss. It says what happens to the seat and the account:
// an attendee without an account is deleted and their seat (if they hold one)
// is freed; one with an account cannot be deleted (the server refuses it too).
// It stays open when the delete fails.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { showToast } from '@/components/showToast';
import { deleteAttendee, failureDetail, type AdminAttendee } from './attendeesApi';
import { seatConsequence } from './attendeeView';
import { AttendeeAdminTexts as T } from './texts';

export interface DeleteAttendeeDialogProps {
  attendee: AdminAttendee | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteAttendeeDialog({ attendee, onClose, onDeleted }: DeleteAttendeeDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState('');
  const hasAccount = attendee !== null && attendee.user !== '';

  const close = () => {
    if (deleting) return;
    setFailure('');
    onClose();
  };

  const confirm = async () => {
    if (!attendee) return;
    setDeleting(true);
    setFailure('');
    try {
      await deleteAttendee(attendee.id);
      showToast('success', { message: T.deleted });
      onDeleted();
    } catch (error) {
      const detail = failureDetail(error);
      setFailure(detail);
      showToast('error', { title: T.errorTitle, message: `${T.deleteFailed}: ${detail}` });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal opened={attendee !== null} onClose={close} title={T.deleteDialog} closeOnClickOutside={false} centered>
      {attendee && (
        <Stack gap="md">
          <Text>{T.deleteQuestion(attendee.full_name)}</Text>
          {hasAccount ? (
            <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="This attendee has an account">
              {attendee.full_name} signs in as {attendee.email}. Their record cannot be deleted while the account depends on it, so
              the attendee, their seat and their account stay as they are.
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {seatConsequence(attendee.registration_status)} They have no account, so no sign-in is affected. Deleting does not
              refund a payment.
            </Text>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={T.deleteFailed}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={deleting} disabled={hasAccount}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
