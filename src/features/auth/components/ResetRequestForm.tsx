import { useState } from 'react';
import { Text } from '@mantine/core';
import { notify } from '@/components/notify';
import { requestPasswordReset } from '../authApi';
import { readAuthFailure } from '../authFailure';
import { FieldMessages, ServerMessages, Toasts } from '../authMessages';
import { EmailRequestForm, useEmailRequest } from './EmailRequestForm';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useEmailRequest({
    send: async (email) => {
      await requestPasswordReset(email);
      setSentTo(email.trim());
      notify({ topic: 'account', kind: 'success', ...Toasts.requestSent });
    },
    onFailure: (failure) => {
      const { status, fieldErrors } = readAuthFailure(failure);
      // PocketBase refuses only a malformed address, a flood of requests, or nothing reached it.
      const message = fieldErrors.email
        ? FieldMessages.emailInvalid
        : status === 429
          ? ServerMessages.tooManyAttempts
          : status === 0
            ? ServerMessages.unreachable
            : ServerMessages.unexpected;
      notify({ topic: 'account', kind: 'error', ...Toasts.requestFailed(message) });
      return fieldErrors.email ? message : null;
    },
  });

  return (
    <EmailRequestForm
      request={request}
      label="Request a password reset"
      intro={(
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will email you a link to set a new password.
        </Text>
      )}
      sent={sentTo ? Toasts.requestSent : null}
      button="Send Reset Link"
    />
  );
}
