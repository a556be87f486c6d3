// The delete confirmation (spec section 5): 'Are you sure you want to delete
// this use case?'. It stays open when the delete fails.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '@/components/notify';
import { deleteUseCase, type AdminUseCase } from './useCaseAdminApi';
import { UseCaseAdminTexts as T } from './texts';

export interface DeleteUseCaseDialogProps {
  useCase: AdminUseCase | null;
  onClose: () => void;
  onDeleted: (deleted: AdminUseCase) => void;
}

export function DeleteUseCaseDialog({ useCase, onClose, onDeleted }: DeleteUseCaseDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!useCase) return;
    setDeleting(true);
    try {
      await deleteUseCase(useCase.id);
      notify({ topic: 'use-case', kind: 'success', message: T.deleted });
      onDeleted(useCase);
    } catch {
      notify({ topic: 'use-case', kind: 'error', title: T.errorTitle, message: T.deleteFailed });
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Modal opened={useCase !== null} onClose={deleting ? () => undefined : onClose} title="Delete use case" centered>
      <Stack gap="md">
        <Text>{T.deleteQuestion}</Text>
        {useCase && (
          <Text fw={600} size="sm">
            {useCase.title}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          It also disappears from attendees&apos; libraries, and from their devices the next time they sync.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
