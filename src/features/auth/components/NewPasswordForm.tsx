import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { notify } from '@/components/notify';
import { confirmPasswordReset } from '../authApi';
import { readAuthFailure } from '../authFailure';
import { FieldMessages, RESET_REDIRECT_DELAY_MS, ServerMessages, Toasts } from '../authMessages';
import { newPasswordProblems, type NewPasswordProblems } from '../authValidation';

/** Sets the new password with the token from the emailed link, then moves on to /auth. */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<NewPasswordProblems | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [updated, setUpdated] = useState(false);

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(() => void navigate({ to: '/auth', replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [updated, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblems(password, confirm);
    setProblems(found);
    if (found) return;
    setBusy(true);
    try {
      await confirmPasswordReset(token, password);
      setUpdated(true);
      notify({ topic: 'account', kind: 'success', ...Toasts.passwordUpdated });
    } catch (error) {
      const failure = readAuthFailure(error);
      const passwordMessage = failure.fieldErrors.password ?? failure.fieldErrors.passwordConfirm;
      const invalid = !passwordMessage && failure.status === 400;
      setLinkInvalid(invalid);
      if (passwordMessage) setProblems({ password: passwordMessage });
      notify({ topic: 'account', kind: 'error', ...Toasts.resetFailed(invalid ? ServerMessages.resetLinkInvalid : (passwordMessage ?? failure.message)) });
      setBusy(false);
    }
  }

  if (updated) {
    return (
      <Alert color="teal" variant="light" title={Toasts.passwordUpdated.title} role="status">
        {Toasts.passwordUpdated.message}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Set a new password">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose a new password for your account.
        </Text>
        <PasswordInput
          label="New Password"
          description={FieldMessages.passwordHelp}
          size="md"
          autoComplete="new-password"
          value={password}
          error={problems?.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm New Password"
          size="md"
          autoComplete="new-password"
          value={confirm}
          error={problems?.confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        {problems?.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
            {problems.form}
          </Alert>
        )}
        {linkInvalid && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
            {ServerMessages.resetLinkInvalid}{' '}
            <Anchor component={Link} to="/reset-password" fw={600}>
              Request a new link
            </Anchor>
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconLock size={18} />}>
          Update Password
        </Button>
      </Stack>
    </form>
  );
}
