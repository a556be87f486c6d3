// The shape both 'send me an email' forms share (the invitation sent again on
// the Sign Up tab, the password reset link): one email address, checked
// before anything is sent, a note once it is sent, and the send button. Each
// form sends its own request and says its own answers.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { resetEmailProblem } from '../authValidation';

export interface EmailRequestOptions {
  /** Sends the request for the address as typed; throws when it fails. */
  send: (email: string) => Promise<void>;
  /** Called on each submit, before the address is checked. */
  onSubmit?: () => void;
  /** Says the failure; returns the message for the email field, if the address was refused. */
  onFailure: (error: unknown) => string | null;
}

/** The email address, its message, and the submit that checks it, then sends. */
export function useEmailRequest({ send, onSubmit, onFailure }: EmailRequestOptions) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetEmailProblem(email);
    setError(problem);
    onSubmit?.();
    if (problem) return;
    setBusy(true);
    try {
      await send(email);
    } catch (failure) {
      const fieldError = onFailure(failure);
      if (fieldError) setError(fieldError);
    } finally {
      setBusy(false);
    }
  }

  const changeEmail = (value: string) => {
    setEmail(value);
    setError(null);
  };
  return { email, error, busy, submit, changeEmail };
}

export interface EmailRequestFormProps {
  request: ReturnType<typeof useEmailRequest>;
  /** The form's name for assistive technology. */
  label: string;
  /** Above the email field. */
  intro?: ReactNode;
  /** The note once the email is on its way, or null. */
  sent: { title: string; message: ReactNode } | null;
  /** A failure said under the field, or null. */
  failure?: string | null;
  button: string;
}

export function EmailRequestForm({ request, label, intro, sent, failure, button }: EmailRequestFormProps) {
  return (
    <form onSubmit={(event) => void request.submit(event)} noValidate aria-label={label}>
      <Stack gap="md">
        {intro}
        <TextInput
          label="Email"
          type="email"
          size="md"
          autoComplete="email"
          placeholder="you@company.com.au"
          value={request.email}
          error={request.error}
          onChange={(event) => request.changeEmail(event.currentTarget.value)}
        />
        {sent && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title={sent.title} p="sm">
            {sent.message}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" p="sm">
            {failure}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={request.busy} leftSection={<IconSend size={18} />}>
          {button}
        </Button>
      </Stack>
    </form>
  );
}
