// Delete from inside the builder, after the same question the list asks: the
// case leaves this device at once and the server with the next sync (an
// outbox change, so it works offline).
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { db } from '@/db';
import { notify } from '@/components/notify';
import { deleteCase } from './caseActions';

interface DeleteCaseButtonProps {
  caseId: string;
  title: string;
  /** Called first: the builder stops saving, so nothing writes the case back. */
  onDeleting: () => void;
  onDeleted: () => void;
}

export function DeleteCaseButton({ caseId, title, onDeleting, onDeleted }: DeleteCaseButtonProps) {
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    setAsking(false);
    try {
      onDeleting();
      await deleteCase(db, caseId);
      notify({ topic: 'business-case', kind: 'success', message: `“${title}” deleted.` });
      onDeleted();
    } catch {
      notify({ topic: 'business-case', kind: 'error', title: 'Could not delete', message: 'This device could not store the change.' });
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setAsking(true)}>
        Delete
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Delete this business case?" centered>
        <Text size="sm">“{title}” will be deleted from this device and your account. This cannot be undone.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)}>Cancel</Button>
          <Button color="red" onClick={() => void remove()}>Delete</Button>
        </Group>
      </Modal>
    </>
  );
}
