import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/components/notify';
import { signInWithPassword } from '../authApi';
import { readAuthFailure, signInFailureMessage } from '../authFailure';
import { Toasts } from '../authMessages';
import { signInProblem } from '../authValidation';

interface SignInFormProps {
  initialEmail: string;
  onSignedIn: () => void;
}

export function SignInForm({ initialEmail, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = signInProblem(email, password);
    setProblem(missing);
    if (missing) return;
    setBusy(true);
    try {
      await signInWithPassword(email, password);
      onSignedIn();
    } catch (error) {
      const message = signInFailureMessage(readAuthFailure(error));
      setProblem(message);
      notify({ topic: 'account', kind: 'error', ...Toasts.signInFailed(message) });
      setBusy(false);
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
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          size="md"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
            {problem}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconLogin size={18} />}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
