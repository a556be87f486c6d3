import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { signInWithPassword, signUpWithInvitation, type Invitation } from '../authApi';
import { invitationProblem, invitationProblemMessage, readAuthFailure, type InvitationProblem } from '../authFailure';
import type { InvitationLink } from '../authLinks';
import { FieldMessages, Toasts } from '../authMessages';
import { signUpPasswordProblem } from '../authValidation';

interface SignUpFormProps {
  link: InvitationLink;
  invitation: Invitation;
  onSignedIn: () => void;
  /** The invitation cannot be used (already used, or refused by the server). */
  onInvitationProblem: (problem: InvitationProblem) => void;
  /** The account exists but signing in straight after failed. */
  onSignInNeeded: () => void;
}

/** Sign-up through an invitation: name and email come from the attendee and cannot be edited. */
export function SignUpForm({ link, invitation, onSignedIn, onInvitationProblem, onSignInNeeded }: SignUpFormProps) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const tooShort = signUpPasswordProblem(password);
    setPasswordError(tooShort);
    if (tooShort) {
      notify({ topic: 'account', kind: 'error', ...Toasts.invalidPassword });
      return;
    }
    setBusy(true);
    try {
      await signUpWithInvitation({ ...link, password, fullName: invitation.fullName });
    } catch (error) {
      const failure = readAuthFailure(error);
      const problem = invitationProblem(failure);
      const fieldMessage = failure.fieldErrors.password;
      if (fieldMessage) setPasswordError(fieldMessage);
      notify({ topic: 'account', kind: 'error', ...Toasts.signUpFailed(problem ? invitationProblemMessage[problem] : (fieldMessage ?? failure.message)) });
      if (problem && problem !== 'unreachable') onInvitationProblem(problem);
      setBusy(false);
      return;
    }
    try {
      await signInWithPassword(invitation.email, password);
      onSignedIn();
    } catch (error) {
      console.error('Signed up, but signing in failed', error);
      notify({ topic: 'account', kind: 'warning', ...Toasts.signInAfterSignUpFailed });
      onSignInNeeded();
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="md">
        <TextInput label="Full Name" size="md" variant="filled" value={invitation.fullName} readOnly autoComplete="name" />
        <TextInput label="Email" type="email" size="md" variant="filled" value={invitation.email} readOnly autoComplete="username" />
        <PasswordInput
          label="Password"
          description={FieldMessages.passwordHelp}
          size="md"
          autoComplete="new-password"
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
        />
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconUserPlus size={18} />}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
