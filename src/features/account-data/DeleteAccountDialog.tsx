// The confirmation before an account is deleted: type DELETE (or the account's
// email) and the password. Nothing is deleted until the server has checked both;
// then this device forgets the account and opens /auth.
import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { forgetDeletedAccount } from '@/sync/forgetDeletedAccount';
import { AccountDataFailure, CONFIRM_WORD, deleteMyAccount } from './accountDataApi';

export interface DeleteAccountDialogProps {
  opened: boolean;
  email: string;
  onClose: () => void;
}

export function DeleteAccountDialog({ opened, email, onClose }: DeleteAccountDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<AccountDataFailure | null>(null);

  const typed = confirmation.trim();
  const confirmed = typed === CONFIRM_WORD || (typed !== '' && typed.toLowerCase() === email.toLowerCase());
  const close = () => {
    if (deleting) return;
    setConfirmation('');
    setPassword('');
    setFailure(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!confirmed || !password) return;
    setDeleting(true);
    setFailure(null);
    try {
      await deleteMyAccount(typed, password);
      await forgetDeletedAccount();
    } catch (error) {
      setFailure(error instanceof AccountDataFailure ? error : new AccountDataFailure('Something went wrong. Please try again.', 0));
      setDeleting(false);
    }
  };

  const general = failure && !failure.fields.confirmation && !failure.fields.password ? failure.message : '';
  return (
    <Modal opened={opened} onClose={close} title="Delete your account?" centered fullScreen={phone} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            This cannot be undone. Your account, profile and tool records are deleted and your details on your registrations are
            anonymised. Changes on this device that have not been sent yet are discarded.
          </Text>
          <TextInput
            label={`Type ${CONFIRM_WORD} to confirm`}
            description="Or type your email address."
            autoComplete="off"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={failure?.fields.confirmation}
            data-autofocus
          />
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={failure?.fields.password}
          />
          {general && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your account was not deleted" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" color="red.8" loading={deleting} disabled={!confirmed || !password}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
