import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLogin, IconMailCheck, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/components/notify';
import { requestSignInLink, signInWithPassword } from '../authApi';
import { readAuthFailure, signInFailureMessage } from '../authFailure';
import { FieldMessages, ServerMessages, SignInLinkTexts, Toasts } from '../authMessages';
import { resetEmailProblem, signInProblem } from '../authValidation';

interface SignInFormProps {
  initialEmail: string;
  onSignedIn: () => void;
}

type LinkRequest = 'idle' | 'sending' | 'sent';

/**
 * Email and password, and the emailed sign-in link: asked for at any time
 * ('Email me a sign-in link', for the address typed), and offered with the
 * refusal when too many attempts make this device wait.
 */
export function SignInForm({ initialEmail, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [throttled, setThrottled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [linkRequest, setLinkRequest] = useState<LinkRequest>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = signInProblem(email, password);
    setProblem(missing);
    setThrottled(false);
    if (missing) return;
    setBusy(true);
    try {
      await signInWithPassword(email, password);
      onSignedIn();
    } catch (error) {
      const failure = readAuthFailure(error);
      const message = signInFailureMessage(failure);
      setProblem(message);
      setThrottled(failure.status === 429);
      notify({ topic: 'account', kind: 'error', ...Toasts.signInFailed(message) });
      setBusy(false);
    }
  }

  async function sendLink() {
    const invalid = resetEmailProblem(email);
    if (invalid) {
      setProblem(invalid);
      setThrottled(false);
      return;
    }
    setLinkRequest('sending');
    try {
      await requestSignInLink(email);
      setLinkRequest('sent');
      setProblem(null);
      setThrottled(false);
    } catch (error) {
      const { status, message, fieldErrors } = readAuthFailure(error);
      const said = fieldErrors.email
        ? FieldMessages.emailInvalid
        : status === 429
          ? message || ServerMessages.tooManyAttempts
          : status === 0
            ? ServerMessages.unreachable
            : ServerMessages.unexpected;
      setLinkRequest('idle');
      notify({ topic: 'account', kind: 'error', ...Toasts.requestFailed(said) });
      setProblem(said);
      setThrottled(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          size="md"
          autoComplete="email"
          placeholder="you@company.com.au"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (linkRequest === 'sent') setLinkRequest('idle');
          }}
        />
        <PasswordInput
          label="Password"
          size="md"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify={throttled ? 'flex-end' : 'space-between'} gap="xs" mt={-8}>
          {!throttled && (
            <Anchor component="button" type="button" size="sm" onClick={() => void sendLink()} disabled={linkRequest === 'sending'}>
              {SignInLinkTexts.button}
            </Anchor>
          )}
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
            {problem}
          </Alert>
        )}
        {throttled && linkRequest !== 'sent' && (
          <Stack gap={8}>
            <Text size="sm">{SignInLinkTexts.offer}</Text>
            <Button variant="light" size="md" fullWidth leftSection={<IconSend size={18} />} loading={linkRequest === 'sending'} onClick={() => void sendLink()}>
              {SignInLinkTexts.button}
            </Button>
          </Stack>
        )}
        {linkRequest === 'sent' && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title={SignInLinkTexts.sentTitle} p="sm">
            {SignInLinkTexts.sent}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconLogin size={18} />}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
