import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { requestPasswordReset } from '../authApi';
import { readAuthFailure } from '../authFailure';
import { FieldMessages, ServerMessages, Toasts } from '../authMessages';
import { resetEmailProblem } from '../authValidation';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetEmailProblem(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
      notify({ topic: 'account', kind: 'success', ...Toasts.requestSent });
    } catch (failure) {
      const { status, fieldErrors } = readAuthFailure(failure);
      // PocketBase refuses only a malformed address, a flood of requests, or nothing reached it.
      const message = fieldErrors.email
        ? FieldMessages.emailInvalid
        : status === 429
          ? ServerMessages.tooManyAttempts
          : status === 0
            ? ServerMessages.unreachable
            : ServerMessages.unexpected;
      if (fieldErrors.email) setError(message);
      notify({ topic: 'account', kind: 'error', ...Toasts.requestFailed(message) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will email you a link to set a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          size="md"
          autoComplete="email"
          placeholder="you@company.com.au"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
        />
        {sentTo && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title={Toasts.requestSent.title} p="sm">
            {Toasts.requestSent.message}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconSend size={18} />}>
          Send Reset Link
        </Button>
      </Stack>
    </form>
  );
}
